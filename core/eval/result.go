package eval

import (
	"context"
	"errors"
	"fmt"
	"math"

	"unitfree/core/hindsight"
	"unitfree/core/loss"
)

var errNoRounds = errors.New("the data has no rounds")

// RowError is bad input found in one data row.
type RowError struct {
	Row    int  // 1-based source row
	Mapped bool // the raw row was fine; the feature map made it unusable
	Err    error
}

func (e *RowError) Error() string {
	if e.Mapped {
		return fmt.Sprintf("row %d after the feature map: %v", e.Row, e.Err)
	}
	return fmt.Sprintf("row %d: %v", e.Row, e.Err)
}

func (e *RowError) Unwrap() error { return e.Err }

// Result summarises a session after the rounds played so far.
type Result struct {
	Rounds     int             `json:"rounds"`     // rounds played: rows × passes
	Loss       string          `json:"loss"`       // the loss's name
	Features   []string        `json:"features"`   // the features after the feature map
	Comparator Comparator      `json:"comparator"` // the best fixed linear predictor in hindsight
	Learners   []LearnerResult `json:"learners"`   // one record per learner
}

// Comparator is the best fixed linear predictor in hindsight on the rounds
// played, and its cumulative loss.
type Comparator struct {
	Loss    float64   `json:"loss"`    // its cumulative loss on the rounds played
	Weights []float64 `json:"weights"` // its weights, one per feature after the map
	// Limited says that the search stopped at its budget (the run's
	// MaxWork, counted as passes over the rounds) rather than at an
	// optimum: regret is then measured against the best point it found.
	Limited bool `json:"limited,omitempty"`
	// Note says why there is no comparator: the linear loss is unbounded
	// below, so no fixed predictor is best and no regret is reported.
	Note string `json:"note,omitempty"`
}

// LearnerResult is one learner's record.
type LearnerResult struct {
	ID          string             `json:"id"`                    // the learner's id
	Params      map[string]float64 `json:"params"`                // every parameter, defaults filled in
	Loss        float64            `json:"loss"`                  // its cumulative loss
	Mistakes    *int               `json:"mistakes,omitempty"`    // classification only
	Regret      *float64           `json:"regret,omitempty"`      // loss - comparator's loss; none for an unbounded loss
	DivergedAt  int                `json:"divergedAt,omitempty"`  // round where predictions stopped being finite
	Predictions []float64          `json:"predictions,omitempty"` // with keep: predictions, one per round
	Losses      []float64          `json:"losses,omitempty"`      // with keep: losses, one per round
}

// comparatorRidge is the ridge of the comparator's problem in features
// scaled to unit root-mean-square: it only keeps the optimum finite on
// separable data, and being applied to unitless features it does not depend
// on the units.
const comparatorRidge = 1e-6

// Result returns the summary after the rounds played so far, with the
// comparator computed on exactly those rounds (each data point weighted by
// how often it was played).
func (s *Session) Result() (Result, error) { return s.ResultContext(context.Background()) }

// ResultContext is Result whose comparator search stops when ctx is done
// (and then returns ctx's error).
func (s *Session) ResultContext(ctx context.Context) (Result, error) {
	c, err := s.ComparatorContext(ctx)
	if err != nil {
		return Result{}, err
	}
	return s.ResultWith(c), nil
}

// ComparatorContext searches for the best fixed predictor in hindsight on
// the rounds played so far (none for the unbounded linear loss). It
// depends on which rows were played how often, not on their order.
func (s *Session) ComparatorContext(ctx context.Context) (Comparator, error) {
	return s.ComparatorBetween(ctx, nil)
}

// ComparatorBetween is ComparatorContext calling between after each step
// of its search (hindsight.Options.Between: an error it returns ends the
// search with it). The search works on a copy of the rounds played when it
// began: the session may play on while between runs, and the comparator is
// the one of those rounds.
func (s *Session) ComparatorBetween(ctx context.Context, between func() error) (Comparator, error) {
	if _, unbounded := s.cfg.loss.(loss.Linear); unbounded {
		return Comparator{Note: "the linear loss is unbounded below: no fixed predictor is best, so there is no regret to report"}, nil
	}
	if s.t == 0 {
		return Comparator{}, nil
	}
	return s.comparator(ctx, between)
}

