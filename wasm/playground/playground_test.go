package playground

import (
	"math"
	"reflect"
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

// TestSceneLearnsSeparableClusters draws two clusters and checks that the
// learner's heatmap ends up on the right side of each.
func TestSceneLearnsSeparableClusters(t *testing.T) {
	s := NewScene(0.5)
	for _, p := range []Point{{-0.6, -0.5, -1}, {-0.4, -0.7, -1}, {0.5, 0.6, 1}, {0.7, 0.4, 1}} {
		if err := s.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Probability(0.6, 0.5); got != 0.5 {
		t.Fatalf("untrained learner predicts %v, want 0.5", got)
	}
	for s.Step(7) > 0 {
	}
	rested := s.Probability(0.6, 0.5)
	s.Add(Point{0.9, 0.9, 1})
	if s.Rounds() != 0 || s.Probability(0.6, 0.5) != 0.5 {
		t.Fatal("adding a point did not restart the stream")
	}
	s.points = s.points[:4]
	s.reset()
	for s.Step(1000) > 0 {
	}
	if s.Probability(0.6, 0.5) != rested {
		t.Fatal("replaying the same points gave a different learner")
	}
	if s.Rounds() != MaxPasses*4 || !s.Resting() {
		t.Fatalf("played %d rounds, want %d and resting", s.Rounds(), MaxPasses*4)
	}
	if p := s.Probability(0.6, 0.5); p < 0.9 {
		t.Errorf("P(+1) in the positive cluster = %v", p)
	}
	if p := s.Probability(-0.5, -0.6); p > 0.1 {
		t.Errorf("P(+1) in the negative cluster = %v", p)
	}
	rgba := make([]byte, 4*3*2)
	s.PaintHeatmap(rgba, 3, 2, Frame{XMin: -1, XMax: 1, YMin: -1, YMax: 1})
	if rgba[4*2+2] <= rgba[4*2] || rgba[4*3] <= rgba[4*3+2] {
		t.Errorf("top-right cell should be blue, bottom-left orange: %v", rgba)
	}
}

func TestSceneRejectsBadPoints(t *testing.T) {
	s := NewScene(0.5)
	for _, p := range []Point{{math.NaN(), 0, 1}, {0, math.Inf(1), 1}, {0, 0, 0}, {0, 0, 2}} {
		if s.Add(p) == nil {
			t.Errorf("Add(%v) accepted a bad point", p)
		}
	}
	if len(s.Points()) != 0 {
		t.Fatal("a bad point was kept")
	}
}

func TestPointsRoundTripAndBadStorage(t *testing.T) {
	s := NewScene(0.5)
	s.Add(Point{0.1, 0.2, 1})
	s.Add(Point{-0.3, 0.4, -1})
	data, err := s.MarshalPoints()
	if err != nil {
		t.Fatal(err)
	}
	r := NewScene(0.5)
	if err := r.UnmarshalPoints(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Points(), s.Points()) {
		t.Fatalf("restored %v, want %v", r.Points(), s.Points())
	}
	for _, bad := range []string{"{", `[{"X":1,"Y":2,"Label":3}]`} {
		if err := r.UnmarshalPoints([]byte(bad)); err == nil {
			t.Errorf("stored %s was accepted", bad)
		}
	}
	if len(r.Points()) != 2 {
		t.Fatal("bad storage destroyed the points")
	}
}
