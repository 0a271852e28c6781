package playground

import (
	"math"
	"testing"

	"unitfree/core/eval"
)

// The regression preset plays with the squared loss: real targets are
// accepted (and NaN refused), mistakes stay 0, the scale-invariant learners'
// average loss ends below the targets' variance, and the heatmap level of a
// point is where its prediction falls in the targets' range.
func TestRegressionPreset(t *testing.T) {
	m := NewModel()
	if err := m.LoadPreset("plane", 1); err != nil {
		t.Fatal(err)
	}
	if !m.Regression() {
		t.Fatal("the plane preset is not a regression")
	}
	if err := m.Add(Point{0.1, 0.2, 3.7}); err != nil {
		t.Errorf("a real target was refused: %v", err)
	}
	if err := m.Add(Point{0.1, 0.2, math.NaN()}); err == nil {
		t.Error("a NaN target was accepted")
	}
	m.SetLearners([]eval.LearnerSpec{{ID: "scinol2"}, {ID: "ogd", Params: map[string]float64{"eta": 0.1}}})
	got, err := DecodeRaw[Model](m.Raw())
	if err != nil || !got.Regression() {
		t.Fatalf("the link lost the task: %v", err)
	}
	r, err := NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Advance(1000)
	}
	mean, variance := 0.0, 0.0
	for _, p := range m.Points {
		mean += p.Label / float64(len(m.Points))
	}
	for _, p := range m.Points {
		variance += (p.Label - mean) * (p.Label - mean) / float64(len(m.Points))
	}
	for i := range m.Learners {
		s := r.Stats(i)
		avg := 2 * s.Loss / float64(s.Rounds) // squared loss is (y - yhat)^2 / 2
		t.Logf("%s: average squared error %.4f, target variance %.4f", s.ID, avg, variance)
		if s.Mistakes != 0 || !(avg < variance) {
			t.Errorf("%s: %d mistakes, average squared error %v (variance %v)", s.ID, s.Mistakes, avg, variance)
		}
	}
	lo, hi := m.TargetRange()
	p := r.Probability(0, 0.5, -0.5) // the plane says 2(0.5) + 0.5 + 0.5 = 2
	if want := (2 - lo) / (hi - lo); math.Abs(p-want) > 0.1 {
		t.Errorf("heatmap level at (0.5, -0.5) = %v, want about %v", p, want)
	}
}
