package playground

import (
	"math"
	"strings"
	"testing"

	"unitfree/core/eval"
)

// Every track's probabilities sum to 1, the run spends the same budget for
// every pair, and SGD with MABS ends far below where it started.
func TestSamplingRoomRun(t *testing.T) {
	s := NewSamplingRoom()
	r, err := NewSamplingRun(s)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Advance(37)
	}
	for _, tr := range r.Tracks {
		sum := 0.0
		for _, p := range tr.Probs() {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: probabilities sum to %v", tr.Pair, sum)
		}
		if got := tr.Evals[len(tr.Evals)-1]; got < float64(r.Budget) {
			t.Errorf("%s: %v evaluations of %d", tr.Pair, got, r.Budget)
		}
		first, last := tr.Gap[0], tr.Gap[len(tr.Gap)-1]
		t.Logf("%s: gap %.4g -> %.4g, V_e %.4g -> %.4g", tr.Pair, first, last, tr.Variance[0], tr.Variance[len(tr.Variance)-1])
		if !(last < first/10) || last < -1e-9 {
			t.Errorf("%s: F - F* went from %v to %v", tr.Pair, first, last)
		}
	}
}

func TestSamplingRoomLinks(t *testing.T) {
	s := NewSamplingRoom()
	s.Data, s.Points = SamplingPoints, []Point{{0.1, 0.2, 1}, {-0.3, 0.1, -1}, {0.5, -0.5, 1}}
	got, err := DecodeRaw[SamplingRoom](s.Raw())
	if err != nil || len(got.Points) != 3 {
		t.Fatalf("round trip: %v", err)
	}
	if _, err := NewSamplingRun(got); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []func(*SamplingRoom){
		func(s *SamplingRoom) { s.Kind = "hinge" },
		func(s *SamplingRoom) { s.Pairs = []SamplingPair{{"adam", "uniform"}} },
		func(s *SamplingRoom) { s.Tau = 0.5 },
		func(s *SamplingRoom) { s.Gamma = math.Inf(1) },
		func(s *SamplingRoom) { s.Epochs = 0 },
	} {
		s := NewSamplingRoom()
		bad(s)
		if _, err := DecodeRaw[SamplingRoom](s.Raw()); err == nil {
			t.Errorf("a bad room was accepted: %+v", s)
		}
	}
}

// TestSamplingCurvesIndependentOfSpeed: the curves are recorded on the
// evaluation axis, so a run advanced 7 evaluations at a time and one
// advanced 1000 at a time record the same points (#16, defect 5: at 1000
// per frame a curve once had 11 points).
func TestSamplingCurvesIndependentOfSpeed(t *testing.T) {
	s := NewSamplingRoom()
	slow, _ := NewSamplingRun(s)
	fast, _ := NewSamplingRun(s)
	for !slow.Done() {
		slow.Advance(7)
	}
	for !fast.Done() {
		fast.Advance(1000)
	}
	for i := range slow.Tracks {
		a, b := slow.Tracks[i], fast.Tracks[i]
		if len(a.Evals) < eval.DefaultSamplingRecords/2 || len(a.Evals) != len(b.Evals) {
			t.Fatalf("%s: %d records advancing by 7, %d by 1000", a.Pair, len(a.Evals), len(b.Evals))
		}
		for j := range a.Evals {
			if a.Evals[j] != b.Evals[j] || a.Gap[j] != b.Gap[j] {
				t.Fatalf("%s: record %d differs: (%v, %v) and (%v, %v)", a.Pair, j, a.Evals[j], a.Gap[j], b.Evals[j], b.Gap[j])
			}
		}
	}
}

// A τ of n or more cannot be made with n points (the generator once made
// NaN points for it): the room refuses it and says the range.
func TestSamplingRoomRefusesTauOfNOrMore(t *testing.T) {
	s := NewSamplingRoom()
	s.N, s.Tau = 300, 1000
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "below 300") {
		t.Fatalf("τ = 1000 with 300 points: %v", err)
	}
	s.Tau = 299
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	r, err := NewSamplingRun(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range r.XY {
		if math.IsNaN(x[0]) || math.IsNaN(x[1]) {
			t.Fatal("τ = 299 made a NaN point")
		}
	}
}
