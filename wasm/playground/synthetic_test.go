package playground

import (
	"slices"
	"testing"

	"unitfree/core/bandit"
)

// TestSyntheticRowsAreSharedAndKept plays a SynSep run, builds a second one
// with another γ (the room's edit), and checks that both play the same
// rows, that the rows were not generated again and that playing left them
// equal to a fresh generation (the learners only read them).
func TestSyntheticRowsAreSharedAndKept(t *testing.T) {
	b := NewBanditRoom()
	if err := b.LoadPreset(BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba", "soba-diag", "banditron"}
	b.Rounds = 600
	first, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	first.Advance(600)
	first.Settle()
	b.Gamma /= 2
	second, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	if &first.X[0][0] != &second.X[0][0] || &first.Screen[0] != &second.Screen[0] {
		t.Error("a second run of the same data generated its rows again")
	}
	x, labels, err := bandit.Generate(b.Data, b.Seed, b.Rounds)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if !slices.Equal(x[i], second.X[i]) || labels[i] != second.Labels[i] {
			t.Fatalf("row %d changed while the first run played it", i)
		}
	}
	b.Seed++
	third, _ := NewBanditRun(b)
	if &third.X[0][0] == &first.X[0][0] {
		t.Error("another seed reused the old rows")
	}
}
