package linear

// Perceptron is Rosenblatt's Perceptron, the OMD instance of
// Orabona–Crammer–Cesa-Bianchi §6 with f = ½||w||² and z_t = y_t x_t on
// mistakes (Orabona, Crammer, Cesa-Bianchi 2015, §6): w += y x whenever y w^T x <= 0. Labels
// are ±1; it needs no loss.
type Perceptron struct {
	w []float64
}

// NewPerceptron returns the Perceptron in d dimensions.
func NewPerceptron(d int) *Perceptron { return &Perceptron{w: make([]float64, d)} }

// Dim returns the input length.
func (p *Perceptron) Dim() int { return len(p.w) }

// Predict returns w^T x.
func (p *Perceptron) Predict(x []float64) float64 { return dot(p.w, x) }

// Learn predicts and, on a mistake (y yhat <= 0), adds y x.
func (p *Perceptron) Learn(x []float64, y float64) float64 {
	yhat := dot(p.w, x)
	if y*yhat <= 0 {
		addScaled(p.w, y, x)
	}
	return yhat
}
