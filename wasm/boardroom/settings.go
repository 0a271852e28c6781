// Package boardroom is the model of the page's board room: the
// leaderboard on one's own CSV. It holds the settings a link carries (never
// the data) and turns them into the engine's Own and Spread.
package boardroom

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"unitfree/core/leaderboard"
)

// Settings are the board room's state in its link: which board to play on
// which file, and what to show. The file itself is never in a link.
type Settings struct {
	Dataset    string   // a shipped dataset's name, or "" for one's own file
	Label      string   // the label column ("" : the one the page proposes)
	Task       string   // classify, regress, or "" to infer from the label
	Positive   string   // classification: the class that is +1
	Negative   string   // classification: the class that is -1 ("" : every other class)
	Columns    []string // the feature columns ("" : every numeric column but the label)
	Orders     int      // random orders of the rows
	Rescalings int      // random rescalings per order
	Seed       uint64   // seed of the orders and rescalings
	Show       []string // the learners whose error curves are drawn
}

// MaxSeed is the largest seed a board's link and form take: the page hands
// numbers to its workers as JavaScript numbers, exact up to 2^53-1.
const MaxSeed = 1<<53 - 1

// CurvePoints is how many points of each learner's error curve the board
// room asks for.
const CurvePoints = 120

// Default is the room's first state: the penguins, the default spread, the
// curves of a scale-invariant learner and of OGD.
func Default() Settings {
	sp := leaderboard.DefaultSpread
	return Settings{Dataset: "penguins", Orders: sp.Orders, Rescalings: sp.Rescalings, Seed: sp.Seed, Show: []string{"scinol-diag", "ogd"}}
}

// Own is the engine's description of the board to play.
func (s Settings) Own() leaderboard.Own {
	o := leaderboard.Own{Label: s.Label, Columns: s.Columns, Task: s.Task}
	switch {
	case s.Positive != "" && s.Negative != "":
		o.Classes = []string{s.Positive, s.Negative}
	case s.Positive != "":
		o.Positive = s.Positive
	}
	return o
}

// Spread is the engine's orders and rescalings, with the curves.
func (s Settings) Spread() leaderboard.Spread {
	return leaderboard.Spread{Orders: s.Orders, Rescalings: s.Rescalings, Seed: s.Seed, Curves: CurvePoints}
}

// Encode writes the settings as the link's state: a query string of the
// fields that differ from the defaults.
func (s Settings) Encode() string {
	d := Default()
	v := url.Values{}
	set := func(key, value, def string) {
		if value != def {
			v.Set(key, value)
		}
	}
	set("data", s.Dataset, d.Dataset)
	set("label", s.Label, "")
	set("task", s.Task, "")
	set("pos", s.Positive, "")
	set("neg", s.Negative, "")
	set("cols", strings.Join(s.Columns, ","), "")
	set("orders", strconv.Itoa(s.Orders), strconv.Itoa(d.Orders))
	set("rescalings", strconv.Itoa(s.Rescalings), strconv.Itoa(d.Rescalings))
	set("seed", strconv.FormatUint(s.Seed, 10), strconv.FormatUint(d.Seed, 10))
	set("show", strings.Join(s.Show, ","), strings.Join(d.Show, ","))
	return v.Encode()
}

// Decode reads a link's state; what it cannot read is an error that names
// the field, and the defaults stand for what it does not give.
func Decode(state string) (Settings, error) {
	s := Default()
	v, err := url.ParseQuery(state)
	if err != nil {
		return s, fmt.Errorf("the link's board settings: %v", err)
	}
	for key := range v {
		if !slices.Contains([]string{"data", "label", "task", "pos", "neg", "cols", "orders", "rescalings", "seed", "show"}, key) {
			return s, fmt.Errorf("the link's board settings: unknown field %q", key)
		}
	}
	if v.Has("data") {
		s.Dataset = v.Get("data")
	}
	s.Label, s.Task, s.Positive, s.Negative = v.Get("label"), v.Get("task"), v.Get("pos"), v.Get("neg")
	if s.Task != "" && s.Task != "classify" && s.Task != "regress" {
		return s, fmt.Errorf("the link's board task %q: classify or regress", s.Task)
	}
	list := func(key string, def []string) []string {
		if !v.Has(key) {
			return def
		}
		if text := v.Get(key); text != "" {
			return strings.Split(text, ",")
		}
		return nil
	}
	s.Columns, s.Show = list("cols", nil), list("show", s.Show)
	for _, f := range []struct {
		key      string
		to       *int
		min, max int
	}{{"orders", &s.Orders, 1, leaderboard.MaxSpread}, {"rescalings", &s.Rescalings, 0, leaderboard.MaxSpread}} {
		if !v.Has(f.key) {
			continue
		}
		n, err := strconv.Atoi(v.Get(f.key))
		if err != nil || n < f.min || n > f.max {
			return s, fmt.Errorf("the link's board %s %q: a whole number from %d to %d", f.key, v.Get(f.key), f.min, f.max)
		}
		*f.to = n
	}
	if v.Has("seed") {
		n, err := strconv.ParseUint(v.Get("seed"), 10, 64)
		if err != nil || n > MaxSeed {
			return s, fmt.Errorf("the link's board seed %q: a whole number from 0 to %d", v.Get("seed"), uint64(MaxSeed))
		}
		s.Seed = n
	}
	return s, nil
}
