package leaderboard

import (
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// Spread says how many seeded random orders and random rescalings a board
// on one's own data plays: every learner runs in Orders orders, each in
// natural units and under Rescalings rescalings of every feature by a
// factor 10^U[-3, 3].
type Spread struct {
	Orders     int    `json:"orders"`           // seeded random orders of the rows
	Rescalings int    `json:"rescalings"`       // random rescalings per order
	Seed       uint64 `json:"seed"`             // order i is seeded seed+i; the rescalings' factors come from seed too
	Curves     int    `json:"curves,omitempty"` // points of each learner's error curve over the rounds of the first order (0: none)
}

// MaxSpread bounds a board's orders and its rescalings per order.
const MaxSpread = 20

// Check refuses orders outside 1..MaxSpread and rescalings outside
// 0..MaxSpread.
func (sp Spread) Check() error {
	if sp.Orders < 1 || sp.Orders > MaxSpread || sp.Rescalings < 0 || sp.Rescalings > MaxSpread {
		return fmt.Errorf("orders must be 1 to %d and rescalings 0 to %d (got %d and %d)", MaxSpread, MaxSpread, sp.Orders, sp.Rescalings)
	}
	return nil
}

// DefaultSpread is five orders, each natural and under five rescalings.
var DefaultSpread = Spread{Orders: 5, Rescalings: 5, Seed: 1}

// Range is a figure's median over runs with its smallest and largest value.
type Range struct {
	Median float64 `json:"median"` // the (lower) median over the runs
	Min    float64 `json:"min"`    // the smallest
	Max    float64 `json:"max"`    // the largest
}

// rangeOf returns the median and range of xs (the lower median of an even
// count, a value that occurred).
func rangeOf(xs []float64) Range {
	s := slices.Clone(xs)
	slices.Sort(s)
	return Range{Median: s[(len(s)-1)/2], Min: s[0], Max: s[len(s)-1]}
}

// Divergence is a run where a learner's predictions stopped being finite.
type Divergence struct {
	Order     int `json:"order"`     // which order, from 1
	Rescaling int `json:"rescaling"` // which rescaling, 0 for natural units
	Round     int `json:"round"`     // the round where it diverged
}

// SpreadRow is one learner's, or the comparator's, errors over the runs.
type SpreadRow struct {
	ID         string             `json:"id"`                   // the learner's id, or "comparator"
	Name       string             `json:"name"`                 // its name
	Family     string             `json:"family,omitempty"`     // its family
	Invariance catalog.Invariance `json:"invariance,omitempty"` // what the catalogue says it is invariant to
	Natural    Range              `json:"natural"`              // error in natural units over the orders
	Rescaled   Range              `json:"rescaled"`             // error over every order and rescaling
	// Change is the largest relative difference, over every run, between a
	// prediction in natural units and the same round's rescaled one: the
	// units meter of each learner.
	Change   float64      `json:"change"`
	Diverged []Divergence `json:"diverged,omitempty"` // the runs where its predictions stopped being finite
	// Curve is its error so far after each of the rounds in the board's
	// CurveRounds, in the first order: in natural units and under the first
	// rescaling (with Spread.Curves).
	Curve         []float64 `json:"curve,omitempty"`
	CurveRescaled []float64 `json:"curveRescaled,omitempty"` // the same under the first rescaling
}

// SpreadBoard is every learner on one task, over the spread's runs.
type SpreadBoard struct {
	Task       Task        `json:"task"`       // the problem
	Rounds     int         `json:"rounds"`     // rounds of one run
	Dropped    int         `json:"dropped"`    // rows left out for a missing value
	Excluded   int         `json:"excluded"`   // rows left out for a class not chosen
	Spread     Spread      `json:"spread"`     // the orders and rescalings played
	Scales     [][]float64 `json:"scales"`     // each rescaling's factor per feature
	Comparator SpreadRow   `json:"comparator"` // the best fixed linear predictor in hindsight
	Learners   []SpreadRow `json:"learners"`   // one row per learner
	// CurveRounds are the rounds (from 1) where the curves are measured.
	CurveRounds []int `json:"curveRounds,omitempty"`
}

// RunSpread plays every catalogue learner that fits the task on rounds, in
// sp.Orders seeded orders, each in natural units and under sp.Rescalings
// random rescalings, and reports each learner's errors as a median and a
// range, with the best fixed linear predictor in hindsight as the reference.
func RunSpread(task Task, rounds *data.Rounds, sp Spread) (SpreadBoard, error) {
	return RunSpreadContext(context.Background(), task, rounds, sp, nil)
}

// Learners returns the catalogue's learners that a task's board plays.
func Learners(kind data.Task) []catalog.Entry {
	var out []catalog.Entry
	for _, e := range catalog.Linear() {
		if kind == data.Classify || !classifierOnly(e) {
			out = append(out, e)
		}
	}
	return out
}

// RunSpreadContext is RunSpread, stopped when ctx is done, calling
// progress (when not nil) after each of the Orders × (1 + Rescalings) runs
// with the runs done and their number.
func RunSpreadContext(ctx context.Context, task Task, rounds *data.Rounds, sp Spread, progress func(done, total int)) (SpreadBoard, error) {
	all := make([]int, sp.Orders)
	for o := range all {
		all[o] = o
	}
	p, err := PlayOrders(ctx, task, rounds, sp, all, progress)
	if err != nil {
		return SpreadBoard{}, err
	}
	return Merge(task, sp, []Part{p})
}

// Part is what some of a board's orders measured: every run of those
// orders, unsummarised, so that parts played apart (the page plays orders
// in several workers) merge into the board one run would give.
type Part struct {
	Orders      []int       `json:"orders"`                // the orders played, from 0
	Rounds      int         `json:"rounds"`                // rounds of one run
	Dropped     int         `json:"dropped"`               // rows left out for a missing value
	Excluded    int         `json:"excluded"`              // rows left out for a class not chosen
	Scales      [][]float64 `json:"scales"`                // each rescaling's factor per feature
	Learners    []SpreadRow `json:"learners"`              // identity, change, divergences and (order 0) curves
	Natural     [][]float64 `json:"natural"`               // per learner, the error of each order in natural units
	Rescaled    [][]float64 `json:"rescaled"`              // per learner, the error of each order's rescalings
	CmpNatural  []float64   `json:"cmpNatural"`            // the comparator's error per order
	CmpRescaled []float64   `json:"cmpRescaled"`           // and per rescaled run
	CurveRounds []int       `json:"curveRounds,omitempty"` // the curves' rounds (order 0 only)
}

// PlayOrders plays the given orders (from 0) of a board: each in natural
// units and under the spread's rescalings, whose factors depend on the
// seed only. progress counts this part's runs.
func PlayOrders(ctx context.Context, task Task, rounds *data.Rounds, sp Spread, orders []int, progress func(done, total int)) (Part, error) {
	if err := sp.Check(); err != nil {
		return Part{}, err
	}
	part := Part{Orders: orders, Dropped: rounds.Dropped, Excluded: rounds.Excluded}
	rng := rand.New(rand.NewPCG(sp.Seed, 0x5ca1e))
	runs := []*data.Rounds{rounds}
	for range sp.Rescalings {
		scales := make([]float64, len(rounds.Features))
		for j := range scales {
			scales[j] = math.Pow(10, -3+6*rng.Float64())
		}
		scaled, err := rounds.Rescale(scales, nil)
		if err != nil {
			return Part{}, err
		}
		part.Scales, runs = append(part.Scales, scales), append(runs, scaled)
	}
	cmps := make([]*eval.Comparator, len(runs)) // each run's comparator, found in its first order
	for k, o := range orders {
		if o < 0 || o >= sp.Orders {
			return Part{}, fmt.Errorf("order %d of a board of %d orders", o+1, sp.Orders)
		}
		seed := sp.Seed + uint64(o)
		var base played
		for r, rs := range runs {
			p, err := playContext(ctx, task, rs, seed, cmps[r])
			if err != nil {
				return Part{}, err
			}
			cmps[r] = &p.result.Comparator
			if progress != nil {
				progress(k*len(runs)+r+1, len(orders)*len(runs))
			}
			if part.Learners == nil {
				part.Rounds = p.result.Rounds
				for _, e := range p.learners {
					part.Learners = append(part.Learners, SpreadRow{ID: e.ID, Name: e.Name, Family: e.Family, Invariance: e.Invariance})
				}
				part.Natural, part.Rescaled = make([][]float64, len(p.learners)), make([][]float64, len(p.learners))
			}
			cmpErr := errorOf(task, p.fixed, p.labels)
			if r == 0 {
				base = p
				part.CmpNatural = append(part.CmpNatural, cmpErr)
			} else {
				part.CmpRescaled = append(part.CmpRescaled, cmpErr)
			}
			if o == 0 && sp.Curves > 0 && r <= 1 {
				part.CurveRounds = curveRounds(len(p.labels), sp.Curves)
				for i, l := range p.result.Learners {
					c := errorCurve(task, l.Predictions, p.labels, part.CurveRounds)
					if r == 0 {
						part.Learners[i].Curve = c
					} else {
						part.Learners[i].CurveRescaled = c
					}
				}
			}
			for i, l := range p.result.Learners {
				e := errorOf(task, l.Predictions, p.labels)
				row := &part.Learners[i]
				if r == 0 {
					part.Natural[i] = append(part.Natural[i], e)
				} else {
					part.Rescaled[i] = append(part.Rescaled[i], e)
					worst, _ := change(base.result.Learners[i].Predictions, l.Predictions)
					if !(worst <= math.MaxFloat64) { // an overflow: the largest number JSON carries
						worst = math.MaxFloat64
					}
					row.Change = math.Max(row.Change, worst)
				}
				if l.DivergedAt > 0 {
					row.Diverged = append(row.Diverged, Divergence{Order: o + 1, Rescaling: r, Round: l.DivergedAt})
				}
			}
		}
	}
	return part, nil
}

// Merge makes the board from parts that together played each of the
// spread's orders once, in any split: the same board as one run of every
// order.
func Merge(task Task, sp Spread, parts []Part) (SpreadBoard, error) {
	if err := sp.Check(); err != nil {
		return SpreadBoard{}, err
	}
	seen := make([]bool, sp.Orders)
	for _, p := range parts {
		for _, o := range p.Orders {
			if o < 0 || o >= sp.Orders || seen[o] {
				return SpreadBoard{}, fmt.Errorf("the parts play order %d twice or out of 1..%d", o+1, sp.Orders)
			}
			seen[o] = true
		}
	}
	if slices.Contains(seen, false) || len(parts) == 0 {
		return SpreadBoard{}, fmt.Errorf("the parts do not play all %d orders", sp.Orders)
	}
	first := parts[0]
	b := SpreadBoard{Task: task, Spread: sp, Rounds: first.Rounds, Dropped: first.Dropped, Excluded: first.Excluded, Scales: first.Scales}
	natural, rescaled := make([][]float64, len(first.Learners)), make([][]float64, len(first.Learners))
	var cmpNatural, cmpRescaled []float64
	for i, l := range first.Learners {
		b.Learners = append(b.Learners, SpreadRow{ID: l.ID, Name: l.Name, Family: l.Family, Invariance: l.Invariance})
		for _, p := range parts {
			if len(p.Learners) != len(first.Learners) || p.Learners[i].ID != l.ID || p.Rounds != first.Rounds {
				return SpreadBoard{}, fmt.Errorf("the parts played different learners or rounds")
			}
			pl := p.Learners[i]
			row := &b.Learners[i]
			natural[i] = append(natural[i], p.Natural[i]...)
			rescaled[i] = append(rescaled[i], p.Rescaled[i]...)
			row.Change = math.Max(row.Change, pl.Change)
			row.Diverged = append(row.Diverged, pl.Diverged...)
			if pl.Curve != nil {
				row.Curve, row.CurveRescaled, b.CurveRounds = pl.Curve, pl.CurveRescaled, p.CurveRounds
			}
		}
		slices.SortFunc(b.Learners[i].Diverged, func(x, y Divergence) int {
			return cmp.Or(cmp.Compare(x.Order, y.Order), cmp.Compare(x.Rescaling, y.Rescaling))
		})
	}
	for _, p := range parts {
		cmpNatural, cmpRescaled = append(cmpNatural, p.CmpNatural...), append(cmpRescaled, p.CmpRescaled...)
	}
	b.Comparator = SpreadRow{ID: "comparator", Name: "best fixed linear predictor in hindsight", Natural: rangeOf(cmpNatural)}
	if len(cmpRescaled) > 0 {
		b.Comparator.Rescaled = rangeOf(cmpRescaled)
	}
	for i := range b.Learners {
		b.Learners[i].Natural = rangeOf(natural[i])
		if len(rescaled[i]) > 0 {
			b.Learners[i].Rescaled = rangeOf(rescaled[i])
		}
	}
	return b, nil
}

// curveRounds returns up to n rounds, evenly spread over 1..rounds and
// ending at the last.
func curveRounds(rounds, n int) []int {
	var out []int
	for k := 1; k <= n; k++ {
		t := (rounds*k + n - 1) / n
		if t >= 1 && (len(out) == 0 || t > out[len(out)-1]) {
			out = append(out, t)
		}
	}
	return out
}

// errorCurve returns the error of the first t rounds for each t of at.
func errorCurve(task Task, yhat, y []float64, at []int) []float64 {
	out := make([]float64, len(at))
	total, k := 0.0, 0
	for t := range yhat {
		if task.Kind == data.Regress {
			total += math.Abs(yhat[t] - y[t])
		} else if !(yhat[t]*y[t] > 0) {
			total++
		}
		for k < len(at) && at[k] == t+1 {
			out[k] = total / float64(t+1)
			k++
		}
	}
	return out
}

// Markdown renders the board: one row per learner, each error cell a
// median with its range, the comparator first.
func (b SpreadBoard) Markdown() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d rounds a run, %d orders (seeds %d to %d), each in natural units and under %d rescalings of every feature by 10^U[-3, 3] (seed %d). ",
		b.Task.Title, b.Rounds, b.Spread.Orders, b.Spread.Seed, b.Spread.Seed+uint64(b.Spread.Orders)-1, b.Spread.Rescalings, b.Spread.Seed)
	what := "share of rounds whose sign was wrong"
	if b.Task.Kind == data.Regress {
		what = "mean absolute error"
	}
	fmt.Fprintf(&sb, "Error: %s, progressive (each round predicted before it is learned); each cell the median [smallest–largest] over the runs.\n\n", what)
	for _, note := range b.Notes() {
		sb.WriteString(note + "\n\n")
	}
	header := []string{"learner", "family", "invariant", "error, natural units", "error, rescaled", "largest change of a prediction under rescaling"}
	rows := [][]string{{b.Comparator.Name, "—", "—", b.Cell(b.Comparator.Natural), b.Cell(b.Comparator.Rescaled), "—"}}
	for _, l := range b.Learners {
		rows = append(rows, []string{"`" + l.ID + "`", l.Family, string(l.Invariance), b.Cell(l.Natural), b.Cell(l.Rescaled), b.Meter(l)})
	}
	sb.WriteString(markdownTable(header, rows))
	return sb.String()
}

