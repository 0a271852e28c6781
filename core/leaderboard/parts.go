package leaderboard

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// Runs is a board's rounds ready to play: in natural units and under each
// of the spread's rescalings, whose factors depend on the seed only. A
// board is cut into parts (some orders, some learners) that play apart,
// in the page's workers, and merge into the board one player of
// everything gives.
type Runs struct {
	task   Task
	sp     Spread
	runs   []*data.Rounds // natural units, then each rescaling
	scales [][]float64    // each rescaling's factor per feature
}

// NewRuns makes a board's runs of the rounds.
func NewRuns(task Task, rounds *data.Rounds, sp Spread) (*Runs, error) {
	if err := sp.Check(); err != nil {
		return nil, err
	}
	r := &Runs{task: task, sp: sp, runs: []*data.Rounds{rounds}}
	rng := rand.New(rand.NewPCG(sp.Seed, 0x5ca1e))
	for range sp.Rescalings {
		scales := make([]float64, len(rounds.Features))
		for j := range scales {
			scales[j] = math.Pow(10, -3+6*rng.Float64())
		}
		scaled, err := rounds.Rescale(scales, nil)
		if err != nil {
			return nil, err
		}
		r.scales, r.runs = append(r.scales, scales), append(r.runs, scaled)
	}
	return r, nil
}

// Comparators searches for the best fixed predictor in hindsight of the
// given runs (0: natural units, k: the k-th rescaling). It depends on the
// rows played, not on their order (one pass plays each row once), so one
// search serves every order; the search plays the rows in the first order
// with the cheapest learner of the catalogue, whose run it does not need.
func (r *Runs) Comparators(ctx context.Context, which []int) ([]eval.Comparator, error) {
	out := make([]eval.Comparator, len(which))
	ogd, _ := catalog.Lookup("ogd")
	cheap := []catalog.Entry{ogd}
	for k, run := range which {
		if run < 0 || run >= len(r.runs) {
			return nil, fmt.Errorf("run %d of a board of %d runs an order", run, len(r.runs))
		}
		p, err := playContext(ctx, r.task, r.runs[run], r.sp.Seed, cheap, nil)
		if err != nil {
			return nil, err
		}
		out[k] = p.result.Comparator
	}
	return out, nil
}

// Part is what some of a board's learners measured in some of its orders,
// unsummarised, so that parts played apart merge into the board one
// player of everything gives.
type Part struct {
	Orders      []int       `json:"orders"`                // the orders played, from 0
	Rounds      int         `json:"rounds"`                // rounds of one run
	Dropped     int         `json:"dropped"`               // rows left out for a missing value
	Excluded    int         `json:"excluded"`              // rows left out for a class not chosen
	Scales      [][]float64 `json:"scales"`                // each rescaling's factor per feature
	Learners    []SpreadRow `json:"learners"`              // identity, change, divergences and (order 0) curves
	Natural     [][]float64 `json:"natural"`               // per learner, the error of each order in natural units
	Rescaled    [][]float64 `json:"rescaled"`              // per learner, the error of each order's rescalings, order by order
	CmpNatural  []float64   `json:"cmpNatural"`            // the comparator's error per order
	CmpRescaled []float64   `json:"cmpRescaled"`           // and per rescaled run, order by order
	CurveRounds []int       `json:"curveRounds,omitempty"` // the curves' rounds (order 0 only)
}

// Play plays the given orders (from 0) of a board for the named learners
// (nil: every learner of the task), each order in natural units and under
// every rescaling. cmps holds each run's comparator (from Comparators);
// when nil, Play searches for them in its first order. progress counts
// this part's runs.
func (r *Runs) Play(ctx context.Context, orders []int, learners []string, cmps []eval.Comparator, progress func(done, total int)) (Part, error) {
	task, sp := r.task, r.sp
	entries, err := learnersNamed(task.Kind, learners)
	if err != nil {
		return Part{}, err
	}
	if cmps != nil && len(cmps) != len(r.runs) {
		return Part{}, fmt.Errorf("%d comparators for %d runs an order", len(cmps), len(r.runs))
	}
	base := r.runs[0]
	part := Part{Orders: orders, Dropped: base.Dropped, Excluded: base.Excluded, Scales: r.scales}
	for _, e := range entries {
		part.Learners = append(part.Learners, SpreadRow{ID: e.ID, Name: e.Name, Family: e.Family, Invariance: e.Invariance})
	}
	part.Natural, part.Rescaled = make([][]float64, len(entries)), make([][]float64, len(entries))
	found := make([]*eval.Comparator, len(r.runs))
	for i := range cmps {
		found[i] = &cmps[i]
	}
	for k, o := range orders {
		if o < 0 || o >= sp.Orders {
			return Part{}, fmt.Errorf("order %d of a board of %d orders", o+1, sp.Orders)
		}
		seed := sp.Seed + uint64(o)
		var natural played
		for run, rs := range r.runs {
			p, err := playContext(ctx, task, rs, seed, entries, found[run])
			if err != nil {
				return Part{}, err
			}
			found[run] = &p.result.Comparator
			if progress != nil {
				progress(k*len(r.runs)+run+1, len(orders)*len(r.runs))
			}
			part.Rounds = p.result.Rounds
			cmpErr := errorOf(task, p.fixed, p.labels)
			if run == 0 {
				natural = p
				part.CmpNatural = append(part.CmpNatural, cmpErr)
			} else {
				part.CmpRescaled = append(part.CmpRescaled, cmpErr)
			}
			if o == 0 && sp.Curves > 0 && run <= 1 {
				part.CurveRounds = curveRounds(len(p.labels), sp.Curves)
				for i, l := range p.result.Learners {
					c := errorCurve(task, l.Predictions, p.labels, part.CurveRounds)
					if run == 0 {
						part.Learners[i].Curve = c
					} else {
						part.Learners[i].CurveRescaled = c
					}
				}
			}
			for i, l := range p.result.Learners {
				e := errorOf(task, l.Predictions, p.labels)
				row := &part.Learners[i]
				if run == 0 {
					part.Natural[i] = append(part.Natural[i], e)
				} else {
					part.Rescaled[i] = append(part.Rescaled[i], e)
					worst, _ := change(natural.result.Learners[i].Predictions, l.Predictions)
					if !(worst <= math.MaxFloat64) { // an overflow: the largest number JSON carries
						worst = math.MaxFloat64
					}
					row.Change = math.Max(row.Change, worst)
				}
				if l.DivergedAt > 0 {
					row.Diverged = append(row.Diverged, Divergence{Order: o + 1, Rescaling: run, Round: l.DivergedAt})
				}
			}
		}
	}
	return part, nil
}

