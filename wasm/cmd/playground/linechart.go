//go:build js

package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// The charts' geometry in logical pixels.
const (
	chartLeft   = 56
	chartRight  = 150 // room for the legend (less on a narrow screen: legendWidth)
	chartTop    = 12
	chartBottom = 34
	chartPoints = 400 // samples per series drawn
)

// curve is one line of a lineChart: ys against xs (nil xs: 1, 2, 3, ...).
type curve struct {
	name   string
	color  string
	xs, ys []float64
	dashed bool // a reference curve (T, sqrt T, a bound)
}

// lineChart draws curves against a shared x axis, with ticks, a legend and
// a hover readout; the rooms' charts are all one of these.
type lineChart struct {
	canvas *dom.HTMLCanvasElement // on screen
	ctx    *dom.CanvasRenderingContext2D
	back   *dom.HTMLCanvasElement // where render paints, off screen
	bctx   *dom.CanvasRenderingContext2D
	w, h   float64 // logical size: h fixed, w the width on screen up to the canvas's own
	maxW   float64
	xName  string
	hover  float64 // the x under the pointer, NaN when none
	xmax   float64 // the x range of the last drawing, for the hover
	path   playground.Path
	shownW float64  // the canvas's width on screen in CSS pixels, 0 while hidden
	ahead  chartKey // what the chart rendered ahead (renderAhead) shows, zero when none
	drawn  bool     // the chart was drawn once (the rooms' firstDrawings)
	aheadR string   // its readout
	shown  any      // the room's state the chart on screen shows (showFor), for the tests

	legends map[legendKey][]string // the legend's names broken into lines (legendLines)
}

// chartKey says what a rendering shows: the room's state (any comparable
// value) and the chart's own, the hovered x and the width.
type chartKey struct {
	state any
	hover uint64 // the bits of the hovered x: NaN off the chart, which is not == itself
	width float64
}

func (c *lineChart) key(state any) chartKey {
	return chartKey{state: state, hover: math.Float64bits(c.hover), width: c.shownW}
}

// renderAhead renders the curves of a room's state off screen, for the
// next showFor of the same state to show (preparer).
func (c *lineChart) renderAhead(state any, curves []curve, logY bool) {
	c.ahead, c.aheadR = c.key(state), c.render(curves, logY)
	rasterize(c.back) // on a phone's CPU a chart's lines and text took 5 to 8 ms of the picture's frame
}

// showFor puts the chart of a room's state on screen: the one rendered
// ahead if it was rendered for that state, else one rendered now from
// curves. It returns the readout.
func (c *lineChart) showFor(state any, curves func() ([]curve, bool)) string {
	if c.ahead != c.key(state) {
		cs, logY := curves()
		c.ahead, c.aheadR = c.key(state), c.render(cs, logY)
	}
	c.shown, c.ahead = c.ahead.state, chartKey{} // what the rendering shown was made for
	c.show()
	return c.aheadR
}

// path2D is the browser's Path2D constructor: a curve goes to the canvas as
// one SVG path string.
var path2D = js.Global().Get("Path2D")

// readoutHint invites the visitor to read a chart's values: by hovering
// it, or on a device whose pointer is a finger, by touching it. (Asked of
// the page when first needed, not at start: the program also starts where
// there is no window, in the compiling worker.)
var readoutHint = sync.OnceValue(func() string {
	if js.Global().Call("matchMedia", "(hover: none) and (pointer: coarse)").Get("matches").Bool() {
		return "Touch the chart for values."
	}
	return "Hover the chart for values."
})