// Notes say what of the table the board left out: rows with a missing
// value, rows of classes not chosen, columns that are not numeric.
func (b SpreadBoard) Notes() []string {
	var out []string
	if b.Dropped > 0 {
		out = append(out, fmt.Sprintf("Left out: %d rows with a missing value.", b.Dropped))
	}
	if b.Excluded > 0 {
		out = append(out, fmt.Sprintf("Left out: %d rows of the classes not chosen.", b.Excluded))
	}
	for _, s := range b.Task.Skipped {
		out = append(out, "Not a feature: "+s+".")
	}
	return out
}

// CSV writes the board as a table of numbers: one row per learner (the
// comparator first), each error's median, smallest and largest value, the
// units meter, and the runs where it diverged.
func (b SpreadBoard) CSV() string {
	var sb strings.Builder
	w := csv.NewWriter(&sb)
	w.Write([]string{"learner", "name", "family", "invariance", "natural_median", "natural_min", "natural_max",
		"rescaled_median", "rescaled_min", "rescaled_max", "largest_change", "diverged_runs", "first_divergence"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, l := range append([]SpreadRow{b.Comparator}, b.Learners...) {
		change, first := f(l.Change), ""
		if l.ID == b.Comparator.ID {
			change = ""
		}
		if len(l.Diverged) > 0 {
			d := l.Diverged[0]
			first = fmt.Sprintf("order %d, rescaling %d, round %d", d.Order, d.Rescaling, d.Round)
		}
		w.Write([]string{l.ID, l.Name, l.Family, string(l.Invariance), f(l.Natural.Median), f(l.Natural.Min), f(l.Natural.Max),
			f(l.Rescaled.Median), f(l.Rescaled.Min), f(l.Rescaled.Max), change, strconv.Itoa(len(l.Diverged)), first})
	}
	w.Flush()
	return sb.String()
}

// Rounding is the largest change of a prediction under rescaling that is
// rounding: an invariant learner's predictions differ by that much at most
// (floating point rounds differently in each unit), and by a different
// amount natively and in WASM, whose exp and log round differently.
const Rounding = 1e-9

// Meter writes a learner's units meter: the largest change of a
// prediction under rescaling ("rounding" below Rounding), or where it
// diverged.
func (b SpreadBoard) Meter(l SpreadRow) string {
	switch {
	case len(l.Diverged) == 0 && l.Change < Rounding:
		return "< 1e-9 (rounding)"
	case len(l.Diverged) == 0:
		return fmt.Sprintf("%.1e", l.Change)
	}
	d := l.Diverged[0]
	where := "natural units"
	if d.Rescaling > 0 {
		where = fmt.Sprintf("rescaling %d", d.Rescaling)
	}
	return fmt.Sprintf("diverged in %d of %d runs (first: order %d, %s, round %d)", len(l.Diverged),
		b.Spread.Orders*(1+b.Spread.Rescalings), d.Order, where, d.Round)
}

// Cell writes a range as "median [min–max]", a point when they are equal.
func (b SpreadBoard) Cell(r Range) string {
	f := func(v float64) string { return errorText(b.Task, v) }
	if r.Min == r.Max {
		return f(r.Median)
	}
	return fmt.Sprintf("%s [%s–%s]", f(r.Median), f(r.Min), f(r.Max))
}
