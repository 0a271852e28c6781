package leaderboard

import (
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"unitfree/core/catalog"
	"unitfree/core/data"
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
	runs, err := NewRuns(task, rounds, sp)
	if err != nil {
		return SpreadBoard{}, err
	}
	cmp, err := runs.Comparator(ctx)
	if err != nil {
		return SpreadBoard{}, err
	}
	p, err := runs.Play(ctx, everyOrder(sp), nil, &cmp, progress)
	if err != nil {
		return SpreadBoard{}, err
	}
	return Merge(task, sp, []Part{p})
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
