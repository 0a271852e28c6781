package features

import (
	"math"
	"reflect"
	"testing"
)

func TestMapDimensionsAndOrder(t *testing.T) {
	tests := []struct {
		d, degree int
		bias      bool
		names     []string
	}{
		{2, 1, false, []string{"a", "b"}},
		{2, 1, true, []string{"a", "b", "1"}},
		{2, 2, true, []string{"a", "b", "a^2", "a*b", "b^2", "1"}},
		{2, 3, false, []string{"a", "b", "a^2", "a*b", "b^2", "a^3", "a^2*b", "a*b^2", "b^3"}},
	}
	for _, tc := range tests {
		m, err := New(tc.d, tc.degree, tc.bias)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Names([]string{"a", "b"}); !reflect.DeepEqual(got, tc.names) {
			t.Errorf("New(%d,%d,%v).Names = %v, want %v", tc.d, tc.degree, tc.bias, got, tc.names)
		}
		if m.Dim() != len(tc.names) {
			t.Errorf("Dim = %d, want %d", m.Dim(), len(tc.names))
		}
	}
}

func TestApplyValues(t *testing.T) {
	m, _ := New(2, 3, true)
	got := m.Apply(nil, []float64{2, -3})
	want := []float64{2, -3, 4, -6, 9, 8, -12, 18, -27, 1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Apply = %v, want %v", got, want)
	}
}

// TestRescalingStaysPerFeature checks that scaling raw feature i by c_i
// multiplies every mapped coordinate by one constant, independent of x.
func TestRescalingStaysPerFeature(t *testing.T) {
	m, _ := New(3, 3, true)
	c := []float64{1e-3, -7, 1e5}
	xs := [][]float64{{1, 2, 3}, {-0.5, 4, 0.25}, {3, -1, 2}}
	var ratio []float64
	for _, x := range xs {
		scaled := []float64{c[0] * x[0], c[1] * x[1], c[2] * x[2]}
		a := m.Apply(nil, x)
		b := m.Apply(nil, scaled)
		r := make([]float64, len(a))
		for j := range a {
			r[j] = b[j] / a[j]
		}
		if ratio == nil {
			ratio = r
			continue
		}
		for j := range r {
			if d := r[j]/ratio[j] - 1; d > 1e-12 || d < -1e-12 {
				t.Fatalf("coordinate %d: scale factor %v differs from %v", j, r[j], ratio[j])
			}
		}
	}
}

func TestNewRejectsBadArguments(t *testing.T) {
	for _, tc := range []struct{ d, degree int }{{0, 1}, {2, 0}, {2, 4}} {
		if _, err := New(tc.d, tc.degree, false); err == nil {
			t.Errorf("New(%d,%d) accepted bad arguments", tc.d, tc.degree)
		}
	}
}

// TestSizeMatchesNew: Size counts what New makes, and saturates instead of
// overflowing.
func TestSizeMatchesNew(t *testing.T) {
	for d := 1; d <= 12; d++ {
		for degree := 1; degree <= MaxDegree; degree++ {
			for _, bias := range []bool{false, true} {
				m, err := New(d, degree, bias)
				if err != nil {
					t.Fatal(err)
				}
				if got := Size(d, degree, bias); got != m.Dim() {
					t.Fatalf("Size(%d, %d, %v) = %d, New makes %d", d, degree, bias, got, m.Dim())
				}
			}
		}
	}
	if got := Size(100, 3, true); got != 176851 { // 100 + 5050 + 171700 + bias
		t.Fatalf("Size(100, 3, bias) = %d, want 176851", got)
	}
	if got := Size(math.MaxInt/2, 3, true); got != math.MaxInt {
		t.Fatalf("Size(MaxInt/2, 3) = %d, want saturation", got)
	}
}
