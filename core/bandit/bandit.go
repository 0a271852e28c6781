package bandit

import (
	"fmt"
	"math"
)

// Round is what one round of a bandit learner shows: the page draws it, the
// API reports it.
type Round struct {
	Greedy   int     `json:"greedy"`   // argmax of the scores (ties: smallest label)
	Played   int     `json:"played"`   // the label actually played
	Prob     float64 `json:"prob"`     // the probability the played label had
	Explored bool    `json:"explored"` // the play was a random exploration (u1 < gamma)
	Correct  bool    `json:"correct"`  // the feedback: played == true label
	Updated  bool    `json:"updated"`  // the model changed (SOBA's n_t)
	Gamma    float64 `json:"gamma"`    // the exploration rate of this round
}

// Learner is a multiclass linear learner with bandit feedback.
type Learner interface {
	// Classes returns k, Dim returns d.
	Classes() int
	Dim() int
	// Predict returns the greedy label for x without changing state.
	Predict(x []float64) int
	// Play plays one round on x whose true label is y, with the two uniform
	// draws of the round: explore iff u1 < gamma, and then play the label
	// floor(u2 * k). The learner only uses y to learn whether its played
	// label was right (full-information references use it fully).
	Play(x []float64, y int, u1, u2 float64) Round
}

// Deferring is a learner whose updates' work can be left to Work calls
// (SOBA: the O((kd)^2) factor update), so that a caller can spread it over
// time, as the page does over frames. Its next Play finishes a pending
// update first, so the rounds are those of the learner without Defer.
type Deferring interface {
	Learner
	// Defer turns the mode on.
	Defer()
	// Pending reports whether an update's work is left.
	Pending() bool
	// Work does about rows rows of it and reports whether none is left.
	Work(rows int) bool
}

// explore returns the label played and its probability under
// p = (1 - gamma) e_greedy + gamma/k, from the draws u1, u2.
func explore(greedy, k int, gamma, u1, u2 float64) (played int, prob float64, explored bool) {
	played = greedy
	if u1 < gamma {
		explored = true
		played = min(int(u2*float64(k)), k-1)
	}
	prob = gamma / float64(k)
	if played == greedy {
		prob += 1 - gamma
	}
	return played, prob, explored
}

// argmax returns the index of the largest score, the smallest on ties.
func argmax(s []float64) int {
	best := 0
	for i, v := range s {
		if v > s[best] {
			best = i
		}
	}
	return best
}

// argmaxExcept returns the largest score's index other than skip.
func argmaxExcept(s []float64, skip int) int {
	best := -1
	for i, v := range s {
		if i != skip && (best < 0 || v > s[best]) {
			best = i
		}
	}
	return best
}

// scores sets s = W x for W stored row-major as k rows of length d.
func scores(s, w, x []float64) {
	d := len(x)
	for i := range s {
		row := w[i*d : (i+1)*d]
		v := 0.0
		for j, xj := range x {
			v += row[j] * xj
		}
		s[i] = v
	}
}

// checkShape validates the common parameters.
func checkShape(k, d int) error {
	if k < 2 {
		return fmt.Errorf("bandit: k = %d classes; at least 2 are needed", k)
	}
	if d < 1 {
		return fmt.Errorf("bandit: dimension d = %d; at least 1 is needed", d)
	}
	return nil
}

// checkGamma validates an exploration rate: gamma in (0, 1].
func checkGamma(gamma float64) error {
	if !(gamma > 0 && gamma <= 1) || math.IsNaN(gamma) {
		return fmt.Errorf("bandit: gamma = %v is outside (0, 1]", gamma)
	}
	return nil
}

// checkParams validates the parameters the SOBA family shares: k, d, the
// exploration rate (when explores is set) and the regularization a > 0.
func checkParams(k, d int, a, gamma float64, explores bool) error {
	if err := checkShape(k, d); err != nil {
		return err
	}
	if explores {
		if err := checkGamma(gamma); err != nil {
			return err
		}
	}
	if !(a > 0) || math.IsInf(a, 0) {
		return fmt.Errorf("bandit: regularization a = %v must be positive", a)
	}
	return nil
}

// checkRound validates the inputs of one round.
func checkRound(x []float64, y, k, d int) error {
	if len(x) != d {
		return fmt.Errorf("bandit: x has %d features, the learner %d", len(x), d)
	}
	return checkLabel(y, k)
}

// checkLabel validates a label of k classes.
func checkLabel(y, k int) error {
	if y < 0 || y >= k {
		return fmt.Errorf("bandit: label %d is outside 0..%d", y, k-1)
	}
	return nil
}
