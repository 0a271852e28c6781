package playground

// The bandit room's picture of a high-dimensional stream (SynSep) fills
// every point with each learner's greedy class: thousands of points, each
// an O(kd) prediction. Guesses are cached per learner and row, stamped with
// the learner's update count, and refreshed a few rows at a time, so that a
// frame does a bounded amount of prediction.

// guessCache is one learner's greedy class at each row and the update
// count it was computed at (-1: never), with the row the next refresh
// starts from.
type guessCache struct {
	class, stamp []int
	next         int
	current      int // the update count at which every row was last found current (-1: never)
}

// Guess returns learner i's cached greedy class at row (computed at some
// earlier round until RefreshGuesses reports the cache current), and false
// for a row not guessed yet.
func (r *BanditRun) Guess(i, row int) (int, bool) {
	if i >= len(r.guesses) || r.guesses[i].class == nil || r.guesses[i].stamp[row] < 0 {
		return 0, false
	}
	return r.guesses[i].class[row], true
}

// RefreshGuesses recomputes up to budget of learner i's guesses that the
// learner's updates have made stale, going round the rows from where the
// last call stopped. It appends to changed the rows whose cached class
// changed (or was computed for the first time), and reports whether every
// guess is now that of the learner as it is.
func (r *BanditRun) RefreshGuesses(i, budget int, changed []int) ([]int, bool) {
	if r.guesses == nil {
		r.guesses = make([]guessCache, len(r.Mistakes))
	}
	g := &r.guesses[i]
	if g.class == nil {
		g.class, g.stamp, g.current = make([]int, len(r.X)), make([]int, len(r.X)), -1
		for row := range g.stamp {
			g.stamp[row] = -1
		}
	}
	now := r.Session.Updates(i)
	if g.current == now { // nothing to look at: the learner has not updated since
		return changed, true
	}
	for range len(r.X) {
		row := g.next
		if g.stamp[row] != now {
			if budget == 0 {
				return changed, false
			}
			budget--
			c := r.Session.PredictRow(i, row)
			if c != g.class[row] || g.stamp[row] < 0 {
				changed = append(changed, row)
			}
			g.class[row], g.stamp[row] = c, now
		}
		g.next = (row + 1) % len(r.X)
	}
	g.current = now
	return changed, true
}
