package linear

import "unitfree/core/internal/vec"

// dot returns a^T b in index order (vec.Dot, small enough to be inlined
// here, so that the call goes straight to the unrolled loop).
func dot(a, b []float64) float64 { return vec.Dot(a, b) }

// addScaled adds c x to w (vec.AddScaled).
func addScaled(w []float64, c float64, x []float64) { vec.AddScaled(w, c, x) }

// addSquares adds the squares of x to s (s_i += x_i^2) for slices of equal
// length.
func addSquares(s, x []float64) {
	s = s[:len(x)]
	i := 0
	for ; i+8 <= len(x); i += 8 {
		u, v := s[i:i+8:i+8], x[i:i+8:i+8]
		u[0] += v[0] * v[0]
		u[1] += v[1] * v[1]
		u[2] += v[2] * v[2]
		u[3] += v[3] * v[3]
		u[4] += v[4] * v[4]
		u[5] += v[5] * v[5]
		u[6] += v[6] * v[6]
		u[7] += v[7] * v[7]
	}
	for ; i < len(x); i++ {
		s[i] += x[i] * x[i]
	}
}
