package playground

import (
	"errors"
	"math"
	"testing"
)

// TestRegretsBetweenKeepTheirRound: the regrets whose comparator search
// yields between its steps are, bit for bit, the regrets of the round the
// run was at when they were asked for, although the run plays on while
// the search yields; the comparator's loss curve then runs to the round
// the run is at.
func TestRegretsBetweenKeepTheirRound(t *testing.T) {
	const played = 200
	ref, err := NewRun(NewModel())
	if err != nil {
		t.Fatal(err)
	}
	ref.Advance(played)
	want, err := ref.Regrets()
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRun(NewModel())
	r.Advance(played)
	steps := 0
	got, err := r.RegretsBetween(func() error {
		if steps++; steps == 1 {
			r.Advance(1) // the page's frames play on while the search yields
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if steps == 0 {
		t.Fatal("the search never called between")
	}
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Errorf("learner %d: regret %v after playing on during the search, want %v (round %d's)", i, got[i], want[i], played)
		}
	}
	if len(r.ComparatorLoss) != played+1 {
		t.Errorf("the comparator's loss curve has %d rounds, want %d (the round the run is at)", len(r.ComparatorLoss), played+1)
	}
	t.Logf("%d steps of the search", steps)
}

// TestRegretsBetweenStopWhenAsked: a search whose between returns an
// error stops at once and returns that error (the page's run was
// replaced).
func TestRegretsBetweenStopWhenAsked(t *testing.T) {
	r, _ := NewRun(NewModel())
	r.Advance(100)
	replaced := errors.New("the run was replaced")
	steps := 0
	_, err := r.RegretsBetween(func() error { steps++; return replaced })
	if !errors.Is(err, replaced) {
		t.Fatalf("a search asked to stop returned %v, want %v", err, replaced)
	}
	if steps != 1 {
		t.Errorf("the search went on for %d steps after it was asked to stop, want 1", steps)
	}
}
