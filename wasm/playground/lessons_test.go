package playground

import (
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The lessons' claims, checked against the engine: each number a step's
// text states is what the room shows at the step's round.

// validSteps checks that every step of a lesson sets up a valid state.
func validSteps[M any, P interface {
	*M
	Validate() error
}](t *testing.T, room string, l Lesson[M]) {
	t.Helper()
	for i, s := range l.Steps {
		if err := P(s.State()).Validate(); err != nil {
			t.Errorf("%s step %d: %v", room, i+1, err)
		}
	}
}

func TestLessonsAreValid(t *testing.T) {
	validSteps(t, "units", UnitsLesson)
	validSteps(t, "bandit", BanditLesson)
	validSteps(t, "sampling", SamplingLesson)
	validSteps(t, "lecture", LectureLesson)
	for _, n := range []int{len(UnitsLesson.Steps), len(BanditLesson.Steps), len(SamplingLesson.Steps), len(LectureLesson.Steps)} {
		if n < 3 || n > 7 {
			t.Errorf("a lesson of %d steps: 3 to 7, please", n)
		}
	}
	if k, ok := LessonStep("lesson/3"); !ok || k != 3 {
		t.Errorf("lesson/3 reads as %d, %v", k, ok)
	}
	for _, bad := range []string{"v2.abc", "lesson/0", "lesson/x", ""} {
		if _, ok := LessonStep(bad); ok {
			t.Errorf("%q read as a lesson step", bad)
		}
	}
}

// unitsRates plays a units step to its end and returns each learner's
// mistake rate and meter.
func unitsRates(t *testing.T, m *Model) (rates, meters []float64) {
	t.Helper()
	r, err := NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(r.Total())
	for i := range m.Learners {
		s := r.Stats(i)
		rates = append(rates, float64(s.Mistakes)/float64(r.Played()))
		meters = append(meters, s.Meter)
	}
	return rates, meters
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func TestUnitsLessonClaims(t *testing.T) {
	// Learners: ogd, scinol-diag, scinol2, scinol-full.
	g, _ := unitsRates(t, UnitsLesson.Steps[0].State())
	kg, meters := unitsRates(t, UnitsLesson.Steps[1].State())
	if !near(g[0], 0.30, 0.01) || !near(kg[0], 0.018, 0.002) {
		t.Errorf("OGD: %.3f wrong in g, %.3f in kg; the text says 30%% and 1.8%%", g[0], kg[0])
	}
	for i := 1; i < 4; i++ {
		if g[i] != kg[i] || meters[i] > MeterTolerance {
			t.Errorf("learner %d: %.4f in g, %.4f in kg, meter %g; the text says identical", i, g[i], kg[i], meters[i])
		}
	}
	if !near(kg[1], 0.45, 0.005) || !near(kg[2], 0.14, 0.005) || kg[3] > 0.0015 {
		t.Errorf("invariant learners %.4f, %.4f, %.4f; the text says 45%%, 14%%, 0.1%%", kg[1], kg[2], kg[3])
	}
	_, meters = unitsRates(t, UnitsLesson.Steps[3].State())
	if meters[3] > MeterTolerance || meters[0] <= MeterTolerance || meters[1] <= MeterTolerance || meters[2] <= MeterTolerance {
		t.Errorf("°F meters %v: only SI full should stay under %g", meters, MeterTolerance)
	}
}

func TestBanditLessonClaims(t *testing.T) {
	rates := func(b *BanditRoom) []float64 {
		r, err := NewBanditRun(b)
		if err != nil {
			t.Fatal(err)
		}
		r.Advance(r.Session.Total())
		var out []float64
		for _, res := range r.Session.Results() {
			out = append(out, res.ErrorRate)
		}
		return out
	}
	sep := rates(BanditLesson.Steps[2].State())
	if !near(sep[0], 0.68, 0.01) || !near(sep[1], 0.07, 0.01) {
		t.Errorf("SynSep at 1/64: soba-diag %.3f, banditron %.3f; the text says 68%% and 7%%", sep[0], sep[1])
	}
	level := BanditLesson.Steps[2].State()
	level.Gamma = 0.125
	if l := rates(level); !near(l[0], 0.22, 0.01) || !near(l[1], 0.22, 0.01) {
		t.Errorf("SynSep at 1/8: %.3f, %.3f; the text says level at 22%%", l[0], l[1])
	}
	noisy := rates(BanditLesson.Steps[3].State())
	if !near(noisy[0], 0.32, 0.01) || !near(noisy[1], 0.34, 0.01) || noisy[0] >= noisy[1] {
		t.Errorf("SynNonSep at 1/16: soba-diag %.3f, banditron %.3f; the text says 32%% < 34%%", noisy[0], noisy[1])
	}
	flip := BanditLesson.Steps[3].State()
	flip.Gamma = math.Pow(2, -6)
	if f := rates(flip); f[0] <= f[1] {
		t.Errorf("SynNonSep at 1/64: %.3f, %.3f; the text says the order flips", f[0], f[1])
	}
	explore := BanditLesson.Steps[1].State()
	r, _ := NewBanditRun(explore)
	r.Advance(r.Session.Total())
	for _, res := range r.Session.Results() {
		if got := float64(res.Explored) / float64(r.Played()); !near(got, 0.25, 0.03) {
			t.Errorf("%s explored %.3f of the rounds at γ = 1/4", res.ID, got)
		}
	}
}

func TestSamplingLessonClaims(t *testing.T) {
	final := func(s *SamplingRoom) (gaps, vars, minpn []float64) {
		r, err := NewSamplingRun(s)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		for _, tr := range r.Tracks {
			gaps = append(gaps, tr.Gap[len(tr.Gap)-1])
			vars = append(vars, tr.Variance[len(tr.Variance)-1])
			m := math.Inf(1)
			for _, p := range tr.Probs() {
				m = math.Min(m, p*float64(len(r.XY)))
			}
			minpn = append(minpn, m)
		}
		return
	}
	gaps, vars, sgdMinpn := final(SamplingLesson.Steps[1].State()) // uniform, is, mabs with SGD
	if !(gaps[0] < gaps[1] && gaps[2] < gaps[1]) || vars[1] < 1.8*vars[0] || vars[1] < 1.8*vars[2] || sgdMinpn[2] < 0.99 {
		t.Errorf("SGD at τ = 160: gaps %v, variances %v, MABS's smallest p·n %v; the text says IS furthest, its variance twice the others', MABS near uniform",
			gaps, vars, sgdMinpn[2])
	}
	saga, _, _ := final(SamplingLesson.Steps[2].State())
	if !(saga[2] < saga[0] && saga[2] < saga[1]) || saga[0] > gaps[0]/100 {
		t.Errorf("SAGA at τ = 160: gaps %v (SGD's %v); the text says MABS closest, hundreds of times closer than SGD", saga, gaps)
	}
	alike, _, minpn := final(SamplingLesson.Steps[3].State())
	if !near(minpn[1], 0.5, 0.01) || math.Max(alike[0], math.Max(alike[1], alike[2])) > 2*math.Min(alike[0], math.Min(alike[1], alike[2])) {
		t.Errorf("IS's smallest p·n %v, SGD gaps %v at τ = 1; the text says 0.5 and within a factor of two", minpn[1], alike)
	}
}

func TestLectureLessonClaims(t *testing.T) {
	g, err := LectureLesson.Steps[0].State().Play()
	if err != nil {
		t.Fatal(err)
	}
	last := len(g.Z) - 1
	if g.Players[0].Regret[last] != 99.5 {
		t.Errorf("FTL's regret after 100 rounds %v; the text says 99.5", g.Players[0].Regret[last])
	}
	if ogd := g.Players[1]; ogd.Regret[last] > ogd.Bound[last] || !near(ogd.Bound[last], 10, 0.1) {
		t.Errorf("OGD at η = 0.1: regret %v, bound %v; the text says under a bound of about 10", ogd.Regret[last], ogd.Bound[last])
	}
	big, _ := LectureLesson.Steps[2].State().Play()
	if b := big.Players[1].Bound[last]; !near(b, 50.1, 0.05) {
		t.Errorf("the bound at η = 1 is %v; the text says 50.1", b)
	}
	if sq := g.Players[2]; sq.Regret[last] > sq.Bound[last] || sq.Bound[last] != 3*math.Sqrt(100)-1 {
		t.Errorf("OGD η/√t: regret %v, bound %v", sq.Regret[last], sq.Bound[last])
	}
}

// TestBanditPaperPresetIsTheLessons: the bandit room's "paper's
// experiment" button plays what the lesson's SynSep step describes, T =
// 5000 rounds at γ = 2^-6 (the button once played T = 200), and its label
// says T.
func TestBanditPaperPresetIsTheLessons(t *testing.T) {
	p, step := BanditPaper(), BanditLesson.Steps[2].State()
	if p.Rounds != 5000 || p.Gamma != 1.0/64 || !reflect.DeepEqual(p, step) {
		t.Fatalf("paper preset %+v, lesson step %+v", p, step)
	}
	if !strings.Contains(BanditLesson.Steps[2].Text, "5000 rounds") {
		t.Errorf("the lesson step does not name T: %q", BanditLesson.Steps[2].Text)
	}
	page, err := os.ReadFile("../../site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<button id="b-paper">Paper's experiment: SynSep, T = 5000, γ = 2<sup>−6</sup></button>`) {
		t.Error("the paper button does not say T = 5000")
	}
}
