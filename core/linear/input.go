package linear

import (
	"fmt"
	"math"
)

// The magnitudes a learner accepts: exact zeros, and numbers whose squares
// (and sums of many squares) stay normal float64 values. The second-order
// and scale-invariant learners square features; beyond these limits the
// squares would overflow or underflow and break the algorithms' invariances.
const (
	MaxAbsInput = 1e100
	MinAbsInput = 1e-100
)

// CheckInput returns an error naming the first entry of x that a learner
// must not see: NaN, an infinity, or a non-zero magnitude outside
// [MinAbsInput, MaxAbsInput]; and a label that is not finite. Callers check
// input with it before Learn or Predict, so that bad data is an error the
// user reads, never a poisoned model.
func CheckInput(x []float64, y float64) error {
	for i, v := range x {
		if err := CheckFeature(i, v); err != nil {
			return err
		}
	}
	if math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("label is %v", y)
	}
	return nil
}

// CheckFeature returns an error naming feature j (0-based; the message
// counts from 1) when its value v is one a learner must not see: NaN, an
// infinity, or a non-zero magnitude outside [MinAbsInput, MaxAbsInput].
// Dense rows (CheckInput) and sparse rows are checked with it alike.
func CheckFeature(j int, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("feature %d is %v", j+1, v)
	}
	if a := math.Abs(v); a > MaxAbsInput || (a != 0 && a < MinAbsInput) {
		return fmt.Errorf("feature %d is %g, outside the supported magnitudes %g to %g", j+1, v, MinAbsInput, MaxAbsInput)
	}
	return nil
}

// Guard wraps a learner so that no NaN or infinity ever leaves it. A learner
// can diverge (OGD with a large step, any learner on the squared loss, which
// is outside the theory of the scale-invariant papers): the first round whose
// prediction is not finite marks the learner as diverged; from then on it no
// longer learns and predicts 0, and DivergedAt says when it happened.
type Guard struct {
	Learner
	round      int
	divergedAt int
}

// NewGuard wraps l.
func NewGuard(l Learner) *Guard { return &Guard{Learner: l} }

// Predict returns the wrapped prediction, or 0 if it is not finite or the
// learner has diverged.
func (g *Guard) Predict(x []float64) float64 {
	if g.divergedAt > 0 {
		return 0
	}
	return finiteOrZero(g.Learner.Predict(x))
}

// Learn plays a round unless the learner has diverged.
func (g *Guard) Learn(x []float64, y float64) float64 {
	g.round++
	if g.divergedAt > 0 {
		return 0
	}
	yhat := g.Learner.Learn(x, y)
	if math.IsNaN(yhat) || math.IsInf(yhat, 0) {
		g.divergedAt = g.round
		return 0
	}
	return yhat
}

// Diverge marks the learner as diverged at the round just played (a caller
// that found its prediction unusable, e.g. with an infinite loss).
func (g *Guard) Diverge() {
	if g.divergedAt == 0 {
		g.divergedAt = max(g.round, 1)
	}
}

// DivergedAt returns the 1-based round at which the learner diverged, or 0.
func (g *Guard) DivergedAt() int { return g.divergedAt }

func finiteOrZero(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}