// newLineChart wraps the canvas with the given id; redraw is called when
// the pointer moves over it or leaves it, and when its width on screen
// changes.
func newLineChart(doc dom.Document, id, xName string, redraw func()) *lineChart {
	c := &lineChart{canvas: byID(doc, id).(*dom.HTMLCanvasElement), xName: xName, hover: math.NaN(), legends: map[legendKey][]string{}}
	c.ctx = c.canvas.GetContext2d()
	c.back = createCanvas(doc)
	c.bctx = c.back.GetContext2d()
	c.w, c.h = float64(c.canvas.Width()), float64(c.canvas.Height())
	c.maxW = c.w
	if redraw == nil {
		redraw = func() {}
	}
	// The width on screen comes from a ResizeObserver: reading clientWidth
	// while drawing would force a layout of the page in every picture.
	observer := js.Global().Get("ResizeObserver").New(js.FuncOf(func(_ js.Value, args []js.Value) any {
		entries := args[0]
		if n := entries.Length(); n > 0 {
			if w := entries.Index(n - 1).Get("contentRect").Get("width").Float(); w != c.shownW {
				c.shownW = w
				redraw()
			}
		}
		return nil
	}))
	observer.Call("observe", c.canvas.Underlying())
	point := func(ev dom.Event) {
		k := c.w / math.Max(1, c.canvas.Underlying().Get("clientWidth").Float())
		frac := (ev.(*dom.PointerEvent).OffsetX()*k - chartLeft) / (c.w - chartLeft - c.legendWidth())
		c.hover = math.Max(0, math.Min(1, frac)) * c.xmax
		redraw()
	}
	c.canvas.AddEventListener("pointermove", false, point)
	c.canvas.AddEventListener("pointerdown", false, point) // a tap shows the values too
	c.canvas.AddEventListener("pointerleave", false, func(ev dom.Event) {
		if ev.(*dom.PointerEvent).PointerType() == "touch" {
			return // a lifted finger leaves the values shown until the next touch
		}
		c.hover = math.NaN()
		redraw()
	})
	return c
}

// draw paints the curves (y on a log10 scale when logY) on screen and
// returns the readout of the values at the hovered x.
func (c *lineChart) draw(curves []curve, logY bool) string {
	readout := c.render(curves, logY)
	c.show()
	return readout
}

// show puts the last rendering on screen.
func (c *lineChart) show() {
	w, h := c.back.Width(), c.back.Height()
	if c.canvas.Width() != w || c.canvas.Height() != h {
		c.canvas.SetWidth(w)
		c.canvas.SetHeight(h)
	}
	c.ctx.DrawImage(c.back, 0, 0)
}

