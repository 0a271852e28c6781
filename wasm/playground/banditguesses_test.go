package playground

import "testing"

// TestGuessesFollowTheLearners plays SynSep and refreshes the cached
// guesses in small budgets: each call does at most its budget of
// predictions, the cache reports itself current only when every row holds
// the learner's greedy class as it is now, every row is reported changed
// on its first guess, and a learner that has not updated since costs
// nothing.
func TestGuessesFollowTheLearners(t *testing.T) {
	b := NewBanditRoom()
	if err := b.LoadPreset(BanditSynSep); err != nil {
		t.Fatal(err)
	}
	r, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	rows := len(r.X)
	if _, ok := r.Guess(0, 0); ok {
		t.Fatal("a guess before any was computed")
	}
	for _, played := range []int{0, 300, 1200} {
		r.Advance(played - r.Played())
		for i := range r.Mistakes {
			calls := 0
			var changed []int
			for {
				calls++
				var current bool
				if changed, current = r.RefreshGuesses(i, 700, changed); current {
					break
				}
				if calls > rows/700+2 {
					t.Fatalf("learner %d not current after %d calls of 700", i, calls)
				}
			}
			for row := range rows {
				if got, ok := r.Guess(i, row); !ok || got != r.Session.PredictRow(i, row) {
					t.Fatalf("after %d rounds, learner %d row %d: cached %d (%v), learner %d", played, i, row, got, ok, r.Session.PredictRow(i, row))
				}
			}
			if played == 0 && len(changed) != rows {
				t.Fatalf("learner %d: the first guesses reported %d rows of %d", i, len(changed), rows)
			}
			if again, current := r.RefreshGuesses(i, 0, nil); len(again) > 0 || !current {
				t.Fatalf("a current cache refreshed again: changed %v, current %v", again, current)
			}
		}
	}
}
