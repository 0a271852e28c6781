package vec

// Dot returns a^T b, summed in index order, for slices of equal length.
func Dot(a, b []float64) float64 {
	b = b[:len(a)]
	s := 0.0
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := a[i:i+8:i+8], b[i:i+8:i+8]
		s += x[0] * y[0]
		s += x[1] * y[1]
		s += x[2] * y[2]
		s += x[3] * y[3]
		s += x[4] * y[4]
		s += x[5] * y[5]
		s += x[6] * y[6]
		s += x[7] * y[7]
	}
	for ; i < len(a); i++ {
		s += a[i] * b[i]
	}
	return s
}

// AddScaled adds c x to w (w_i += c x_i) for slices of equal length.
func AddScaled(w []float64, c float64, x []float64) {
	w = w[:len(x)]
	i := 0
	for ; i+8 <= len(x); i += 8 {
		u, v := w[i:i+8:i+8], x[i:i+8:i+8]
		u[0] += c * v[0]
		u[1] += c * v[1]
		u[2] += c * v[2]
		u[3] += c * v[3]
		u[4] += c * v[4]
		u[5] += c * v[5]
		u[6] += c * v[6]
		u[7] += c * v[7]
	}
	for ; i < len(x); i++ {
		w[i] += c * x[i]
	}
}
