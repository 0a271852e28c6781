package rankone

// eliminateGo is C1's column step in Go, unrolled by four: the reference
// of the amd64 assembly and the kernel of every other platform.
func eliminateGo(out, l, w []float64, p, beta float64) {
	w, out = w[:len(l)], out[:len(l)]
	i := 0
	for ; i+4 <= len(l); i += 4 {
		u, v, o := l[i:i+4:i+4], w[i:i+4:i+4], out[i:i+4:i+4]
		w0 := v[0] - p*u[0]
		w1 := v[1] - p*u[1]
		w2 := v[2] - p*u[2]
		w3 := v[3] - p*u[3]
		v[0], v[1], v[2], v[3] = w0, w1, w2, w3
		o[0] = u[0] + beta*w0
		o[1] = u[1] + beta*w1
		o[2] = u[2] + beta*w2
		o[3] = u[3] + beta*w3
	}
	for ; i < len(l); i++ {
		wi := w[i] - p*l[i]
		w[i] = wi
		out[i] = l[i] + beta*wi
	}
}

// eliminate2Go is C1's step for two columns in one pass: the bits of
// eliminateGo(out1, l1, w, p1, beta1) followed by
// eliminateGo(out2, l2, w, p2, beta2), with w loaded and stored once per
// entry instead of twice. A plain loop: in WASM it measured faster than
// the same loop unrolled by two (93 against 103 ns at length 50 in Node).
func eliminate2Go(out1, l1, out2, l2, w []float64, p1, beta1, p2, beta2 float64) {
	n := len(l1)
	out1, out2, l2, w = out1[:n], out2[:n], l2[:n], w[:n]
	for i, a := range l1 {
		b := l2[i]
		wi := w[i] - p1*a
		out1[i] = a + beta1*wi
		wi -= p2 * b
		w[i] = wi
		out2[i] = b + beta2*wi
	}
}

// rotateGo is the Givens rotation of two vectors in Go, unrolled by four.
func rotateGo(a, b []float64, c, s float64) {
	b = b[:len(a)]
	i := 0
	for ; i+4 <= len(a); i += 4 {
		x, y := a[i:i+4:i+4], b[i:i+4:i+4]
		x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
		y0, y1, y2, y3 := y[0], y[1], y[2], y[3]
		x[0], y[0] = c*x0+s*y0, c*y0-s*x0
		x[1], y[1] = c*x1+s*y1, c*y1-s*x1
		x[2], y[2] = c*x2+s*y2, c*y2-s*x2
		x[3], y[3] = c*x3+s*y3, c*y3-s*x3
	}
	for ; i < len(a); i++ {
		x, y := a[i], b[i]
		a[i], b[i] = c*x+s*y, c*y-s*x
	}
}

// rotate2Go is two Givens rotations of the same b in one pass: the bits of
// rotateGo(a1, b, c1, s1) followed by rotateGo(a2, b, c2, s2), unrolled by
// two.
func rotate2Go(a1, a2, b []float64, c1, s1, c2, s2 float64) {
	a2, b = a2[:len(a1)], b[:len(a1)]
	i := 0
	for ; i+2 <= len(a1); i += 2 {
		x, z, y := a1[i:i+2:i+2], a2[i:i+2:i+2], b[i:i+2:i+2]
		x0, x1, z0, z1, y0, y1 := x[0], x[1], z[0], z[1], y[0], y[1]
		u0, u1 := c1*y0-s1*x0, c1*y1-s1*x1
		x[0], x[1] = c1*x0+s1*y0, c1*x1+s1*y1
		z[0], y[0] = c2*z0+s2*u0, c2*u0-s2*z0
		z[1], y[1] = c2*z1+s2*u1, c2*u1-s2*z1
	}
	for ; i < len(a1); i++ {
		x, y, z := a1[i], b[i], a2[i]
		u := c1*y - s1*x
		a1[i] = c1*x + s1*y
		a2[i], b[i] = c2*z+s2*u, c2*u-s2*z
	}
}

// axpy2Go sets w_j = (w_j + a x_j) + b y_j for j < len(x), unrolled by
// four: the terms of two rows of a forward substitution in one pass, with
// the bits of two axpy passes.
func axpy2Go(a float64, x []float64, b float64, y, w []float64) {
	w, y = w[:len(x)], y[:len(x)]
	j := 0
	for ; j+4 <= len(x); j += 4 {
		u, p, q := w[j:j+4:j+4], x[j:j+4:j+4], y[j:j+4:j+4]
		u[0] = (u[0] + a*p[0]) + b*q[0]
		u[1] = (u[1] + a*p[1]) + b*q[1]
		u[2] = (u[2] + a*p[2]) + b*q[2]
		u[3] = (u[3] + a*p[3]) + b*q[3]
	}
	for ; j < len(x); j++ {
		w[j] = (w[j] + a*x[j]) + b*y[j]
	}
}

// dot8 returns a^T b in the order of four two-lane SIMD accumulators: eight
// partial sums s_l over the indices l mod 8 of the leading blocks of eight,
// combined lane-wise as (s_l + s_{l+4}) + (s_{l+2} + s_{l+6}) for l = 0, 1;
// then the remaining pairs added to those two lanes, the lanes summed, and
// the last term of an odd length. Independent sums keep a row of the back
// substitution from waiting on each addition, and the amd64 assembly
// follows the same order for the same bits.
func dot8(a, b []float64) float64 {
	b = b[:len(a)]
	var s [8]float64
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := a[i:i+8:i+8], b[i:i+8:i+8]
		s[0] += x[0] * y[0]
		s[1] += x[1] * y[1]
		s[2] += x[2] * y[2]
		s[3] += x[3] * y[3]
		s[4] += x[4] * y[4]
		s[5] += x[5] * y[5]
		s[6] += x[6] * y[6]
		s[7] += x[7] * y[7]
	}
	s0 := (s[0] + s[4]) + (s[2] + s[6])
	s1 := (s[1] + s[5]) + (s[3] + s[7])
	for ; i+2 <= len(a); i += 2 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
	}
	sum := s0 + s1
	if i < len(a) {
		sum += a[i] * b[i]
	}
	return sum
}
