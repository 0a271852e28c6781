package leaderboard

import (
	"slices"
	"testing"
	"time"

	"unitfree/core/catalog"
)

// TestSplitByCost: the costliest first, each to the least loaded group;
// each group in the catalogue's order, every learner in one group, the
// costliest group first.
func TestSplitByCost(t *testing.T) {
	var entries []catalog.Entry
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		entries = append(entries, catalog.Entry{ID: id})
	}
	costs := []time.Duration{5, 1, 1, 1, 4, 3}
	got := splitByCost(entries, costs, 2)
	want := [][]string{{"a", "b", "c", "d"}, {"e", "f"}} // 5+1+1+1 = 8 and 4+3 = 7
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("split %v, want %v", got, want)
	}
	// a gets the first group, b and c the second: 5 against 4+3, so the
	// second comes first
	got = splitByCost(entries[:3], []time.Duration{5, 4, 3}, 2)
	if want := [][]string{{"b", "c"}, {"a"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("split %v, want the costliest group first, %v", got, want)
	}
}

// TestSplitCoversEveryLearnerOnce: a board's learners, timed on its rows,
// fall into the groups asked for (at most one per learner), each learner
// in exactly one.
func TestSplitCoversEveryLearnerOnce(t *testing.T) {
	task := Tasks()[0]
	runs, err := NewRuns(task, taskRounds(t, task), Spread{Orders: 1, Rescalings: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	all := Learners(task.Kind)
	for _, n := range []int{1, 3, 100} {
		groups, err := runs.Split(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(groups) != min(n, len(all)) {
			t.Fatalf("%d groups asked for, %d made", n, len(groups))
		}
		var ids []string
		for _, g := range groups {
			if len(g) == 0 {
				t.Fatalf("an empty group in %v", groups)
			}
			ids = append(ids, g...)
		}
		slices.Sort(ids)
		var want []string
		for _, e := range all {
			want = append(want, e.ID)
		}
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Fatalf("groups %v do not hold each learner once", groups)
		}
	}
}
