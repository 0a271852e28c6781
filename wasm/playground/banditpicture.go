package playground

import (
	"fmt"
	"strconv"
)

// What the bandit room's pictures show, as numbers and words: the page
// only paints them.

// Bandit chart metrics.
const (
	MetricMistakes    = "mistakes" // cumulative mistakes
	MetricMistakeRate = "rate"     // mistakes per round so far
	MetricExploreRate = "explore"  // explorations per round so far
)

// Series returns each learner's curve of the metric over the rounds
// played: cumulative mistakes, or the running rate of mistakes or of
// explorations.
func (r *BanditRun) Series(metric string) [][]float64 {
	out := make([][]float64, len(r.Mistakes))
	for i := range out {
		src := r.Mistakes[i]
		if metric == MetricExploreRate {
			src = r.Explored[i]
		}
		if metric == MetricMistakes {
			out[i] = src
			continue
		}
		out[i] = make([]float64, len(src))
		for t, m := range src {
			out[i][t] = m / float64(t+1)
		}
	}
	return out
}

// Regions fills classes (cells x cells, row-major from the top) with the
// class learner i would play greedily at the centre of each cell of the
// frame's data area: the region map of two-feature data.
func (r *BanditRun) Regions(i int, f Frame, cells int, classes []int) {
	for row := range cells {
		y := f.YMax - (float64(row)+0.5)/float64(cells)*(f.YMax-f.YMin)
		for col := range cells {
			x := f.XMin + (float64(col)+0.5)/float64(cells)*(f.XMax-f.XMin)
			classes[row*cells+col] = r.PredictAt(i, x, y)
		}
	}
}

// ClassName returns class c's name, or its number when it has none.
func ClassName(classes []string, c int) string {
	if c >= 0 && c < len(classes) {
		return classes[c]
	}
	return strconv.Itoa(c + 1)
}

// RoundText says where the stream is: "Round 12 of 200: point 37, true
// class Adelie".
func (r *BanditRun) RoundText(classes []string) string {
	t := r.Session.Played()
	line := fmt.Sprintf("Round %d of %d", t, r.Session.Total())
	if row := r.Current(); row >= 0 {
		line += fmt.Sprintf(": point %d, true class %s", row+1, ClassName(classes, r.Labels[row]))
	}
	return line
}

// LastRoundText says what learner i did in the last round: its greedy
// label, the label it played with its probability, whether it explored,
// whether it was right and whether it updated.
func (r *BanditRun) LastRoundText(i int, classes []string) string {
	round, ok := r.Session.LastRound(i)
	if !ok {
		return "No round yet: press Play or Step."
	}
	kind, verdict, upd := "● greedy", "✓ right", "no update"
	if round.Explored {
		kind = "◆ explored"
	}
	if !round.Correct {
		verdict = "✗ wrong"
	}
	if round.Updated {
		upd = "updated"
	}
	return fmt.Sprintf("greedy %s · played %s (p = %s) · %s · %s · %s", ClassName(classes, round.Greedy), ClassName(classes, round.Played),
		strconv.FormatFloat(round.Prob, 'g', 4, 64), kind, verdict, upd)
}
