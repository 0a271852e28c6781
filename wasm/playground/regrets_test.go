package playground

import (
	"context"
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
	got, err := r.RegretsBetween(context.Background(), func() {
		if steps++; steps == 1 {
			r.Advance(1) // the page's frames play on while the search yields
		}
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

// TestRegretsBetweenStopWithTheirContext: a search whose context ends
// stops and says so.
func TestRegretsBetweenStopWithTheirContext(t *testing.T) {
	r, _ := NewRun(NewModel())
	r.Advance(100)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := r.RegretsBetween(ctx, cancel)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled search returned %v, want context.Canceled", err)
	}
}
