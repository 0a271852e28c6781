//go:build js && !rooms

package main

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
		series = a.run.RegretSeries()
	}
	var curves []curve
	for i, s := range series {
		curves = append(curves, curve{name: a.run.Stats(i).Name, color: learnerColors[i%len(learnerColors)], ys: s})
	}
	setText(a.el("chart-readout"), c.lines.draw(curves, checked(a.el("chart-log"))))
}