// learnersNamed returns the task's learners of the given ids, in the
// catalogue's order (nil: all of them).
func learnersNamed(kind data.Task, ids []string) ([]catalog.Entry, error) {
	all := Learners(kind)
	if ids == nil {
		return all, nil
	}
	var out []catalog.Entry
	for _, e := range all {
		if slices.Contains(ids, e.ID) {
			out = append(out, e)
		}
	}
	for _, id := range ids {
		if !slices.ContainsFunc(all, func(e catalog.Entry) bool { return e.ID == id }) {
			return nil, fmt.Errorf("learner %q does not play a %s board", id, kind)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("a part of a board needs at least one learner")
	}
	return out, nil
}

// Merge makes the board from parts that together played each learner of
// the task in each of the spread's orders once, in any split: the same
// board as one player of everything.
func Merge(task Task, sp Spread, parts []Part) (SpreadBoard, error) {
	if err := sp.Check(); err != nil {
		return SpreadBoard{}, err
	}
	if len(parts) == 0 {
		return SpreadBoard{}, fmt.Errorf("no parts to merge")
	}
	first := parts[0]
	b := SpreadBoard{Task: task, Spread: sp, Rounds: first.Rounds, Dropped: first.Dropped, Excluded: first.Excluded, Scales: first.Scales}
	// where each (learner, order) was played: its part and row there
	type cell struct{ part, row, at int }
	where := map[string][]cell{}
	cmpNatural, cmpRescaled := make([]float64, sp.Orders), make([]float64, sp.Orders*sp.Rescalings)
	cmpSeen := make([]bool, sp.Orders)
	for k, p := range parts {
		if p.Rounds != first.Rounds || len(p.CmpNatural) != len(p.Orders) || len(p.CmpRescaled) != len(p.Orders)*sp.Rescalings {
			return SpreadBoard{}, fmt.Errorf("the parts played different rounds or runs")
		}
		for at, o := range p.Orders {
			if o < 0 || o >= sp.Orders {
				return SpreadBoard{}, fmt.Errorf("a part plays order %d of a board of %d orders", o+1, sp.Orders)
			}
			if !cmpSeen[o] {
				cmpSeen[o] = true
				cmpNatural[o] = p.CmpNatural[at]
				copy(cmpRescaled[o*sp.Rescalings:], p.CmpRescaled[at*sp.Rescalings:(at+1)*sp.Rescalings])
			}
			for i, l := range p.Learners {
				where[l.ID] = append(where[l.ID], cell{k, i, at})
			}
		}
	}
	for _, e := range Learners(task.Kind) {
		cells := where[e.ID]
		orders := make([]int, len(cells))
		for c, at := range cells {
			orders[c] = parts[at.part].Orders[at.at]
		}
		slices.Sort(orders)
		if !slices.Equal(orders, everyOrder(sp)) {
			return SpreadBoard{}, fmt.Errorf("the parts do not play %s in each of the %d orders once", e.ID, sp.Orders)
		}
		row := SpreadRow{ID: e.ID, Name: e.Name, Family: e.Family, Invariance: e.Invariance}
		var natural, rescaled []float64
		for _, c := range cells {
			p := parts[c.part]
			pl := p.Learners[c.row]
			natural = append(natural, p.Natural[c.row][c.at])
			rescaled = append(rescaled, p.Rescaled[c.row][c.at*sp.Rescalings:(c.at+1)*sp.Rescalings]...)
			row.Change = math.Max(row.Change, pl.Change)
			if p.Orders[c.at] == 0 && pl.Curve != nil {
				row.Curve, row.CurveRescaled, b.CurveRounds = pl.Curve, pl.CurveRescaled, p.CurveRounds
			}
			for _, d := range pl.Diverged {
				if d.Order == p.Orders[c.at]+1 {
					row.Diverged = append(row.Diverged, d)
				}
			}
		}
		slices.SortFunc(row.Diverged, func(x, y Divergence) int {
			return cmp.Or(cmp.Compare(x.Order, y.Order), cmp.Compare(x.Rescaling, y.Rescaling))
		})
		row.Natural = rangeOf(natural)
		if len(rescaled) > 0 {
			row.Rescaled = rangeOf(rescaled)
		}
		b.Learners = append(b.Learners, row)
	}
	b.Comparator = SpreadRow{ID: "comparator", Name: "best fixed linear predictor in hindsight", Natural: rangeOf(cmpNatural)}
	if len(cmpRescaled) > 0 {
		b.Comparator.Rescaled = rangeOf(cmpRescaled)
	}
	return b, nil
}

// everyOrder returns the orders of a board: 0 to sp.Orders-1.
func everyOrder(sp Spread) []int {
	all := make([]int, sp.Orders)
	for o := range all {
		all[o] = o
	}
	return all
}
