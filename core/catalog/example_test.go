package catalog_test

import (
	"fmt"

	"unitfree/core/catalog"
	"unitfree/core/loss"
)

// A scale-invariant learner predicts the same whether the first feature is
// in millimetres or in metres; OGD does not.
func ExampleNewLinear() {
	mm := [][]float64{{181, 3750}, {186, 3800}, {195, 3250}, {210, 4200}}
	labels := []float64{-1, 1, -1, 1}
	for _, id := range []string{"scinol2", "ogd"} {
		inMM, _ := catalog.NewLinear(id, 2, loss.Logistic{}, nil)
		inM, _ := catalog.NewLinear(id, 2, loss.Logistic{}, nil)
		var a, b float64
		for i, x := range mm {
			a = inMM.Learn(x, labels[i])
			b = inM.Learn([]float64{x[0] / 1000, x[1]}, labels[i])
		}
		fmt.Printf("%s: last prediction %.4f with mm, %.4f with m\n", id, a, b)
	}
	// Output:
	// scinol2: last prediction -0.1768 with mm, -0.1768 with m
	// ogd: last prediction -2792947.5000 with mm, -2782500.0104 with m
}
