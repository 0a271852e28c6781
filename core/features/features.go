package features

import (
	"fmt"
	"math"
)

// MaxDegree is the highest polynomial degree a Map accepts.
const MaxDegree = 3

// Map is a fixed feature map: every monomial of the d raw features with total
// degree 1..Degree (degree 1 first, each degree in lexicographic order),
// followed by a constant 1 when Bias is set. A per-feature rescaling of the raw
// inputs is a per-feature rescaling of every monomial, so per-feature scale
// invariance survives the map; a constant bias turns an affine change of units
// into an invertible linear map of the mapped features.
type Map struct {
	raw   int
	bias  bool
	terms [][]int // raw-feature indices multiplied together, one slice per monomial
}

// Size returns the length of the mapped vector New(d, degree, bias) would
// make, without making it: the monomials of degree 1..degree in d
// variables, C(d+k-1, k) of degree k, plus the bias. It saturates at
// math.MaxInt instead of overflowing.
func Size(d, degree int, bias bool) int {
	n, term := 0, 1
	for k := 1; k <= degree; k++ {
		// C(d+k-1, k) = C(d+k-2, k-1) (d+k-1) / k, exact in integers.
		if term > math.MaxInt/(d+k) {
			return math.MaxInt
		}
		term = term * (d + k - 1) / k
		if n > math.MaxInt-term {
			return math.MaxInt
		}
		n += term
	}
	if bias {
		n++
	}
	return n
}

// New returns the map for d raw features with the given polynomial degree
// (1 to MaxDegree) and an optional bias term.
func New(d, degree int, bias bool) (*Map, error) {
	if d < 1 {
		return nil, fmt.Errorf("features: need at least one raw feature, got %d", d)
	}
	if degree < 1 || degree > MaxDegree {
		return nil, fmt.Errorf("features: degree must be 1 to %d, got %d", MaxDegree, degree)
	}
	m := &Map{raw: d, bias: bias}
	for k := 1; k <= degree; k++ {
		m.terms = appendMonomials(m.terms, make([]int, 0, k), 0, d, k)
	}
	return m, nil
}

// appendMonomials appends every non-decreasing index tuple of length k that
// extends prefix with indices from start to d-1.
func appendMonomials(out [][]int, prefix []int, start, d, k int) [][]int {
	if len(prefix) == k {
		return append(out, append([]int(nil), prefix...))
	}
	for i := start; i < d; i++ {
		out = appendMonomials(out, append(prefix, i), i, d, k)
	}
	return out
}

// RawDim returns the number of raw features the map expects.
func (m *Map) RawDim() int { return m.raw }

// Dim returns the length of the mapped vector.
func (m *Map) Dim() int {
	if m.bias {
		return len(m.terms) + 1
	}
	return len(m.terms)
}

// Names returns a readable name for each mapped coordinate, built from the
// raw feature names ("x1*x2", "x1^2", "1").
func (m *Map) Names(raw []string) []string {
	names := make([]string, 0, m.Dim())
	for _, term := range m.terms {
		name := ""
		for j := 0; j < len(term); {
			k := j
			for k < len(term) && term[k] == term[j] {
				k++
			}
			if name != "" {
				name += "*"
			}
			name += raw[term[j]]
			if k-j > 1 {
				name += fmt.Sprintf("^%d", k-j)
			}
			j = k
		}
		names = append(names, name)
	}
	if m.bias {
		names = append(names, "1")
	}
	return names
}

// Apply writes the mapped x into dst (grown if too short) and returns it.
// x must have RawDim entries.
func (m *Map) Apply(dst, x []float64) []float64 {
	if cap(dst) < m.Dim() {
		dst = make([]float64, m.Dim())
	}
	dst = dst[:m.Dim()]
	for j, term := range m.terms {
		v := 1.0
		for _, i := range term {
			v *= x[i]
		}
		dst[j] = v
	}
	if m.bias {
		dst[len(m.terms)] = 1
	}
	return dst
}

// WithBias returns copies of the rows with a constant 1 appended: the
// degree-1 map with a bias, for callers that need only that.
func WithBias(rows [][]float64) [][]float64 {
	out := make([][]float64, len(rows))
	for i, r := range rows {
		out[i] = append(append(make([]float64, 0, len(r)+1), r...), 1)
	}
	return out
}
