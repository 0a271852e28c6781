package playground

import (
	"math"
	"strconv"
	"strings"

	"unitfree/core/eval"
)

// A lesson is a short guided tour of one room: a few steps, each with two
// or three sentences, the room set up for it (the state and the round the
// stream is at), and one thing to do or watch. The texts say what the
// papers say, and their figures are the page's own (the browser test that
// walks the lessons checks each claim against the page).

// Step is one step of a lesson about a room whose state is M.
type Step[M any] struct {
	Title string
	Text  string // two or three sentences
	Do    string // one thing to do or watch
	State func() *M
	// Rounds is the round the stream is replayed to (0: the start, -1: the
	// end); Play sets the stream playing from there.
	Rounds int
	Play   bool
}

// Lesson is a room's lesson.
type Lesson[M any] struct {
	Title string
	Steps []Step[M]
}

// LessonStep returns the step a link's state names ("lesson/2" is step 2,
// counted from 1), or false when the state is not a lesson's.
func LessonStep(state string) (int, bool) {
	n, ok := strings.CutPrefix(state, "lesson/")
	if !ok {
		if state == "lesson" {
			return 1, true
		}
		return 0, false
	}
	k, err := strconv.Atoi(n)
	if err != nil || k < 1 {
		return 0, false
	}
	return k, true
}

// LessonHash returns the location hash of a room's lesson step (from 1).
func LessonHash(room string, step int) string {
	return "#" + room + "/lesson/" + strconv.Itoa(step)
}

// unitsLessonLearners are the units lesson's four panels: the baseline and
// three invariant learners.
var unitsLessonLearners = []string{"ogd", "scinol-diag", "scinol2", "scinol-full"}

// unitsModel returns a dataset preset with the lesson's learners, in the
// given units.
func unitsModel(preset string, units ...string) *Model {
	m := NewModel()
	m.LoadPreset(preset, 1)
	var specs []eval.LearnerSpec
	for _, id := range unitsLessonLearners {
		specs = append(specs, eval.LearnerSpec{ID: id})
	}
	m.SetLearners(specs)
	for i, u := range units {
		if u != "" {
			m.SetUnit(i, u)
		}
	}
	return m
}

// UnitsLesson is the units room's lesson (Kotłowski, ALT 2017; Kempka,
// Kotłowski, Warmuth, ICML 2019; Orabona's notes for OGD).
var UnitsLesson = Lesson[Model]{Title: "Units, and learners that ignore them", Steps: []Step[Model]{
	{Title: "OGD on penguins, in grams",
		Text: "Adelie against Gentoo penguins from bill depth (mm) and body mass (g), 20 passes. " +
			"OGD's step η has the units of the features: a body mass of 4000 g makes each step huge, " +
			"and OGD ends with 30% of its predictions wrong.",
		Do:    "Look at OGD's panel and its mistake rate; then press Next.",
		State: func() *Model { return unitsModel("penguins") }, Rounds: -1},
	{Title: "The same penguins, in kilograms",
		Text: "Only the unit changed: body mass is now 3.75 kg instead of 3750 g. " +
			"OGD is another learner now: 1.8% wrong instead of 30%. " +
			"The three scale-invariant learners make exactly the same predictions, and their meters say so: they compared every round with grams.",
		Do:    "Switch body mass back to g and to kg in the Units box and watch which panels change.",
		State: func() *Model { return unitsModel("penguins", "", "kg") }, Rounds: -1},
	{Title: "Invariance is not accuracy",
		Text: "Kotłowski's coordinate-wise algorithm (Algorithm 1) stays at 45% wrong, the share of Gentoo: it guesses the majority class all along. " +
			"Its weights are scaled by 1/(α t d) and grow only when exp(h²/2αS²), the evidence h of a feature against its size S, outruns that factor, " +
			"which does not happen here in 20 passes. ScInOL2 is invariant too and reaches 14%; the full algorithm 0.1%.",
		Do:    "Compare the mistake rates of the three invariant panels.",
		State: func() *Model { return unitsModel("penguins", "", "kg") }, Rounds: -1},
	{Title: "°C to °F: an affine change",
		Text: "Seattle weather: sun or rain from the day's highest temperature and its precipitation. " +
			"°F = 1.8 °C + 32 shifts the origin as well as the scale: with a bias feature that is a linear map of the inputs, " +
			"which only the fully invariant algorithm (Kotłowski's Algorithm 2, SI full) absorbs. The per-feature learners' meters turn orange.",
		Do:    "Switch temp_max between °C and °F and read the four meters.",
		State: func() *Model { return unitsModel("weather", "F") }, Rounds: -1},
}}

