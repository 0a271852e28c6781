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

// chartCycle is what the chart shows while the stream plays: its picture
// of the n-th half second (its curves are those of the frame that renders
// it ahead), in a metric and scale.
type chartCycle struct {
	n      int
	metric string
	logY   bool
}

// curves returns the learners' curves of the chosen metric, and whether
// the y axis is logarithmic.
func (c *chart) curves(a *app) ([]curve, bool) {
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
	return curves, checked(a.el("chart-log"))
}

// draw repaints the chart and the hover readout.
func (c *chart) draw(a *app) {
	curves, logY := c.curves(a)
	setText(a.el("chart-readout"), c.lines.draw(curves, logY))
}

// cycle names the picture of the n-th half second of play.
func (c *chart) cycle(a *app, n int) chartCycle {
	return chartCycle{n: n, metric: value(a.el("chart-metric")), logY: checked(a.el("chart-log"))}
}

// renderAhead renders the picture of the n-th half second of play off
// screen, two frames before showAhead puts it on screen: drawn and shown
// in one frame, the chart made the playing page's longest frames on a
// phone.
func (c *chart) renderAhead(a *app, n int) {
	curves, logY := c.curves(a)
	c.lines.renderAhead(c.cycle(a, n), curves, logY)
}

// showAhead shows the picture of the n-th half second of play and its
// readout: the one rendered ahead, else one rendered now.
func (c *chart) showAhead(a *app, n int) {
	setText(a.el("chart-readout"), c.lines.showFor(c.cycle(a, n), func() ([]curve, bool) { return c.curves(a) }))
}
