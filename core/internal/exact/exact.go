package exact

import (
	"math"
	"math/big"
)

// Prec is the mantissa length of every number here, in bits: about 60
// decimal digits.
const Prec = 200

// New returns v as a big.Float of precision Prec.
func New(v float64) *big.Float { return new(big.Float).SetPrec(Prec).SetFloat64(v) }

func zero() *big.Float { return new(big.Float).SetPrec(Prec) }

// Vec is a vector of big floats.
type Vec []*big.Float

// NewVec returns the zero vector of length n.
func NewVec(n int) Vec {
	v := make(Vec, n)
	for i := range v {
		v[i] = zero()
	}
	return v
}

// FromFloats returns x exactly.
func FromFloats(x []float64) Vec {
	v := make(Vec, len(x))
	for i, xi := range x {
		v[i] = New(xi)
	}
	return v
}

// Dot returns u^T v.
func Dot(u, v Vec) *big.Float {
	s, p := zero(), zero()
	for i := range u {
		s.Add(s, p.Mul(u[i], v[i]))
	}
	return s
}

// AddScaled sets v += c u.
func (v Vec) AddScaled(c *big.Float, u Vec) {
	p := zero()
	for i := range v {
		v[i].Add(v[i], p.Mul(c, u[i]))
	}
}

// Float64 returns the nearest float64 of f.
func Float64(f *big.Float) float64 {
	v, _ := f.Float64()
	return v
}

// Mat is a square matrix of big floats, row-major.
type Mat struct {
	N int
	a []*big.Float
}

// Identity returns c I in n dimensions.
func Identity(n int, c float64) *Mat {
	m := &Mat{N: n, a: make([]*big.Float, n*n)}
	for i := range m.a {
		m.a[i] = zero()
	}
	for i := 0; i < n; i++ {
		m.a[i*n+i].SetFloat64(c)
	}
	return m
}

// At returns the entry (i, j).
func (m *Mat) At(i, j int) *big.Float { return m.a[i*m.N+j] }

// AddOuter sets M += c x x^T.
func (m *Mat) AddOuter(c *big.Float, x Vec) {
	p := zero()
	for i := 0; i < m.N; i++ {
		if x[i].Sign() == 0 {
			continue
		}
		ci := zero().Mul(c, x[i])
		for j := 0; j < m.N; j++ {
			m.a[i*m.N+j].Add(m.a[i*m.N+j], p.Mul(ci, x[j]))
		}
	}
}

// Clone returns a copy of m.
func (m *Mat) Clone() *Mat {
	c := &Mat{N: m.N, a: make([]*big.Float, len(m.a))}
	for i, v := range m.a {
		c.a[i] = zero().Set(v)
	}
	return c
}

// Solve returns M^{-1} b by Gaussian elimination with partial pivoting; M
// must be nonsingular.
func (m *Mat) Solve(b Vec) Vec {
	n := m.N
	a := m.Clone().a
	x := make(Vec, n)
	for i := range x {
		x[i] = zero().Set(b[i])
	}
	p, f := zero(), zero()
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if new(big.Float).Abs(a[r*n+col]).Cmp(new(big.Float).Abs(a[piv*n+col])) > 0 {
				piv = r
			}
		}
		if piv != col {
			for j := 0; j < n; j++ {
				a[col*n+j], a[piv*n+j] = a[piv*n+j], a[col*n+j]
			}
			x[col], x[piv] = x[piv], x[col]
		}
		for r := col + 1; r < n; r++ {
			if a[r*n+col].Sign() == 0 {
				continue
			}
			f.Quo(a[r*n+col], a[col*n+col])
			for j := col; j < n; j++ {
				a[r*n+j].Sub(a[r*n+j], p.Mul(f, a[col*n+j]))
			}
			x[r].Sub(x[r], p.Mul(f, x[col]))
		}
	}
	for r := n - 1; r >= 0; r-- {
		for j := r + 1; j < n; j++ {
			x[r].Sub(x[r], p.Mul(a[r*n+j], x[j]))
		}
		x[r].Quo(x[r], a[r*n+r])
	}
	return x
}

// RelativeError returns |got - want| / |want|, or |got| when want is 0.
func RelativeError(got float64, want *big.Float) float64 {
	w := Float64(want)
	d := Float64(zero().Sub(New(got), want))
	if w == 0 {
		return math.Abs(d)
	}
	return math.Abs(d / w)
}
