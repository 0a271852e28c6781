package leaderboard

import (
	"cmp"
	"slices"
	"time"

	"unitfree/core/catalog"
)

// splitRounds is how many rounds Split times each learner on: enough to
// pass the rounds where a second-order learner is still cheap (its first
// d rounds add directions), few enough to cost a fraction of one run.
const splitRounds = 2000

// Split cuts the task's learners into n groups of about equal work, the
// costliest first, for workers to play the board's orders group by group: it times each
// learner on the first rounds of the natural run, on the machine that
// will play them, since costs differ by the data's width and by the
// machine (in the browser a second-order learner's matrix work costs
// several times more than its share of the work natively), then hands
// out the learners, the slowest first, each to the group with the least
// work so far. The split decides only who plays what: any split merges
// into the same board.
//
// Every learner plays the rounds once untimed before the timed pass. A
// browser first runs a WebAssembly function as quickly compiled code and
// replaces it with optimised code once it is hot; timed cold, the
// learners first in the catalogue paid for the shared code's start, and
// a 100,000 x 50 board in Chromium was split into groups of 10.8 s and
// 24.5 s of work per order instead of two of about 17.6 s.
func (r *Runs) Split(n int) ([][]string, error) {
	entries := Learners(r.task.Kind)
	n = max(1, min(n, len(entries)))
	if err := r.mapped(0); err != nil {
		return nil, err
	}
	costs := make([]time.Duration, len(entries))
	for pass := range 2 { // the first warms the code up
		for i, e := range entries {
			s, err := r.sessions[0].Again(boardConfig(r.task, r.sp.Seed, []catalog.Entry{e}))
			if err != nil {
				return nil, err
			}
			start := time.Now()
			s.Step(splitRounds)
			if pass == 1 {
				costs[i] = time.Since(start)
			}
		}
	}
	return splitByCost(entries, costs, n), nil
}

// splitByCost hands out the learners, the costliest first (ties in the
// catalogue's order), each to the group with the least cost so far; each
// group lists its learners in the catalogue's order, and the groups come
// the costliest first, so that workers that take the jobs in this order
// end with the cheap ones (the longest-processing-time-first rule).
func splitByCost(entries []catalog.Entry, costs []time.Duration, n int) [][]string {
	byCost := make([]int, len(entries))
	for i := range byCost {
		byCost[i] = i
	}
	slices.SortStableFunc(byCost, func(a, b int) int { return cmp.Compare(costs[b], costs[a]) })
	load := make([]time.Duration, n)
	member := make([][]int, n)
	for _, i := range byCost {
		g := slices.Index(load, slices.Min(load))
		load[g] += costs[i]
		member[g] = append(member[g], i)
	}
	byLoad := make([]int, n)
	for g := range byLoad {
		byLoad[g] = g
	}
	slices.SortStableFunc(byLoad, func(a, b int) int { return cmp.Compare(load[b], load[a]) })
	groups := make([][]string, n)
	for at, g := range byLoad {
		m := member[g]
		slices.Sort(m)
		for _, i := range m {
			groups[at] = append(groups[at], entries[i].ID)
		}
	}
	return groups
}
