package playground

import (
	"fmt"
	"math"
)

// Class colours: the negative class is orange, the positive one blue, and an
// undecided prediction is near white (TensorFlow Playground's convention).
var (
	negativeRGB = [3]float64{232, 125, 48}
	positiveRGB = [3]float64{49, 120, 198}
	neutralRGB  = [3]float64{247, 247, 247}
)

// heatStrength is how far the heatmap goes from white towards a class colour
// at a certain prediction, so that points in the full colour stand out.
const heatStrength = 0.7

// ProbabilityRGBA returns the heatmap colour of P(y = +1) = p: light orange
// for 0, near-white for 1/2, light blue for 1.
func ProbabilityRGBA(p float64) [4]uint8 {
	if math.IsNaN(p) {
		p = 0.5
	}
	p = math.Max(0, math.Min(1, p))
	from, to, s := neutralRGB, positiveRGB, heatStrength*(2*p-1)
	if p < 0.5 {
		to, s = negativeRGB, heatStrength*(1-2*p)
	}
	var c [4]uint8
	for i := range 3 {
		c[i] = uint8(math.Round(from[i] + s*(to[i]-from[i])))
	}
	c[3] = 255
	return c
}

// TargetColor returns the CSS colour of a regression target at level t in
// [0, 1] of the targets' range: orange at the smallest, blue at the largest.
func TargetColor(t float64) string {
	t = math.Max(0, math.Min(1, t))
	var c [3]float64
	for i := range c {
		c[i] = negativeRGB[i] + t*(positiveRGB[i]-negativeRGB[i])
	}
	return rgbCSS(c)
}

// PointColor returns the CSS colour of a point of class y.
func PointColor(y float64) string {
	c := PointRGB(y)
	return rgbCSS([3]float64{float64(c[0]), float64(c[1]), float64(c[2])})
}

// PointRGB returns the colour of a point of class y as red, green, blue.
func PointRGB(y float64) [3]int {
	c := negativeRGB
	if y > 0 {
		c = positiveRGB
	}
	return [3]int{int(c[0]), int(c[1]), int(c[2])}
}

func rgbCSS(c [3]float64) string {
	return fmt.Sprintf("rgb(%d,%d,%d)", int(c[0]), int(c[1]), int(c[2]))
}

// Sigmoid returns 1/(1+exp(-z)), the logistic model's P(y = +1).
func Sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