// banditModel returns the bandit room on a preset with the learners, γ and
// rounds of a lesson step.
func banditModel(preset string, gamma float64, rounds int, learners ...string) *BanditRoom {
	b := NewBanditRoom()
	b.LoadPreset(preset)
	b.Gamma, b.Learners = gamma, learners
	if rounds > 0 {
		b.Rounds = rounds
	}
	return b
}

// BanditPaper is the bandit room's "paper's experiment": the SOBA paper's
// SynSep at T = 5000 rounds and γ = 2^-6, the diagonal SOBA against the
// Banditron with the multiclass Perceptron as the floor. The lesson's
// third step is this experiment.
func BanditPaper() *BanditRoom {
	return banditModel(BanditSynSep, math.Pow(2, -6), MaxBanditRounds, "soba-diag", "banditron", "perceptron-mc")
}

// BanditLesson is the bandit room's lesson (Beygelzimer, Orabona, Zhang,
// ICML 2017; the figures are the room's, at T = 5000 rounds).
var BanditLesson = Lesson[BanditRoom]{Title: "One bit of feedback", Steps: []Step[BanditRoom]{
	{Title: "Right or wrong, nothing more",
		Text: "Three penguin species. Each round a learner plays one species for the penguin shown and hears only whether it was right: " +
			"when it is wrong it does not learn which species it was. The line under each panel tells the round.",
		Do:    "Press Step a few times and read the line under each panel: played, right or wrong, updated or not.",
		State: func() *BanditRoom { return banditModel("penguins", 1.0/16, 0, "soba", "banditron") }, Rounds: 3},
	{Title: "Exploration: γ",
		Text: "To learn about labels it would not play, a learner plays a uniformly random label with probability γ (a diamond marks those rounds). " +
			"With γ = 1/4, about a quarter of the rounds explore, and each exploration costs a likely mistake.",
		Do:    "Show the exploration rate in the chart: it settles near the dashed γ line. The two learners flip the same coins, so their rates are one line, drawn in both colours.",
		State: func() *BanditRoom { return banditModel("penguins", 0.25, 0, "soba", "banditron") }, Rounds: -1},
	{Title: "SynSep at a small γ: the Banditron wins",
		Text: "The paper's SynSep data: 9 classes, 400 binary features, separable. At γ = 1/64 the diagonal SOBA is wrong on 68% of 5000 rounds, " +
			"the Banditron on 7%. On this separable data the diagonal SOBA needs a much larger γ to catch up: at γ = 1/8 the two are level (22%).",
		Do:    "Compare the mistake rates of the diagonal SOBA and the Banditron; the multiclass Perceptron, which sees every label, is the floor.",
		State: BanditPaper, Rounds: -1},
	{Title: "SynNonSep at γ = 1/16: SOBA wins",
		Text: "SynNonSep is SynSep with 5% of the labels replaced by others. There the order flips at larger γ: " +
			"at γ = 1/16 the diagonal SOBA is wrong on 32% of the rounds, the Banditron on 34%. The paper's claim for noisy data holds in this room from γ of about 1/16 " +
			"(our reproduction at 100,000 rounds: from about 1/100).",
		Do: "Compare the two mistake curves; then try γ = 1/64 and see the order flip.",
		State: func() *BanditRoom {
			return banditModel(BanditSynNonSep, math.Pow(2, -4), MaxBanditRounds, "soba-diag", "banditron", "perceptron-mc")
		}, Rounds: -1},
}}

// samplingModel returns the sampling room with generated points of ratio
// tau and the pairs of a lesson step.
func samplingModel(tau float64, pairs ...SamplingPair) *SamplingRoom {
	s := NewSamplingRoom()
	s.Tau, s.N, s.Epochs, s.Pairs = tau, 1000, 10, pairs
	return s
}

