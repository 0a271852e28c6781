package leaderboard

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// Options fix everything a board depends on besides the code.
type Options struct {
	ScaleSeed uint64 // seed of the per-feature factors 10^U[-3, 3]
	OrderSeed uint64 // seed of the order the rows are played in (one pass)
}

// DefaultOptions are the seeds of the committed board.
var DefaultOptions = Options{ScaleSeed: 2026, OrderSeed: 1}

// Board is the result of every learner on every task.
type Board struct {
	Options Options
	Tasks   []TaskResult
}

// TaskResult is one task's rows.
type TaskResult struct {
	Task       Task
	Rounds     int
	Scales     []float64 // each feature's factor in the rescaled run
	Comparator Score     // the best fixed linear predictor in hindsight
	Learners   []LearnerScore
}

// Score is a predictor's progressive error and mean loss in natural units
// and after the rescaling.
type Score struct {
	Error, ErrorRescaled float64 // error rate (classification) or mean absolute error (regression)
	Loss, LossRescaled   float64 // mean loss per round
}

// LearnerScore is one learner's row.
type LearnerScore struct {
	ID, Name, Family string
	Invariance       catalog.Invariance
	Score
	// Change is max over rounds of |ŷ − ŷ'| / max(1, |ŷ|, |ŷ'|) between
	// the two runs; Flips the share of rounds whose predicted label changed
	// (classification).
	Change, Flips float64
	// DivergedAt is the round where a run's predictions stopped being
	// finite (0: never), natural or rescaled.
	DivergedAt, DivergedAtRescaled int
}

// Run plays every task.
func Run(opt Options) (Board, error) {
	b := Board{Options: opt}
	rng := rand.New(rand.NewPCG(opt.ScaleSeed, 0))
	for _, task := range Tasks() {
		scales := make([]float64, len(task.Features))
		for j := range scales {
			scales[j] = math.Pow(10, -3+6*rng.Float64())
		}
		tr, err := runTask(task, scales, opt.OrderSeed)
		if err != nil {
			return Board{}, fmt.Errorf("%s: %w", task.Dataset, err)
		}
		b.Tasks = append(b.Tasks, tr)
	}
	return b, nil
}

// played is one run of every learner on a task.
type played struct {
	result   eval.Result
	fixed    []float64 // the comparator's prediction of each round
	labels   []float64 // each round's label
	learners []catalog.Entry
}

// runTask plays the task in natural units and rescaled.
func runTask(task Task, scales []float64, seed uint64) (TaskResult, error) {
	tab, _, err := data.Load(task.Dataset)
	if err != nil {
		return TaskResult{}, err
	}
	rounds, err := tab.Select(task.Kind, data.Selection{Features: task.Features, Label: task.Label, Positive: task.Positive})
	if err != nil {
		return TaskResult{}, err
	}
	rescaled, err := rounds.Rescale(scales, nil)
	if err != nil {
		return TaskResult{}, err
	}
	natural, err := play(task, rounds, seed)
	if err != nil {
		return TaskResult{}, err
	}
	scaled, err := play(task, rescaled, seed)
	if err != nil {
		return TaskResult{}, err
	}
	tr := TaskResult{Task: task, Rounds: natural.result.Rounds, Scales: scales}
	tr.Comparator = score(task, natural.fixed, natural.labels, natural.result.Comparator.Loss,
		scaled.fixed, scaled.labels, scaled.result.Comparator.Loss)
	for i, e := range natural.learners {
		a, c := natural.result.Learners[i], scaled.result.Learners[i]
		ls := LearnerScore{ID: e.ID, Name: e.Name, Family: e.Family, Invariance: e.Invariance,
			Score:      score(task, a.Predictions, natural.labels, a.Loss, c.Predictions, scaled.labels, c.Loss),
			DivergedAt: a.DivergedAt, DivergedAtRescaled: c.DivergedAt}
		ls.Change, ls.Flips = change(a.Predictions, c.Predictions)
		tr.Learners = append(tr.Learners, ls)
	}
	return tr, nil
}

// play runs every catalogue learner on the rounds, one pass in a seeded
// order, with a bias feature.
func play(task Task, rounds *data.Rounds, seed uint64) (played, error) {
	return playContext(context.Background(), task, rounds, nil, seed, Learners(task.Kind), nil)
}

// runLimits bound one run of a board: any table the CSV parser accepts
// (data.DefaultLimits: 100,000 rows of up to 100 columns) fits, every
// learner at once, its predictions kept. A board runs on the caller's
// machine (the command line, the page's worker); the API bounds the work of
// a whole board itself, far lower, before it starts one.
var runLimits = eval.Limits{MaxLearners: eval.DefaultLimits.MaxLearners, MaxPasses: 1, MaxDim: eval.DefaultLimits.MaxDim,
	MaxWork: 2e10, MaxClasses: eval.DefaultLimits.MaxClasses, MaxKept: 1e8}

