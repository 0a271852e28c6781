package playground

import (
	"math"
	"testing"
)

func TestFrameRoundTrip(t *testing.T) {
	f := Frame{Width: 500, Height: 400, Margin: 30, XMin: -1, XMax: 1, YMin: -2, YMax: 3}
	for _, p := range [][2]float64{{-1, -2}, {1, 3}, {0.25, 0.5}} {
		px, py := f.ToPixel(p[0], p[1])
		if !f.Inside(px, py) {
			t.Errorf("%v maps outside the plot: %v,%v", p, px, py)
		}
		x, y := f.ToData(px, py)
		if math.Abs(x-p[0]) > 1e-12 || math.Abs(y-p[1]) > 1e-12 {
			t.Errorf("round trip of %v gave %v,%v", p, x, y)
		}
	}
	if px, py := f.ToPixel(-1, 3); px != 30 || py != 30 {
		t.Errorf("top-left corner at %v,%v, want 30,30", px, py)
	}
	if f.Inside(10, 200) {
		t.Error("a point in the margin counts as inside")
	}
}

func TestTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{-1, 1, 4, []float64{-1, -0.5, 0, 0.5, 1}},
		{0, 10, 5, []float64{0, 2, 4, 6, 8, 10}},
		{0.3, 0.9, 3, []float64{0.4, 0.6, 0.8}},
	}
	for _, tc := range tests {
		got := Ticks(tc.lo, tc.hi, tc.n)
		if len(got) != len(tc.want) {
			t.Fatalf("Ticks(%v,%v,%d) = %v, want %v", tc.lo, tc.hi, tc.n, got, tc.want)
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Fatalf("Ticks(%v,%v,%d) = %v, want %v", tc.lo, tc.hi, tc.n, got, tc.want)
			}
		}
	}
}

func TestProbabilityColours(t *testing.T) {
	if c := ProbabilityRGBA(0.5); c != [4]uint8{247, 247, 247, 255} {
		t.Errorf("p=0.5 gives %v, want neutral", c)
	}
	// 70 % of the way from (247,247,247) to the class colour.
	if c := ProbabilityRGBA(1); c != [4]uint8{108, 158, 213, 255} {
		t.Errorf("p=1 gives %v, want the light positive blue", c)
	}
	if c := ProbabilityRGBA(0); c != [4]uint8{237, 162, 108, 255} {
		t.Errorf("p=0 gives %v, want the light negative orange", c)
	}
	if c := ProbabilityRGBA(math.NaN()); c != ProbabilityRGBA(0.5) {
		t.Errorf("NaN gives %v, want neutral", c)
	}
}