// render paints the curves off screen, for show to put on screen (a room
// renders its chart in one frame and shows it with the rest of its picture
// in the next), and returns the readout of the values at the hovered x.
func (c *lineChart) render(curves []curve, logY bool) string {
	ctx := c.bctx
	dpr := math.Max(1, jsFloat("devicePixelRatio"))
	// Draw at the width the canvas has on screen (a phone's), so that the
	// text keeps its size; the height stays.
	if c.shownW > 0 {
		c.w = math.Max(300, math.Min(c.maxW, math.Round(c.shownW)))
	}
	right := c.legendWidth()
	if c.back.Width() != int(c.w*dpr) || c.back.Height() != int(c.h*dpr) {
		c.back.SetWidth(int(c.w * dpr))
		c.back.SetHeight(int(c.h * dpr))
	}
	ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	canvas := ctx.Value
	style := func(property, value string) { canvas.Set(property, jsString(value)) }
	text := func(s string, x, y float64) { canvas.Call("fillText", jsString(s), x, y) }
	style("fillStyle", "#ffffff")
	ctx.FillRect(0, 0, c.w, c.h)
	tr := func(v float64) float64 { return v }
	if logY {
		tr = func(v float64) float64 { return math.Log10(math.Max(v, 1e-300)) }
	}
	xmax, ymin, ymax := 1.0, math.Inf(1), math.Inf(-1)
	for _, cv := range curves {
		for i, y := range cv.ys {
			if math.IsNaN(y) || math.IsInf(y, 0) || (logY && y <= 0) {
				continue
			}
			xmax = math.Max(xmax, xAt(cv, i))
			ymin, ymax = math.Min(ymin, tr(y)), math.Max(ymax, tr(y))
		}
	}
	if math.IsInf(ymin, 0) {
		ymin, ymax = 0, 1
	}
	if !logY {
		ymin = math.Min(ymin, 0)
	}
	if ymax-ymin < 1e-12 {
		ymax = ymin + 1
	}
	if !logY {
		ymax += 0.04 * (ymax - ymin) // a curve that ends flat stays off the frame
	}
	c.xmax = xmax
	pw, ph := c.w-chartLeft-right, c.h-chartTop-chartBottom
	toPx := func(x, y float64) (float64, float64) {
		return chartLeft + x/xmax*pw, chartTop + (ymax-tr(y))/(ymax-ymin)*ph
	}
	style("strokeStyle", "#5f6b7a")
	canvas.Set("lineWidth", 1)
	ctx.StrokeRect(chartLeft, chartTop, pw, ph)
	style("fillStyle", "#3b4452")
	style("font", "11px system-ui, sans-serif")
	style("textAlign", "center")
	style("textBaseline", "top")
	for _, t := range playground.Ticks(0, xmax, 6) {
		x := chartLeft + t/xmax*pw
		text(tickLabel(t), x, c.h-chartBottom+4)
	}
	text(c.xName, chartLeft+pw/2, c.h-14)
	style("textAlign", "right")
	style("textBaseline", "middle")
	yTicks := playground.Ticks(ymin, ymax, 4)
	if logY {
		yTicks = nil
		for e := math.Ceil(ymin); e <= ymax; e += math.Max(1, math.Ceil((ymax-ymin)/5)) {
			yTicks = append(yTicks, e)
		}
		if len(yTicks) < 2 { // less than a decade: round values within it
			yTicks = nil
			for _, v := range playground.Ticks(math.Pow(10, ymin), math.Pow(10, ymax), 3) {
				if v > 0 {
					yTicks = append(yTicks, math.Log10(v))
				}
			}
		}
	}
	for _, v := range yTicks {
		y := chartTop + (ymax-v)/(ymax-ymin)*ph
		label := tickLabel(v)
		if logY {
			label = tickLabel(math.Pow(10, v))
		}
		text(label, chartLeft-4, y)
	}
	ctx.Save()
	ctx.BeginPath()
	ctx.Rect(chartLeft, chartTop, pw, ph)
	ctx.Clip()
	same := sameCurves(curves)
	for k, cv := range curves {
		style("strokeStyle", cv.color)
		canvas.Set("lineWidth", 2)
		if cv.dashed {
			canvas.Set("lineWidth", 1.5)
			canvas.Call("setLineDash", dashReference)
		}
		if g := same[k]; g.of >= 0 {
			// A curve on an earlier one takes turns with it, 8 px each.
			canvas.Call("setLineDash", []any{8, 8 * (g.size - 1)})
			canvas.Set("lineDashOffset", -8*g.turn)
		}
		step := max(1, len(cv.ys)/chartPoints)
		c.path.Reset()
		for i := 0; i < len(cv.ys); i += step {
			y := cv.ys[i]
			if math.IsNaN(y) || (logY && y <= 0) {
				c.path.Break()
				continue
			}
			c.path.Point(toPx(xAt(cv, i), y))
		}
		if n := len(cv.ys); n > 0 && !math.IsNaN(cv.ys[n-1]) && !(logY && cv.ys[n-1] <= 0) {
			c.path.Point(toPx(xAt(cv, n-1), cv.ys[n-1]))
		}
		if c.path.Swings() {
			canvas.Set("lineWidth", 1) // (playground.Path.Swings)
		}
		ctx.Call("stroke", path2D.New(c.path.String()))
		canvas.Call("setLineDash", dashNone)
		canvas.Set("lineDashOffset", 0)
	}
	ctx.Restore()
	style("textAlign", "left")
	style("textBaseline", "middle")
	y := float64(chartTop + 10)
	for k, cv := range curves {
		name := cv.name
		if g := same[k]; g.of >= 0 {
			name += " (on " + curves[g.of].name + "'s line)"
		}
		// The swatch: a dashed line for a reference curve, as it is drawn.
		style("strokeStyle", cv.color)
		if cv.dashed {
			canvas.Set("lineWidth", 2)
			canvas.Call("setLineDash", dashSwatch)
		} else {
			canvas.Set("lineWidth", 8)
		}
		ctx.BeginPath()
		ctx.MoveTo(c.w-right+10, y)
		ctx.LineTo(c.w-right+24, y)
		ctx.Stroke()
		canvas.Call("setLineDash", dashNone)
		style("fillStyle", "#1f2733")
		for _, line := range c.legendLines(name, right-34) {
			text(line, c.w-right+30, y)
			y += 13
		}
		y += 5
	}
	if math.IsNaN(c.hover) {
		return readoutHint()
	}
	x := chartLeft + c.hover/xmax*pw
	style("strokeStyle", "rgba(31,39,51,0.4)")
	ctx.BeginPath()
	ctx.MoveTo(x, chartTop)
	ctx.LineTo(x, chartTop+ph)
	ctx.Stroke()
	var parts []string
	for _, cv := range curves {
		if i := nearest(cv, c.hover); i >= 0 {
			parts = append(parts, cv.name+" "+num(cv.ys[i]))
		}
	}
	return fmt.Sprintf("%s %s: %s", c.xName, tickLabel(math.Round(c.hover)), strings.Join(parts, " · "))
}

