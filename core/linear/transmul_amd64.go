//go:build amd64

package linear

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"unitfree/core/rankone"
)

// mulTrans sets y = U^T x (see mulTransGo) with gonum's SSE2 kernel, four
// rows per pass.
func mulTrans(U []float64, stride int, x, y []float64) {
	G := blas64.General{Rows: len(x), Cols: len(y), Stride: stride, Data: U}
	blas64.Gemv(blas.Trans, 1, G, rankone.Vec(x), 0, rankone.Vec(y))
}
