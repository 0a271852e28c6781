package loss

import (
	"math"
	"testing"
)

// TestDerivMatchesFiniteDifference checks each derivative against a central
// difference of the value, away from the kinks.
func TestDerivMatchesFiniteDifference(t *testing.T) {
	for _, name := range Names() {
		l, ok := ByName(name)
		if !ok {
			t.Fatalf("ByName(%q) failed", name)
		}
		for _, y := range []float64{-1, 1, 0.3} {
			for _, yhat := range []float64{-3.1, -0.4, 0.2, 0.77, 2.5} {
				const h = 1e-6
				fd := (l.Value(y, yhat+h) - l.Value(y, yhat-h)) / (2 * h)
				if got := l.Deriv(y, yhat); math.Abs(got-fd) > 1e-6 {
					t.Errorf("%s: Deriv(%v,%v) = %v, finite difference %v", name, y, yhat, got, fd)
				}
			}
		}
	}
}

func TestLogisticExtremes(t *testing.T) {
	l := Logistic{}
	tests := []struct{ y, yhat, value, deriv float64 }{
		{1, 1e6, 0, 0},
		{1, -1e6, 1e6, -1},
		{-1, 1e6, 1e6, 1},
		{1, 0, math.Ln2, -0.5},
		{1, math.Inf(1), 0, 0},
		{1, math.Inf(-1), math.Inf(1), -1},
	}
	for _, tc := range tests {
		if v := l.Value(tc.y, tc.yhat); math.Abs(v-tc.value) > 1e-12*math.Max(1, tc.value) {
			t.Errorf("Value(%v,%v) = %v, want %v", tc.y, tc.yhat, v, tc.value)
		}
		if d := l.Deriv(tc.y, tc.yhat); d != tc.deriv {
			t.Errorf("Deriv(%v,%v) = %v, want exactly %v", tc.y, tc.yhat, d, tc.deriv)
		}
	}
}

// TestLogisticDerivativeLimits: the derivative's documented limits hold
// on every platform: exactly 0 past y·ŷ = 709 (the docs once said 745,
// and exp's own overflow made it 0 from 709.44 natively but 709.78 in
// WebAssembly), not before; exactly -y below -36.74 and not above.
func TestLogisticDerivativeLimits(t *testing.T) {
	l := Logistic{}
	if d := l.Deriv(1, 709); !(d < 0 && d > -1e-307) {
		t.Errorf("Deriv(1, 709) = %v, want a tiny negative number", d)
	}
	for _, z := range []float64{709.01, 709.5, 709.79, 745, 1e300} {
		if d := l.Deriv(1, z); d != 0 {
			t.Errorf("Deriv(1, %v) = %v, want exactly 0", z, d)
		}
		if d := l.Deriv(-1, -z); d != 0 {
			t.Errorf("Deriv(-1, %v) = %v, want exactly 0", -z, d)
		}
	}
	if d := l.Deriv(1, -36.75); d != -1 {
		t.Errorf("Deriv(1, -36.75) = %v, want exactly -1", d)
	}
	if d := l.Deriv(1, -36.7); d == -1 {
		t.Errorf("Deriv(1, -36.7) = -1 exactly; 1 + exp(-36.7) is above 1")
	}
}

func TestLipschitzBoundHolds(t *testing.T) {
	for _, name := range Names() {
		l, _ := ByName(name)
		if math.IsInf(l.Lipschitz(), 1) {
			continue
		}
		for _, y := range []float64{-1, 1} {
			for yhat := -50.0; yhat <= 50; yhat += 0.25 {
				if math.Abs(l.Deriv(y, yhat)) > l.Lipschitz() {
					t.Fatalf("%s: |Deriv(%v,%v)| > L = %v", name, y, yhat, l.Lipschitz())
				}
			}
		}
	}
	if _, ok := ByName("cubic"); ok {
		t.Error("ByName accepted an unknown loss")
	}
}