// The dash patterns of the charts' lines, made once: none, a reference
// curve's and its legend swatch's.
var (
	dashNone      = js.ValueOf([]any{})
	dashReference = js.ValueOf([]any{6, 4})
	dashSwatch    = js.ValueOf([]any{4, 3})
)

// legendLines is playground.LegendLines of a name at the chart's font,
// measured once per name and width: a legend's names stay while a room
// plays, and measuring them took a canvas call per word per picture.
func (c *lineChart) legendLines(name string, maxWidth float64) []string {
	key := legendKey{name, maxWidth}
	if lines, ok := c.legends[key]; ok {
		return lines
	}
	if len(c.legends) >= 64 {
		clear(c.legends)
	}
	lines := playground.LegendLines(name, maxWidth, func(s string) float64 { return c.bctx.MeasureText(s).Width() })
	c.legends[key] = lines
	return lines
}

// legendKey is a name in a legend of a given width.
type legendKey struct {
	name  string
	width float64
}

// sharedLine places a curve among those drawn as one line: the earlier
// curve it lies on (of, -1 for none), how many curves share that line and
// its turn among them (the first, drawn solid, is turn 0).
type sharedLine struct{ of, size, turn int }

// sameCurves finds the curves that lie exactly on an earlier one.
func sameCurves(curves []curve) []sharedLine {
	series := make([][]float64, len(curves))
	for i, cv := range curves {
		series[i] = cv.ys
	}
	same := playground.SameAs(series)
	lines := make([]sharedLine, len(curves))
	size := make([]int, len(curves))
	for i, of := range same {
		lines[i] = sharedLine{of: of}
		if cv := curves[i]; of >= 0 && (!slices.Equal(cv.xs, curves[of].xs) || cv.dashed || curves[of].dashed || len(cv.ys) == 0) {
			lines[i].of = -1
		}
		if of := lines[i].of; of >= 0 {
			size[of]++
			lines[i].turn = size[of]
		}
	}
	for i := range lines {
		if of := lines[i].of; of >= 0 {
			lines[i].size = size[of] + 1
		}
	}
	return lines
}

// xAt returns the x of point i of the curve.
func xAt(cv curve, i int) float64 {
	if cv.xs == nil {
		return float64(i + 1)
	}
	return cv.xs[i]
}

// nearest returns the index of the curve's last point at or before x, or -1.
func nearest(cv curve, x float64) int {
	best := -1
	for i := range cv.ys {
		if xAt(cv, i) > x+0.5 {
			break
		}
		best = i
	}
	return best
}

// legendWidth is the room for the legend: 150 px, or 30% of a narrow chart.
func (c *lineChart) legendWidth() float64 { return math.Min(chartRight, math.Round(0.3*c.w)) }