// ResultWith is Result with a comparator searched for before, on the same
// rows played as often (a board plays the same rows in several orders and
// searches once).
func (s *Session) ResultWith(c Comparator) Result {
	res := Result{Rounds: s.t, Loss: s.cfg.lossNm, Features: s.FeatureNames(), Comparator: c}
	_, unbounded := s.cfg.loss.(loss.Linear)
	for _, p := range s.players {
		var regret *float64
		if !unbounded {
			r := p.loss - res.Comparator.Loss
			regret = &r
		}
		lr := LearnerResult{ID: p.id, Params: p.params, Loss: p.loss, Regret: regret,
			DivergedAt: p.learner.DivergedAt(), Predictions: p.predictions, Losses: p.losses}
		if s.cfg.Task == "classify" {
			m := p.mistakes
			lr.Mistakes = &m
		}
		res.Learners = append(res.Learners, lr)
	}
	return res
}

// comparator solves for the best fixed predictor on the rounds played, in
// features scaled to unit root-mean-square, and maps it back.
//
// Its search is bounded like the learners' work: each evaluation of the
// objective or its gradient is a pass over the distinct rows played, d
// coordinates each, and the search may make MaxWork/(rows x d) of them
// (hinge loss's Nelder–Mead refinement once took 89 s of CPU for a run
// whose learners did 6e5 updates).
func (s *Session) comparator(ctx context.Context, between func() error) (Comparator, error) {
	counts := make([]float64, len(s.mapped))
	for _, row := range s.order[:s.t] {
		counts[row]++
	}
	d := s.cfg.fmap.Dim()
	rms := make([]float64, d)
	for row, x := range s.mapped {
		for j, v := range x {
			rms[j] += counts[row] * v * v
		}
	}
	for j := range rms {
		rms[j] = math.Sqrt(rms[j] / float64(s.t))
		if rms[j] == 0 {
			rms[j] = 1
		}
	}
	var xs [][]float64
	var ys, ws []float64
	for row, x := range s.mapped {
		if counts[row] == 0 {
			continue
		}
		z := make([]float64, d)
		for j, v := range x {
			z[j] = v / rms[j]
		}
		xs, ys, ws = append(xs, z), append(ys, s.rounds.Y[row]), append(ws, counts[row])
	}
	evals := int(math.Min(s.lim.MaxWork/float64(len(xs)*d), math.MaxInt32))
	best, err := hindsight.BestWith(hindsight.Options{Ctx: ctx, MaxEvaluations: max(evals, 1), Between: between}, xs, ys, ws, s.cfg.loss, comparatorRidge)
	if err != nil {
		return Comparator{}, err
	}
	u := make([]float64, d)
	for j := range u {
		u[j] = best.U[j] / rms[j]
	}
	return Comparator{Loss: best.Loss, Weights: u, Limited: best.Limited}, nil
}

// FixedLoss returns the cumulative loss of the fixed linear predictor u (on
// the mapped features) after each round played: with u the comparator of
// Result, the learners' cumulative losses minus this are their regret
// against it, round by round.
func (s *Session) FixedLoss(u []float64) []float64 {
	out := s.FixedPredictions(u)
	total := 0.0
	for t, row := range s.order[:s.t] {
		total += s.cfg.loss.Value(s.rounds.Y[row], out[t])
		out[t] = total
	}
	return out
}

// FixedPredictions returns the prediction u·x of the fixed linear predictor
// u (on the mapped features) of each round played. Once the rounds are as
// many as the rows, it computes each row's prediction once, in the order
// the rows are stored, and hands them out in the rounds' order: a shuffled
// order's jumps across 100,000 rows of 51 features cost more than the
// products themselves (62-89 ms against 16-21 ms in WASM).
func (s *Session) FixedPredictions(u []float64) []float64 {
	out := make([]float64, s.t)
	if s.t < len(s.mapped) {
		for t, row := range s.order[:s.t] {
			out[t] = fixedPrediction(u, s.mapped[row])
		}
		return out
	}
	byRow := make([]float64, len(s.mapped))
	for row, x := range s.mapped {
		byRow[row] = fixedPrediction(u, x)
	}
	for t, row := range s.order[:s.t] {
		out[t] = byRow[row]
	}
	return out
}

// fixedPrediction returns u·x, summed in index order.
func fixedPrediction(u, x []float64) float64 {
	yhat := 0.0
	for j, v := range x {
		yhat += u[j] * v
	}
	return yhat
}
