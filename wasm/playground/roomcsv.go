package playground

import (
	"fmt"
	"strings"
)

// The rooms' "Metrics CSV": each room's series as the page plots them.

// BanditCSV returns, per round played, the data row and each learner's
// cumulative mistakes and explorations.
func BanditCSV(r *BanditRun) string {
	var b strings.Builder
	b.WriteString("round,row,label")
	for _, name := range r.Session.Results() {
		fmt.Fprintf(&b, ",%s mistakes,%s explorations", name.ID, name.ID)
	}
	b.WriteString("\n")
	for t := range r.Session.Played() {
		row := r.Session.Row(t)
		fmt.Fprintf(&b, "%d,%d,%d", t+1, row+1, r.Labels[row])
		for i := range r.Mistakes {
			fmt.Fprintf(&b, ",%s,%s", fnum(r.Mistakes[i][t]), fnum(r.Explored[i][t]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// SamplingCSV returns each pair's records: gradient evaluations, F(w) - F*
// and the effective variance.
func SamplingCSV(r *SamplingRun) string {
	var b strings.Builder
	b.WriteString("pair,evaluations,gap,effective variance\n")
	for _, t := range r.Tracks {
		for k := range t.Evals {
			fmt.Fprintf(&b, "%s,%s,%s,%s\n", t.Pair, fnum(t.Evals[k]), fnum(t.Gap[k]), fnum(t.Variance[k]))
		}
	}
	return b.String()
}

// LectureCSV returns the game's first shown rounds: z_t, then each
// player's play, cumulative loss, regret and proven bound (empty for FTL).
func LectureCSV(g *LectureGame, shown int) string {
	var b strings.Builder
	b.WriteString("round,z")
	for _, p := range g.Players {
		fmt.Fprintf(&b, ",%s play,%s loss,%s regret,%s bound", p.ID, p.ID, p.ID, p.ID)
	}
	b.WriteString("\n")
	for t := range min(shown, len(g.Z)) {
		fmt.Fprintf(&b, "%d,%s", t+1, fnum(g.Z[t]))
		for _, p := range g.Players {
			bound := ""
			if p.Bound != nil {
				bound = fnum(p.Bound[t])
			}
			fmt.Fprintf(&b, ",%s,%s,%s,%s", fnum(p.Plays[t]), fnum(p.CumLoss[t]), fnum(p.Regret[t]), bound)
		}
		b.WriteString("\n")
	}
	return b.String()
}
