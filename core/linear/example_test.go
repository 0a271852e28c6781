package linear_test

import (
	"fmt"

	"unitfree/core/linear"
	"unitfree/core/loss"
)

// Kotłowski's Algorithm 1 plays the same predictions whether body mass is
// in grams or in kilograms: a per-feature change of units does not reach
// it. Learn returns each round's prediction made before the update.
func ExampleNewScinolDiag() {
	grams := [][]float64{{3750, 1}, {5400, 1}, {3300, 1}, {5700, 1}, {3900, 1}}
	gentoo := []float64{-1, 1, -1, 1, -1}
	inG := linear.NewScinolDiag(2, loss.Logistic{}, 1.5)
	inKg := linear.NewScinolDiag(2, loss.Logistic{}, 1.5)
	for t, x := range grams {
		a := inG.Learn(x, gentoo[t])
		b := inKg.Learn([]float64{x[0] / 1000, x[1]}, gentoo[t])
		fmt.Printf("round %d: %.6f in g, %.6f in kg\n", t+1, a, b)
	}
	// Output:
	// round 1: 0.000000 in g, 0.000000 in kg
	// round 2: -0.101549 in g, -0.101549 in kg
	// round 3: 0.008060 in g, 0.008060 in kg
	// round 4: -0.015325 in g, -0.015325 in kg
	// round 5: 0.006323 in g, 0.006323 in kg
}

// The Vovk–Azoury–Warmuth forecaster is online ridge regression that
// includes the current x: ŷ_t = x_tᵀ (aI + Σ_{s<=t} x_s x_sᵀ)⁻¹ Σ_{s<t} y_s x_s,
// here 2·2/6, 3·10/15 and 4·28/31 after the first 0.
func ExampleNewVAW() {
	vaw := linear.NewVAW(1, 1)
	for _, xy := range [][2]float64{{1, 2}, {2, 4}, {3, 6}, {4, 8}} {
		fmt.Printf("x = %g: predicted %.4f, then y = %g\n", xy[0], vaw.Learn([]float64{xy[0]}, xy[1]), xy[1])
	}
	// Output:
	// x = 1: predicted 0.0000, then y = 2
	// x = 2: predicted 0.6667, then y = 4
	// x = 3: predicted 2.0000, then y = 6
	// x = 4: predicted 3.6129, then y = 8
}