// boardConfig is the configuration of a board's run: one pass in the
// order of seed, a bias feature, the predictions kept.
func boardConfig(task Task, seed uint64, learners []catalog.Entry) eval.Config {
	var specs []eval.LearnerSpec
	for _, e := range learners {
		specs = append(specs, eval.LearnerSpec{ID: e.ID})
	}
	return eval.Config{Task: task.Kind, Loss: task.Loss, Bias: true, Learners: specs,
		Shuffle: true, Seed: seed, Keep: eval.Keep{Predictions: true}}
}

// newSession starts a board's run on the rounds, mapping them.
func newSession(task Task, rounds *data.Rounds, seed uint64, learners []catalog.Entry) (*eval.Session, error) {
	lim := runLimits
	lim.MaxLearners = max(len(learners), len(catalog.Linear())) // a session started again may play any of them
	return eval.New(rounds, boardConfig(task, seed, learners), lim)
}

// comparatorOf gives a run's best fixed predictor in hindsight once its
// session has played (nil: search for it).
type comparatorOf func(*eval.Session) (eval.Comparator, error)

// known is a comparator found before on the same rows (in another order:
// it does not depend on the order, since one pass plays each row once).
func known(c eval.Comparator) comparatorOf {
	return func(*eval.Session) (eval.Comparator, error) { return c, nil }
}

// noComparator is a run's comparator when its part does not measure one:
// none, and no fixed predictions.
func noComparator(*eval.Session) (eval.Comparator, error) { return eval.Comparator{}, nil }

// playContext is play of the given learners, stopped when ctx is done, on
// the rounds mapped as from's (when not nil: the rows are not mapped
// again), with the comparator cmp gives (nil: searched for).
func playContext(ctx context.Context, task Task, rounds *data.Rounds, from *eval.Session, seed uint64, learners []catalog.Entry, cmp comparatorOf) (played, error) {
	p := played{learners: learners}
	var s *eval.Session
	var err error
	if from != nil {
		s, err = from.Again(boardConfig(task, seed, learners))
	} else {
		s, err = newSession(task, rounds, seed, learners)
	}
	if err != nil {
		return played{}, err
	}
	if err := s.RunContext(ctx); err != nil {
		return played{}, err
	}
	var c eval.Comparator
	if cmp == nil {
		c, err = s.ComparatorContext(ctx)
	} else {
		c, err = cmp(s)
	}
	if err != nil {
		return played{}, err
	}
	p.result = s.ResultWith(c)
	if p.result.Comparator.Weights != nil {
		p.fixed = s.FixedPredictions(p.result.Comparator.Weights)
	}
	for t := range p.result.Rounds {
		p.labels = append(p.labels, rounds.Y[s.RoundRow(t)])
	}
	return p, nil
}

// classifierOnly reports whether a learner has a classification loss built
// in (the Perceptron, second-order Perceptron, PA-I, AROW): it is left off
// the regression boards.
func classifierOnly(e catalog.Entry) bool {
	return strings.HasSuffix(e.Loss, "(built in)") && !strings.HasPrefix(e.Loss, "squared (")
}

// score returns the error and mean loss of two runs' predictions.
func score(task Task, a, ya []float64, lossA float64, b, yb []float64, lossB float64) Score {
	n := float64(len(a))
	return Score{Error: errorOf(task, a, ya), ErrorRescaled: errorOf(task, b, yb), Loss: lossA / n, LossRescaled: lossB / n}
}

// errorOf returns the share of rounds whose sign is wrong (a
// classification, a prediction of 0 counting as wrong) or the mean absolute
// error (a regression).
func errorOf(task Task, yhat, y []float64) float64 {
	total := 0.0
	for t := range yhat {
		if task.Kind == data.Regress {
			total += math.Abs(yhat[t] - y[t])
		} else if !(yhat[t]*y[t] > 0) {
			total++
		}
	}
	return total / float64(len(yhat))
}

// change returns the largest relative difference of two runs' predictions
// and the share of rounds whose sign differs.
func change(a, b []float64) (worst, flips float64) {
	for t := range a {
		den := math.Max(1, math.Max(math.Abs(a[t]), math.Abs(b[t])))
		if d := math.Abs(a[t]-b[t]) / den; d > worst || math.IsNaN(d) {
			worst = d
		}
		if a[t]*b[t] < 0 {
			flips++
		}
	}
	return worst, flips / float64(len(a))
}
