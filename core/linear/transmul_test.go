package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"unitfree/core/rankone"
)

// TestMulTransIsGonums checks that the Go loop behind mulTrans gives the
// bits of gonum's Dgemv (transposed, row-major), at sizes around the
// unrolling's and gonum's blocks, with entries of very different
// magnitudes, and that mulTrans does too on this platform.
func TestMulTransIsGonums(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for rows := 1; rows <= 19; rows++ {
		for cols := 1; cols <= 19; cols++ {
			stride := cols + rng.IntN(3)
			U := make([]float64, rows*stride)
			for i := range U {
				U[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
			}
			x := make([]float64, rows)
			for i := range x {
				x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(7)-3))
			}
			want := make([]float64, cols)
			blas64.Gemv(blas.Trans, 1, blas64.General{Rows: rows, Cols: cols, Stride: stride, Data: U}, rankone.Vec(x), 0, rankone.Vec(want))
			got, got2 := make([]float64, cols), make([]float64, cols)
			mulTransGo(U, stride, x, got)
			mulTrans(U, stride, x, got2)
			for j := range want {
				if math.Float64bits(got[j]) != math.Float64bits(want[j]) || math.Float64bits(got2[j]) != math.Float64bits(want[j]) {
					t.Fatalf("%dx%d: entry %d: Go loop %v, mulTrans %v, gonum %v", rows, cols, j, got[j], got2[j], want[j])
				}
			}
		}
	}
}
