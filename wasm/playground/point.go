package playground

// Point is one example of the plot: its two features in their base units
// and its label: y in {-1, +1} for classification, a real target for
// regression.
type Point struct {
	X, Y  float64
	Label float64
}
