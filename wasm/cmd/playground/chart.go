//go:build js

package main

import (
	"fmt"
	"math"
	"strings"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

const (
	chartW, chartH = 760, 260
	chartLeft      = 56
	chartRight     = 150 // room for the legend
	chartTop       = 12
	chartBottom    = 34
	chartPoints    = 400 // samples per series drawn
)

// chart draws every learner's cumulative loss or mistakes against rounds.
type chart struct {
	canvas *dom.HTMLCanvasElement
	ctx    *dom.CanvasRenderingContext2D
	hover  int // round under the pointer, or -1
}

func newChart(a *app) *chart {
	c := &chart{canvas: a.el("chart").(*dom.HTMLCanvasElement), hover: -1}
	c.ctx = c.canvas.GetContext2d()
	a.on("chart-metric", "change", func() { a.dirty = true })
	a.on("chart-log", "change", func() { a.dirty = true })
	c.canvas.AddEventListener("pointermove", false, func(ev dom.Event) {
		pe := ev.(*dom.PointerEvent)
		k := chartW / math.Max(1, c.canvas.Underlying().Get("clientWidth").Float())
		x := pe.OffsetX() * k
		played := a.run.Played()
		if played == 0 {
			return
		}
		t := int(math.Round((x - chartLeft) / (chartW - chartLeft - chartRight) * float64(played-1)))
		c.hover = max(0, min(played-1, t))
		a.dirty = true
	})
	c.canvas.AddEventListener("pointerleave", false, func(dom.Event) { c.hover = -1; a.dirty = true })
	return c
}

// draw repaints the chart and the hover readout.
func (c *chart) draw(a *app) {
	metric := value(a.el("chart-metric"))
	logScale := checked(a.el("chart-log"))
	series := a.run.CumLoss
	title := "cumulative loss"
	switch metric {
	case "mistakes":
		series, title = a.run.CumMistakes, "mistakes"
	case "regret":
		series, title = regretSeries(a.run), "regret against the best fixed predictor of the rounds so far"
	}
	ctx := c.ctx
	dpr := math.Max(1, jsFloat("devicePixelRatio"))
	if c.canvas.Width() != int(chartW*dpr) {
		c.canvas.SetWidth(int(chartW * dpr))
		c.canvas.SetHeight(int(chartH * dpr))
	}
	ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	ctx.SetFillStyle("#ffffff")
	ctx.FillRect(0, 0, chartW, chartH)
	played := a.run.Played()
	ymax := 1.0
	for _, s := range series {
		if len(s) > 0 {
			ymax = math.Max(ymax, s[len(s)-1])
		}
	}
	ymin := 0.0
	for _, s := range series {
		for _, v := range s {
			ymin = math.Min(ymin, v)
		}
	}
	tr := func(v float64) float64 { return v }
	if logScale {
		ymin = -1
		tr = func(v float64) float64 { return math.Log10(math.Max(v, 0.1)) }
		ymax = math.Log10(math.Max(ymax, 1))
	}
	f := playground.Frame{Width: chartW, Height: chartH, Margin: 0, XMin: 0, XMax: math.Max(1, float64(played)), YMin: ymin, YMax: ymax}
	toPx := func(t, v float64) (float64, float64) {
		x := chartLeft + t/f.XMax*(chartW-chartLeft-chartRight)
		y := chartTop + (f.YMax-tr(v))/(f.YMax-f.YMin)*(chartH-chartTop-chartBottom)
		return x, y
	}
	ctx.SetStrokeStyle("#5f6b7a")
	ctx.SetLineWidth(1)
	ctx.StrokeRect(chartLeft, chartTop, chartW-chartLeft-chartRight, chartH-chartTop-chartBottom)
	ctx.SetFillStyle("#3b4452")
	ctx.SetFont("11px system-ui, sans-serif")
	ctx.SetTextAlign("center")
	ctx.SetTextBaseline("top")
	for _, t := range playground.Ticks(0, f.XMax, 6) {
		x, _ := toPx(t, 0)
		ctx.FillText(tickLabel(t), x, chartH-chartBottom+4, -1)
	}
	ctx.FillText("rounds", chartLeft+(chartW-chartLeft-chartRight)/2, chartH-14, -1)
	ctx.SetTextAlign("right")
	ctx.SetTextBaseline("middle")
	yt := playground.Ticks(f.YMin, f.YMax, 4)
	for _, v := range yt {
		y := chartTop + (f.YMax-v)/(f.YMax-f.YMin)*(chartH-chartTop-chartBottom)
		label := tickLabel(v)
		if logScale {
			label = tickLabel(math.Pow(10, v))
		}
		ctx.FillText(label, chartLeft-4, y, -1)
	}
	for i, s := range series {
		if len(s) == 0 {
			continue
		}
		ctx.SetStrokeStyle(learnerColors[i%len(learnerColors)])
		ctx.SetLineWidth(2)
		ctx.BeginPath()
		step := max(1, len(s)/chartPoints)
		for t := 0; t < len(s); t += step {
			x, y := toPx(float64(t+1), s[t])
			if t == 0 {
				ctx.MoveTo(x, y)
			} else {
				ctx.LineTo(x, y)
			}
		}
		x, y := toPx(float64(len(s)), s[len(s)-1])
		ctx.LineTo(x, y)
		ctx.Stroke()
	}
	// legend
	ctx.SetTextAlign("left")
	ctx.SetTextBaseline("middle")
	for i := range a.model.Learners {
		y := float64(chartTop + 10 + 18*i)
		ctx.SetFillStyle(learnerColors[i%len(learnerColors)])
		ctx.FillRect(chartW-chartRight+10, y-5, 14, 10)
		ctx.SetFillStyle("#1f2733")
		ctx.FillText(a.run.Stats(i).Name, chartW-chartRight+30, y, chartRight-34)
	}
	readout := "Hover the chart for values."
	if c.hover >= 0 && c.hover < played {
		x, _ := toPx(float64(c.hover+1), 0)
		ctx.SetStrokeStyle("rgba(31,39,51,0.4)")
		ctx.BeginPath()
		ctx.MoveTo(x, chartTop)
		ctx.LineTo(x, chartH-chartBottom)
		ctx.Stroke()
		var parts []string
		for i, s := range series {
			if c.hover < len(s) {
				parts = append(parts, fmt.Sprintf("%s %s", a.run.Stats(i).Name, num(s[c.hover])))
			}
		}
		readout = fmt.Sprintf("Round %d, %s: %s", c.hover+1, title, strings.Join(parts, " · "))
	}
	a.el("chart-readout").SetTextContent(readout)
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