// SamplingLesson is the sampling room's lesson (Salehi, Celis, Thiran,
// arXiv 1708.02544).
var SamplingLesson = Lesson[SamplingRoom]{Title: "Which point to look at", Steps: []Step[SamplingRoom]{
	{Title: "Unequal points, τ = 160",
		Text: "1000 points define an average loss; each step of SGD looks at one point drawn with probability pᵢ and divides its gradient by n·pᵢ so that the step stays unbiased. " +
			"Here a few points are 160 times steeper than the average (τ = 160). MABS learns pᵢ from the gradients it sees; importance sampling fixes pᵢ ∝ steepness.",
		Do: "Watch the point sizes (pᵢ) and the gap F − F* of the three samplers.",
		State: func() *SamplingRoom {
			return samplingModel(160, SamplingPair{"sgd", "uniform"}, SamplingPair{"sgd", "is"}, SamplingPair{"sgd", "mabs"})
		}, Rounds: -1},
	{Title: "Steepness is not what matters",
		Text: "Importance sampling ends furthest from the optimum: what a sampler should make small is the effective variance Vₑ(p) = Σ aᵢ/pᵢ of its estimate " +
			"(second chart), aᵢ being point i's squared gradient, so the best pᵢ follow the gradients' sizes, not the steepness; importance sampling's Vₑ is twice the others'. " +
			"MABS stays close to uniform here (its smallest pᵢ·n is above 0.99): its small lead over uniform is the luck of the draws.",
		Do: "Compare the variance curves with the gap curves.",
		State: func() *SamplingRoom {
			return samplingModel(160, SamplingPair{"sgd", "uniform"}, SamplingPair{"sgd", "is"}, SamplingPair{"sgd", "mabs"})
		}, Rounds: -1},
	{Title: "Variance reduction: SAGA",
		Text: "SAGA keeps each point's last gradient and corrects the estimate with it, so its variance shrinks to zero at the optimum: " +
			"it ends hundreds of times closer than SGD. Sampling still matters: with MABS, SAGA ends closest of all.",
		Do: "Compare the gaps of SAGA's three samplers with SGD's in the previous step.",
		State: func() *SamplingRoom {
			return samplingModel(160, SamplingPair{"saga", "uniform"}, SamplingPair{"saga", "is"}, SamplingPair{"saga", "mabs"})
		}, Rounds: -1},
	{Title: "Alike points, τ = 1",
		Text: "With τ = 1 no point is scaled up: the points differ only by their lengths, so importance sampling's pᵢ·n vary much less (the smallest is 0.5). " +
			"For SGD the three samplers now end within a factor of two of each other: with points this alike there is little to gain from choosing.",
		Do: "Look at the smallest pᵢ·n of each panel.",
		State: func() *SamplingRoom {
			return samplingModel(1, SamplingPair{"sgd", "uniform"}, SamplingPair{"sgd", "is"}, SamplingPair{"sgd", "mabs"})
		}, Rounds: -1},
}}

// lectureModel returns the lecture room on a sequence with OGD's step.
func lectureModel(sequence string, eta float64) *Lecture {
	l := NewLecture()
	l.Sequence, l.Eta = sequence, eta
	return l
}

// LectureLesson is the lecture room's lesson (Orabona, Online gradient
// descent, lecture notes: FTL's failure and OGD's regret bounds).
var LectureLesson = Lesson[Lecture]{Title: "Regret: FTL against OGD", Steps: []Step[Lecture]{
	{Title: "Follow the Leader fails",
		Text: "Each round the learner plays x in [−1, 1], then the adversary reveals z and the learner pays z·x. " +
			"On the lecture's sequence z = −½, +1, −1, +1, … FTL always plays the point that was best so far, which is the worst for the next round: " +
			"its regret grows like T (99.5 after 100 rounds).",
		Do:    "Watch FTL's regret follow the dashed T line.",
		State: func() *Lecture { return lectureModel(SequenceLecture, 0.1) }, Rounds: -1},
	{Title: "OGD: regret of order √T",
		Text: "OGD with a constant step η moves a little against each z and is projected back onto [−1, 1]. " +
			"Its regret is at most 1/(2η) + η·T/2 (the dashed bound); with η = 1/√T = 0.1 that is about √T.",
		Do:    "Check that OGD's regret stays under its bound.",
		State: func() *Lecture { return lectureModel(SequenceLecture, 0.1) }, Rounds: -1},
	{Title: "The step that minimises the bound",
		Text: "The bound 1/(2η) + η·T/2 is smallest at η = 1/√T: a larger step pays the η·T/2 term, a smaller one the 1/(2η). " +
			"Here η = 1, and the bound is 50.1 instead of 10.",
		Do:    "Move the η slider and watch the dashed bound; it is lowest near 0.1.",
		State: func() *Lecture { return lectureModel(SequenceLecture, 1) }, Rounds: -1},
	{Title: "Without knowing T: η/√t",
		Text:  "A step η/√t needs no T in advance and keeps the regret under 3√T − 1 on [−1, 1] (the third dashed bound), at the price of a constant.",
		Do:    "Compare OGD η/√t's regret with its bound; then play the adversary yourself with +1 and −1.",
		State: func() *Lecture { return lectureModel(SequenceLecture, 0.1) }, Rounds: -1},
}}
