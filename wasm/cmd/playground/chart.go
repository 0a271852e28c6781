//go:build js && !rooms

package main

import (
	"unitfree/wasm/playground"
)

// chart draws every learner's cumulative loss, mistakes or regret against
// rounds.
type chart struct{ lines *lineChart }

func newChart(a *app) *chart {
	c := &chart{lines: newLineChart(a.doc, "chart", "rounds", func() { a.dirty = true })}
	a.on("chart-metric", "change", func() { a.dirty = true })
	a.on("chart-log", "change", func() { a.dirty = true })
	return c
}

// draw repaints the chart and the hover readout.
func (c *chart) draw(a *app) {
	series := a.run.CumLoss
	switch value(a.el("chart-metric")) {
	case "mistakes":
		series = a.run.CumMistakes
	case "regret":
		series = regretSeries(a.run)
	}
	var curves []curve
	for i, s := range series {
		curves = append(curves, curve{name: a.run.Stats(i).Name, color: learnerColors[i%len(learnerColors)], ys: s})
	}
	a.el("chart-readout").SetTextContent(c.lines.draw(curves, checked(a.el("chart-log"))))
}

// regretSeries returns each learner's cumulative loss minus the comparator's
// (the best fixed predictor of the last regret computation), for the rounds
// the comparator covers.
func regretSeries(r *playground.Run) [][]float64 {
	out := make([][]float64, len(r.CumLoss))
	for i, s := range r.CumLoss {
		n := min(len(s), len(r.ComparatorLoss))
		out[i] = make([]float64, n)
		for t := range n {
			out[i][t] = s[t] - r.ComparatorLoss[t]
		}
	}
	return out
}
