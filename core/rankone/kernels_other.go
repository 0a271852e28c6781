//go:build !amd64

package rankone

import "unitfree/core/internal/vec"

// axpy sets y_i += alpha x_i for i < len(x); len(y) >= len(x).
func axpy(alpha float64, x, y []float64) { vec.AddScaled(y, alpha, x) }

// eliminate runs C1's column step for i < len(l): w_i -= p l_i, then
// out_i = l_i + beta w_i; len(w), len(out) >= len(l).
func eliminate(out, l, w []float64, p, beta float64) { eliminateGo(out, l, w, p, beta) }

// eliminate2 runs eliminate for (out1, l1, p1, beta1) and then for
// (out2, l2, p2, beta2) on the same w, in one pass.
func eliminate2(out1, l1, out2, l2, w []float64, p1, beta1, p2, beta2 float64) {
	eliminate2Go(out1, l1, out2, l2, w, p1, beta1, p2, beta2)
}

// rotate applies the plane rotation (c, s) to (a_i, b_i) for i < len(a):
// a_i, b_i = c a_i + s b_i, c b_i - s a_i; len(b) >= len(a).
func rotate(a, b []float64, c, s float64) { rotateGo(a, b, c, s) }

// rotate2 applies (c1, s1) to (a1_i, b_i), then (c2, s2) to (a2_i, b_i).
func rotate2(a1, a2, b []float64, c1, s1, c2, s2 float64) { rotate2Go(a1, a2, b, c1, s1, c2, s2) }

// axpy2 sets w_j = (w_j + a x_j) + b y_j for j < len(x) (see axpy2Go).
func axpy2(a float64, x []float64, b float64, y, w []float64) { axpy2Go(a, x, b, y, w) }
