//go:build js && (rooms || single)

package main

import (
	"fmt"
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// The bandit room's pictures: each learner's panel (region map or its
// guesses, the points, the current round and its feedback, the figures)
// and the chart.

// draw paints every panel and the chart; a round played since the last
// picture flashes its feedback for 20 frames.
func (v *banditView) draw() {
	if r := v.run(); r != nil && r.Played() != v.shownRound {
		v.shownRound = r.Played()
		v.flashUntil = v.frame + 20
	}
	if v.frame < v.flashUntil {
		v.dirty = true // the pulse and the flash go on
	}
	f := v.frameOf()
	t0 := clock()
	switch {
	case v.run() == nil || v.model.Data == playground.BanditPoints:
		v.guessesNow = true // drawn points show their classes, not guesses
	case !v.player.Playing(): // while playing, between pictures (sideWork)
		v.refreshGuesses(guessBudgetMs)
	}
	v.phase("guesses", t0)
	t0 = clock()
	wholeLeft := 1 // panels whose points may be stamped whole in this frame
	first := newFirstDrawings(v.wholeDrawn)
	for i, p := range v.panels {
		if first.ahead(p.drawn, &p.axesAhead, func() { v.axesAhead(p, f) }) {
			continue
		}
		if first.turn(&p.drawn) {
			if key := v.panelKey(i, f, v.frame); p.ahead == key && key.run != nil {
				p.ctx.DrawImageWithDst(p.back, 0, 0, panelSize, panelSize)
			} else {
				v.drawPanel(p.ctx, i, p, f, v.frame, &wholeLeft)
			}
			p.ahead = panelKey{}
			v.showFigures(i, p)
		}
	}
	v.phase("panels", t0)
	t0 = clock()
	if first.turn(&v.chart.drawn) {
		v.drawChart()
	}
	v.partsWaiting = first.waiting
	v.phase("chart", t0)
	if v.run() == nil {
		setText(v.el("round"), "")
		return
	}
	setText(v.el("round"), v.run().RoundText(v.model.Classes))
}

// axisTitles returns the panels' axis titles: the features' for 2-D
// points, the principal components' for SynSep.
func (v *banditView) axisTitles() (x, y string) {
	if v.model.Data == playground.BanditPoints {
		return axisTitle(v.model.Features[0]), axisTitle(v.model.Features[1])
	}
	return "principal component 1", "principal component 2"
}

// axesAhead draws panel p's axes for frame f off screen and has them
// painted, ahead of its first picture.
func (v *banditView) axesAhead(p *banditPanel, f playground.Frame) {
	xName, yName := v.axisTitles()
	p.axes.prepare(v.doc, p.canvas, f, xName, yName)
	rasterize(p.axes.canvas)
}

// flashUntilAt is the frame until which the last feedback flashes in a
// picture drawn in animation frame at: a round not shown yet starts its
// flash in that picture (draw).
func (v *banditView) flashUntilAt(at int) int {
	if r := v.run(); r != nil && r.Played() != v.shownRound {
		return at + 20
	}
	return v.flashUntil
}

// panelKey is the state panel i's picture in animation frame at shows.
func (v *banditView) panelKey(i int, f playground.Frame, at int) panelKey {
	r := v.run()
	if r == nil {
		return panelKey{}
	}
	return panelKey{run: r, played: r.Played(), updates: r.Session.Updates(i), frame: f, at: at}
}

// guessBudgetMs is the time a picture at rest gives to bringing its
// learners' cached guesses at SynSep's points up to date.
const guessBudgetMs = 2

// sideWork brings the cached guesses towards the learners' between the
// pictures of a playing stream.
func (v *banditView) sideWork(ms float64) {
	if v.run() != nil && v.model.Data != playground.BanditPoints {
		v.refreshGuesses(ms)
	}
}

// refreshGuesses updates the learners' cached guesses at SynSep's points,
// 64 rows of a learner at a time round the learners, until they are those
// of the learners as they are or ms milliseconds are spent; each panel
// collects the rows whose guess changed. A picture not yet current asks
// for the next frame: at rest it becomes one round's picture within frames.
func (v *banditView) refreshGuesses(ms float64) {
	t0 := clock()
	current := false
	for !current && clock()-t0 < ms {
		current = true
		for i, p := range v.panels {
			var ok bool
			p.pending, ok = v.run().RefreshGuesses(i, 64, p.pending)
			current = current && ok
		}
	}
	v.guessesNow = current
	if !current {
		v.dirty = true
	}
}

// guessPending fills a point not guessed yet.
var guessPending = [3]int{208, 212, 218}

// drawGuesses paints SynSep's points filled with learner i's guess and
// ringed by their class: thousands of discs stamped into one image at the
// canvas's device pixels (playground.DiscPainter), drawn at once. A new run
// stamps the image whole; while the stream plays, only the points whose
// guess changed are stamped again, over the others; at rest, once the
// guesses are current, the image is stamped whole again, so that it is
// exactly one round's picture. At most one panel is stamped whole per
// frame (wholeLeft), the others wait for the next.
func (v *banditView) drawGuesses(c *dom.CanvasRenderingContext2D, i int, p *banditPanel, f playground.Frame, wholeLeft *int) {
	r := v.run()
	w, h := p.canvas.Width(), p.canvas.Height()
	dpr := float64(w) / panelSize
	if p.dots == nil {
		p.dots, p.dctx, p.dimg, p.dbuf = offscreen(v.doc, w, h)
	}
	if v.painter == nil {
		v.painter = playground.NewDiscPainter()
	}
	whole := p.dotsRun != r || (!v.player.Playing() && v.guessesNow && p.incremental)
	if whole && *wholeLeft == 0 {
		v.dirty = true // its turn comes in a next frame
		whole = false
	}
	// A point is a disc of its class 5 px wide with one of its guess 3 px
	// wide inside: a ring of 2 px.
	dot := func(row int) {
		x, y := f.ToPixel(r.Screen[row][0], r.Screen[row][1])
		fill := guessPending
		if guess, ok := r.Guess(i, row); ok {
			fill = classColors[guess%len(classColors)]
		}
		p.dotList = append(p.dotList, playground.Disc{X: x * dpr, Y: y * dpr, R: 5 * dpr, Color: classColors[r.Labels[row]%len(classColors)], Alpha: 1},
			playground.Disc{X: x * dpr, Y: y * dpr, R: 3 * dpr, Color: fill, Alpha: 1})
	}
	switch {
	case whole:
		*wholeLeft--
		p.dotList = p.dotList[:0]
		for row := range r.Screen {
			dot(row)
		}
		clear(p.dbuf)
		v.painter.Paint(p.dbuf, w, h, p.dotList)
		p.dotsRun, p.incremental, p.pending = r, false, p.pending[:0]
	case p.dotsRun == r && len(p.pending) > 0:
		p.dotList = p.dotList[:0]
		for _, row := range p.pending {
			dot(row)
		}
		v.painter.Paint(p.dbuf, w, h, p.dotList)
		p.incremental, p.pending = true, p.pending[:0]
	default:
		if p.dotsRun == r {
			c.DrawImageWithDst(p.dots, 0, 0, panelSize, panelSize)
		}
		return
	}
	js.CopyBytesToJS(p.dimg.Data(), p.dbuf)
	p.dctx.PutImageData(p.dimg, 0, 0)
	c.DrawImageWithDst(p.dots, 0, 0, panelSize, panelSize)
}

// white is the ring round a 2-D point.
var white = [3]int{255, 255, 255}

// drawPoints draws the run's 2-D points, each a disc of its class 7 px wide
// ringed in white 1 px, from an image stamped once per run and frame
// (playground.DiscPainter) and drawn at once: an arc, a fill style and a
// stroke per point cost a phone's CPU 150 to 200 ms a picture.
func (v *banditView) drawPoints(c *dom.CanvasRenderingContext2D, p *banditPanel, f playground.Frame) {
	r := v.run()
	w, h := p.canvas.Width(), p.canvas.Height()
	if p.dots == nil {
		p.dots, p.dctx, p.dimg, p.dbuf = offscreen(v.doc, w, h)
	}
	if p.dotsRun != r || p.dotsFrame != f {
		if v.painter == nil {
			v.painter = playground.NewDiscPainter()
		}
		dpr := float64(w) / panelSize
		p.dotList = p.dotList[:0]
		for row, xy := range r.Screen {
			x, y := f.ToPixel(xy[0], xy[1])
			p.dotList = append(p.dotList, playground.Disc{X: x * dpr, Y: y * dpr, R: 4.5 * dpr, Color: white, Alpha: 1},
				playground.Disc{X: x * dpr, Y: y * dpr, R: 3.5 * dpr, Color: classColors[r.Labels[row]%len(classColors)], Alpha: 1})
		}
		clear(p.dbuf)
		v.painter.Paint(p.dbuf, w, h, p.dotList)
		js.CopyBytesToJS(p.dimg.Data(), p.dbuf)
		p.dctx.PutImageData(p.dimg, 0, 0)
		p.dotsRun, p.dotsFrame = r, f
	}
	c.DrawImageWithDst(p.dots, 0, 0, panelSize, panelSize)
}

func cssOf(c [3]int, alpha float64) string {
	return fmt.Sprintf("rgba(%d,%d,%d,%g)", c[0], c[1], c[2], alpha)
}

// drawPanel paints learner i's region map (2-D data) or its guesses at
// the points (SynSep's projection) and the current round onto c (the
// panel's canvas or the one it renders ahead on), as animation frame at
// shows them.
func (v *banditView) drawPanel(c *dom.CanvasRenderingContext2D, i int, p *banditPanel, f playground.Frame, at int, wholeLeft *int) {
	c.SetFillStyle("#ffffff")
	c.FillRect(0, 0, f.Width, f.Height)
	points := v.model.Data == playground.BanditPoints
	if v.run() != nil && points {
		v.regions(i, p, f)
		for o, k := range p.classes {
			cc := classColors[k%len(classColors)]
			for j := range 3 { // a light tint of the class colour
				p.buf[4*o+j] = byte(255 - 0.32*float64(255-cc[j]))
			}
			p.buf[4*o+3] = 255
		}
		js.CopyBytesToJS(p.img.Data(), p.buf)
		p.rctx.PutImageData(p.img, 0, 0)
		x0, y0 := f.ToPixel(f.XMin, f.YMax)
		x1, y1 := f.ToPixel(f.XMax, f.YMin)
		c.Set("imageSmoothingEnabled", false)
		c.DrawImageWithDst(p.region, x0, y0, x1-x0, y1-y0)
	}
	xName, yName := v.axisTitles()
	p.axes.draw(v.doc, c, p.canvas, f, xName, yName)
	if v.run() == nil {
		for _, pt := range v.model.Points {
			x, y := f.ToPixel(pt.X, pt.Y)
			c.SetFillStyle(cssOf(classColors[pt.Class%len(classColors)], 1))
			c.BeginPath()
			c.Arc(x, y, 4, 0, 2*math.Pi, false)
			c.Fill()
		}
		return
	}
	if points {
		v.drawPoints(c, p, f)
	} else { // SynSep: filled with the learner's guess, ringed by the truth
		v.drawGuesses(c, i, p, f, wholeLeft)
	}
	round, ok := v.run().Session.LastRound(i)
	if row := v.run().Current(); ok && row >= 0 {
		x, y := f.ToPixel(v.run().Screen[row][0], v.run().Screen[row][1])
		pulse := 9 + 3*math.Sin(float64(at)/4)
		ring := "#1f2733"
		if at < v.flashUntilAt(at) {
			ring = "#1d7a3a" // right
			if !round.Correct {
				ring = "#b3261e" // wrong
			}
		}
		c.SetStrokeStyle(ring)
		c.Set("lineWidth", 3)
		c.BeginPath()
		c.Arc(x, y, pulse, 0, 2*math.Pi, false)
		c.Stroke()
		// The played label's mark: a diamond for a random exploration, a
		// disc for the greedy choice, in the played class's colour.
		c.SetFillStyle(cssOf(classColors[round.Played%len(classColors)], 1))
		c.BeginPath()
		mx, my := x+pulse+8, y-pulse-4
		if round.Explored {
			c.MoveTo(mx, my-7)
			c.LineTo(mx+7, my)
			c.LineTo(mx, my+7)
			c.LineTo(mx-7, my)
			c.ClosePath()
		} else {
			c.Arc(mx, my, 6, 0, 2*math.Pi, false)
		}
		c.Fill()
		c.SetStrokeStyle("#1f2733")
		c.Set("lineWidth", 1)
		c.Stroke()
	}
}

// showFigures shows learner i's figures under its panel.
func (v *banditView) showFigures(i int, p *banditPanel) {
	if v.run() == nil {
		return
	}
	res := v.run().Session.Results()[i]
	p.texts.set("f-rounds", fmt.Sprintf("%d / %d", v.run().Session.Played(), v.run().Session.Total()))
	p.texts.set("f-mistakes", strconv.Itoa(res.Mistakes))
	if v.run().Session.Played() > 0 {
		p.texts.set("f-rate", fmt.Sprintf("%.1f %%", 100*res.ErrorRate))
	}
	p.texts.set("f-explored", strconv.Itoa(res.Explored))
	p.texts.set("f-updates", strconv.Itoa(res.Updates))
	p.texts.set("last-round", v.run().LastRoundText(i, v.model.Classes))
}

// axisTitle is a feature's name with its unit.
func axisTitle(f playground.Feature) string { return playground.AxisTitle(f, f.Base) }

// chartState is the state of the room the chart shows.
type chartState struct {
	run    *playground.BanditRun
	played int
	metric string
	logY   bool
}

func (v *banditView) chartState() chartState {
	return chartState{run: v.run(), played: v.run().Played(), metric: value(v.el("metric")), logY: checked(v.el("log"))}
}

// prepareFirst renders the chart of the state the picture after next
// shows, off screen, and computes its panels' region maps
// (twoPartPreparer).
func (v *banditView) prepareFirst() {
	if v.run() == nil {
		return
	}
	// (A part not drawn yet waits for its first drawing: firstDrawings.)
	if v.chart.drawn {
		s := v.chartState()
		v.chart.renderAhead(s, v.curves(s), s.logY)
	}
	if v.model.Data == playground.BanditPoints {
		f := v.frameOf()
		for i, p := range v.panels {
			if p.drawn {
				v.regions(i, p, f)
			}
		}
	}
}

// prepare draws the panels of the state the next picture shows off screen,
// from the region maps prepareFirst computed, or SynSep's guesses brought
// up to date between the pictures (preparer).
func (v *banditView) prepare() {
	if v.run() == nil {
		return
	}
	f := v.frameOf()
	wholeLeft := 1 // panels whose points may be stamped whole in this frame
	for i, p := range v.panels {
		if p.drawn {
			v.renderAhead(i, p, f, &wholeLeft)
		}
	}
}

// renderAhead draws panel i's next picture off screen, for the next frame
// (the picture's) to copy on screen at once: its canvas calls and their
// painting took a third of a picture's frame on a phone's CPU.
func (v *banditView) renderAhead(i int, p *banditPanel, f playground.Frame, wholeLeft *int) {
	if w, h := p.canvas.Width(), p.canvas.Height(); p.back == nil || p.back.Width() != w || p.back.Height() != h {
		p.back = createCanvas(v.doc)
		p.back.SetWidth(w)
		p.back.SetHeight(h)
		p.bctx = p.back.GetContext2d()
		p.bctx.Scale(float64(w)/panelSize, float64(h)/panelSize)
	}
	at := v.frame + 1
	v.drawPanel(p.bctx, i, p, f, at, wholeLeft)
	rasterize(p.back)
	p.ahead = v.panelKey(i, f, at)
}

// regionKey is the state a region map shows: the run, its round, the
// updates that reached the learner's model (full SOBA's work spreads over
// frames) and the plot's frame.
type regionKey struct {
	run             *playground.BanditRun
	played, updates int
	frame           playground.Frame
}

// regions brings panel i's region map to the run's state: learner i's
// class at each of its cells (regionCells² predictions, a third of a
// picture's work on a phone, done ahead by prepareFirst while the stream plays).
func (v *banditView) regions(i int, p *banditPanel, f playground.Frame) {
	key := regionKey{v.run(), v.run().Played(), v.run().Session.Updates(i), f}
	if p.mapOf != key {
		v.run().Regions(i, f, regionCells, p.classes)
		p.mapOf = key
	}
}

// drawChart shows the chosen metric of every learner.
func (v *banditView) drawChart() {
	if v.run() == nil {
		return
	}
	s := v.chartState()
	setText(v.el("readout"), v.chart.showFor(s, func() ([]curve, bool) { return v.curves(s), s.logY }))
}

// curves returns the chart's curves in state s.
func (v *banditView) curves(s chartState) []curve {
	var curves []curve
	for i, ys := range v.run().Series(s.metric) {
		curves = append(curves, curve{name: v.run().Names[i], color: learnerColors[i%len(learnerColors)], ys: ys})
	}
	if s.metric == playground.MetricExploreRate {
		g := make([]float64, s.played)
		for t := range g {
			g[t] = v.model.Gamma
		}
		curves = append(curves, curve{name: "γ", color: "#3b4452", ys: g, dashed: true})
	}
	return curves
}
