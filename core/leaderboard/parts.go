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
// everything gives. Each run's rows are rescaled and mapped (a bias
// feature appended) once, into a session that plays nothing, whose mapped
// rows the run's sessions share; its raw rescaled rows are not kept.
type Runs struct {
	task     Task
	sp       Spread
	natural  *data.Rounds
	scales   [][]float64     // each rescaling's factor per feature
	sessions []*eval.Session // each run's mapped rows, in a session (0: natural units, k: the k-th rescaling)
}

// NewRuns makes a board's runs of the rounds.
func NewRuns(task Task, rounds *data.Rounds, sp Spread) (*Runs, error) {
	if err := sp.Check(); err != nil {
		return nil, err
	}
	r := &Runs{task: task, sp: sp, natural: rounds, sessions: make([]*eval.Session, 1+sp.Rescalings)}
	rng := rand.New(rand.NewPCG(sp.Seed, 0x5ca1e))
	for range sp.Rescalings {
		scales := make([]float64, len(rounds.Features))
		for j := range scales {
			scales[j] = math.Pow(10, -3+6*rng.Float64())
		}
		r.scales = append(r.scales, scales)
	}
	return r, nil
}

// rounds returns a run's rounds: in natural units (0) or under the k-th
// rescaling, made afresh.
func (r *Runs) rounds(run int) (*data.Rounds, error) {
	if run == 0 {
		return r.natural, nil
	}
	return r.natural.Rescale(r.scales[run-1], nil)
}

// play plays run (0: natural units, k: the k-th rescaling) in the order of
// seed, on the run's mapped rows.
func (r *Runs) play(ctx context.Context, run int, seed uint64, learners []catalog.Entry, cmp comparatorOf) (played, error) {
	if err := r.mapped(run); err != nil {
		return played{}, err
	}
	return playContext(ctx, r.task, r.natural, r.sessions[run], seed, learners, cmp)
}

// Map maps every run's rows that no session has mapped yet (a worker that
// waits for another's comparator search does it ahead of its jobs).
func (r *Runs) Map() error {
	for run := range r.sessions {
		if err := r.mapped(run); err != nil {
			return err
		}
	}
	return nil
}

// mapped makes sure a session has mapped the run's rows.
func (r *Runs) mapped(run int) error {
	if r.sessions[run] != nil {
		return nil
	}
	rounds, err := r.rounds(run)
	if err != nil {
		return err
	}
	ogd, _ := catalog.Lookup("ogd")
	r.sessions[run], err = newSession(r.task, rounds, r.sp.Seed, []catalog.Entry{ogd})
	return err
}

// Comparator searches for the best fixed predictor in hindsight of the
// board's rounds in natural units. It depends on the rows played, not on
// their order (one pass plays each row once), so one search serves every
// order; and a run rescaled feature by feature has as its best predictor
// this one with each weight divided by its feature's factor (see
// rescaledComparator), so one search serves every run. The search plays
// the rows in the first order with the cheapest learner of the catalogue,
// whose run it does not need.
func (r *Runs) Comparator(ctx context.Context) (eval.Comparator, error) {
	ogd, _ := catalog.Lookup("ogd")
	p, err := r.play(ctx, 0, r.sp.Seed, []catalog.Entry{ogd}, nil)
	if err != nil {
		return eval.Comparator{}, err
	}
	return p.result.Comparator, nil
}

// rescaledComparator is the best fixed predictor of the k-th rescaled run,
// given the natural run's: a predictor u on the natural features makes
// the same predictions as u_j/s_j on features multiplied by s_j, so each
// run's best predictor is the natural one's mapped this way. (The search
// itself sees the same numbers in either run, up to rounding: it works in
// features scaled to unit root-mean-square.) Its loss is measured on the
// run's rows. The mapped features are the raw ones and then the bias,
// which no rescaling touches.
func (r *Runs) rescaledComparator(natural eval.Comparator, k int) comparatorOf {
	return func(s *eval.Session) (eval.Comparator, error) {
		c := natural
		if natural.Weights == nil {
			return c, nil
		}
		scales := r.scales[k-1]
		c.Weights = slices.Clone(natural.Weights)
		for j, f := range scales {
			c.Weights[j] /= f
		}
		losses := s.FixedLoss(c.Weights)
		c.Loss = losses[len(losses)-1]
		return c, nil
	}
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
	CmpNatural  []float64   `json:"cmpNatural,omitempty"`  // the comparator's error per order (none: another part has it)
	CmpRescaled []float64   `json:"cmpRescaled,omitempty"` // and per rescaled run, order by order
	CurveRounds []int       `json:"curveRounds,omitempty"` // the curves' rounds (order 0 only)
}

// Play plays the given orders (from 0) of a board for the named learners
// (nil: every learner of the task), each order in natural units and under
// every rescaling. cmp is the comparator of the natural run (from
// Comparator): with it the part also has the comparator's rows of its
// orders; without it (nil) it has none, and another part of the board
// must have them for these orders. progress counts this part's runs.
func (r *Runs) Play(ctx context.Context, orders []int, learners []string, cmp *eval.Comparator, progress func(done, total int)) (Part, error) {
	task, sp := r.task, r.sp
	entries, err := learnersNamed(task.Kind, learners)
	if err != nil {
		return Part{}, err
	}
	base := r.natural
	part := Part{Orders: orders, Dropped: base.Dropped, Excluded: base.Excluded, Scales: r.scales}
	for _, e := range entries {
		part.Learners = append(part.Learners, SpreadRow{ID: e.ID, Name: e.Name, Family: e.Family, Invariance: e.Invariance})
	}
	part.Natural, part.Rescaled = make([][]float64, len(entries)), make([][]float64, len(entries))
	for k, o := range orders {
		if o < 0 || o >= sp.Orders {
			return Part{}, fmt.Errorf("order %d of a board of %d orders", o+1, sp.Orders)
		}
		seed := sp.Seed + uint64(o)
		var natural played
		for run := range r.sessions {
			c := noComparator
			switch {
			case cmp != nil && run > 0:
				c = r.rescaledComparator(*cmp, run)
			case cmp != nil:
				c = known(*cmp)
			}
			p, err := r.play(ctx, run, seed, entries, c)
			if err != nil {
				return Part{}, err
			}
			if progress != nil {
				progress(k*len(r.sessions)+run+1, len(orders)*len(r.sessions))
			}
			part.Rounds = p.result.Rounds
			if run == 0 {
				natural = p
			}
			if cmp != nil {
				cmpErr := errorOf(task, p.fixed, p.labels)
				if run == 0 {
					part.CmpNatural = append(part.CmpNatural, cmpErr)
				} else {
					part.CmpRescaled = append(part.CmpRescaled, cmpErr)
				}
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
		hasCmp := len(p.CmpNatural) > 0 || len(p.CmpRescaled) > 0
		if p.Rounds != first.Rounds || hasCmp && (len(p.CmpNatural) != len(p.Orders) || len(p.CmpRescaled) != len(p.Orders)*sp.Rescalings) {
			return SpreadBoard{}, fmt.Errorf("the parts played different rounds or runs")
		}
		for at, o := range p.Orders {
			if o < 0 || o >= sp.Orders {
				return SpreadBoard{}, fmt.Errorf("a part plays order %d of a board of %d orders", o+1, sp.Orders)
			}
			if hasCmp && !cmpSeen[o] {
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
	if o := slices.Index(cmpSeen, false); o >= 0 {
		return SpreadBoard{}, fmt.Errorf("no part measured the comparator in order %d", o+1)
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
