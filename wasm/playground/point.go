package playground

// Point is one example of the plot: its two features in their base units
// and a label y in {-1, +1}.
type Point struct {
	X, Y  float64
	Label float64
}
