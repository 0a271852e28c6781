package linear

// Learner is an online linear predictor. Every x passed to it has length
// Dim() and finite entries; callers validate input before it reaches a
// learner.
type Learner interface {
	// Dim returns the length of the input vectors.
	Dim() int
	// Predict returns the prediction the learner would make if x were the
	// next instance. It never changes the learner's state.
	Predict(x []float64) float64
	// Learn plays one round on (x, y): it predicts, suffers the loss and
	// updates. It returns the prediction made before the update, which is
	// exactly progressive validation.
	Learn(x []float64, y float64) float64
}
