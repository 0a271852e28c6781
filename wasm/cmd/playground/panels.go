//go:build js && !rooms

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/catalog"
	"unitfree/core/eval"
	"unitfree/wasm/playground"
)

// panel is one learner's panel: its canvas, figures and meter.
type panel struct {
	canvas   *dom.HTMLCanvasElement
	ctx      *dom.CanvasRenderingContext2D
	heat     *dom.HTMLCanvasElement
	hctx     *dom.CanvasRenderingContext2D
	himg     *dom.ImageData
	hbuf     []byte          // the heatmap's pixels on screen
	path     playground.Path // the decision boundary's segments, built
	boundary js.Value        // and as the canvas's Path2D
	shown    heatTarget      // what the heatmap on screen shows
	probs    []float64       // the probabilities it shows
	// The next heatmap is computed a few rows per frame into these, at one
	// round (the stream waits for it: app.heatmapDue), and shown whole
	// once complete.
	next       heatTarget
	nextBuf    []byte
	nextProbs  []float64
	nextRounds [heatmapCells / heatBand]int
	root       dom.Element
	texts      *textSlots // the figures
	painted    bool       // the heatmap has been computed at least once
	nextRow    int        // the next heatmap's rows before this one are computed
	fresh      bool       // the heatmap was completed and waits to be painted
	figuresAt  int        // the version and round of the figures shown
	// bandRounds are the rounds of the stream that the heatmap's bands on
	// screen were computed at (published for the tests).
	bandRounds [heatmapCells / heatBand]int
	// overlay holds the axes and the points, redrawn only when the data, the
	// units or the learners change (version), not every frame: drawn ahead
	// while the heatmap of a new version is computed (overlayFor), then
	// copied under each picture of that version (oversion is the one on
	// screen).
	overlay    *dom.HTMLCanvasElement
	octx       *dom.CanvasRenderingContext2D
	overlayFor int
	oversion   int
}

// buildPanels (re)creates one panel per learner.
func (a *app) buildPanels() { a.buildPanelsPaced(func() {}) }

// buildPanelsPaced is buildPanels calling pace between the steps of each
// panel (the start passes one that yields, so that no long task blocks
// the page).
func (a *app) buildPanelsPaced(pace func()) {
	box := a.el("panels")
	clearChildren(box, 0)
	a.panels = nil
	dpr := math.Max(1, js.Global().Get("devicePixelRatio").Float())
	for i, spec := range a.model.Learners {
		e, _ := catalog.Lookup(spec.ID)
		root := create(a.doc, "section")
		setAttr(root, "class", "learner-panel")
		setAttr(root, "data-id", spec.ID)
		setAttr(root, "aria-label", e.Name)
		h, paper := panelHeading(a.doc, learnerColors[i%len(learnerColors)], e.Name, e.Paper.String(),
			fmt.Sprintf("%s, %s · invariant: %s", e.Paper.Short(), e.Algorithm, e.Invariance))
		appendChild(root, h)
		appendChild(root, paper)
		pace()
		canvas := createCanvas(a.doc)
		canvas.SetWidth(int(panelSize * dpr))
		canvas.SetHeight(int(panelSize * dpr))
		setAttr(canvas, "aria-label", e.Name+": the points over its prediction heatmap")
		appendChild(root, canvas)
		figs := figures(a.doc, figure{[]any{"Rounds"}, "f-rounds", "0", ""}, figure{[]any{"Mistakes"}, "f-mistakes", "0", ""},
			figure{[]any{"Mistake rate"}, "f-rate", "–", "mistakes as a share of the rounds played"}, figure{[]any{"Loss"}, "f-loss", "0", ""}, figure{[]any{"Regret"}, "f-regret", "–", "its loss minus the loss of the best fixed linear predictor in hindsight, on the same rounds"})
		appendChild(root, figs)
		pace()
		meter := create(a.doc, "p")
		setAttr(meter, "class", "meter")
		setAttr(meter, "title", "The invariance meter: every round, the learner also plays the stream in the base units; "+
			"this is the largest relative difference between the two predictions so far")

		appendChild(root, meter)
		appendChild(root, a.paramInputs(i, e, spec))
		pace()
		appendChild(box, root)

		heat := createCanvas(a.doc)
		heat.SetWidth(heatmapCells)
		heat.SetHeight(heatmapCells)
		p := &panel{canvas: canvas, ctx: canvas.GetContext2d(), heat: heat, hctx: heat.GetContext2d(),
			hbuf: make([]byte, 4*heatmapCells*heatmapCells), probs: make([]float64, heatmapCells*heatmapCells), root: root, texts: newTextSlots(root),
			nextBuf: make([]byte, 4*heatmapCells*heatmapCells), nextProbs: make([]float64, heatmapCells*heatmapCells)}
		p.himg = p.hctx.CreateImageData(heatmapCells, heatmapCells)
		p.ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
		p.overlay = createCanvas(a.doc)
		p.overlay.SetWidth(int(panelSize * dpr))
		p.overlay.SetHeight(int(panelSize * dpr))
		p.octx = p.overlay.GetContext2d()
		p.octx.SetTransform(dpr, 0, 0, dpr, 0, 0)
		p.overlayFor, p.oversion = -1, -1
		pace()
		a.bindCanvas(canvas)
		a.panels = append(a.panels, p)
	}
	a.dirty = true
}

// paramInputs returns the editable parameters of learner i.
func (a *app) paramInputs(i int, e catalog.Entry, spec eval.LearnerSpec) dom.Element {
	box := create(a.doc, "div")
	setAttr(box, "class", "params")
	for _, p := range e.Params {
		v := p.Default
		if x, ok := spec.Params[p.Name]; ok {
			v = x
		}
		label := create(a.doc, "label")
		setAttr(label, "title", fmt.Sprintf("%s (%s to %g; default %g)", p.Doc, rangeStart(p), p.Max, p.Default))
		appendChild(label, a.doc.CreateTextNode(p.Symbol+" "))
		input := create(a.doc, "input")
		setAttr(input, "type", "number")
		setAttr(input, "step", "any")
		setAttr(input, "value", strconv.FormatFloat(v, 'g', -1, 64))
		setAttr(input, "aria-label", e.Name+" parameter "+p.Name)
		p := p
		input.AddEventListener("change", false, func(dom.Event) {
			text := input.Underlying().Get("value").String()
			specs := append([]eval.LearnerSpec(nil), a.model.Learners...)
			inForce := p.Default
			if x, ok := specs[i].Params[p.Name]; ok {
				inForce = x
			}
			refuse := func(why string) { // the field shows the value in force again
				input.Underlying().Set("value", strconv.FormatFloat(inForce, 'g', -1, 64))
				a.notice(fmt.Sprintf("%s: %s %s, so it stays %g.", e.Name, p.Symbol, why, inForce))
			}
			x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
			if err != nil {
				if strings.TrimSpace(text) == "" {
					refuse("needs a number")
				} else {
					refuse(fmt.Sprintf("needs a number, not %q", text))
				}
				return
			}
			if p.Check(x) != nil {
				refuse(fmt.Sprintf("must be %s (not %g)", rangeWords(p), x))
				return
			}
			params := map[string]float64{}
			for k, v := range specs[i].Params {
				params[k] = v
			}
			params[p.Name] = x
			specs[i].Params = params
			if err := a.model.SetLearners(specs); err != nil {
				refuse("could not be changed: " + err.Error())
				return
			}
			a.notice("")
			a.changed()
		})
		appendChild(label, input)
		appendChild(box, label)
	}
	return box
}

// rangeWords says a parameter's accepted values in words.
func rangeWords(p catalog.Param) string {
	if p.MinExclusive {
		return fmt.Sprintf("above %g and at most %g", p.Min, p.Max)
	}
	return fmt.Sprintf("from %g to %g", p.Min, p.Max)
}

func rangeStart(p catalog.Param) string {
	if p.MinExclusive {
		return fmt.Sprintf("above %g", p.Min)
	}
	return fmt.Sprintf("%g", p.Min)
}

// frame returns the panels' frame in the current units.
func (a *app) frame() playground.Frame {
	return a.model.DisplayFrame(panelSize, panelSize, panelMargin)
}

// heatStep is how many rows of a heatmap are computed at a time: each
// frame computes steps, panel after panel, until its budget (heatBudgetMs)
// is spent, so that no frame carries a whole heatmap of an O(d^2) learner
// on a slow phone (it overruns the budget by one step at most), and a fast
// computer still refreshes every frame.
const heatStep = 1

// heatBand is the part of a heatmap whose round is published for the
// tests: 4 bands of 16 rows.
const heatBand = 16

// heatTarget is what a heatmap shows: the learners (version), the data box
// (the frame, which the units set) and the round of the stream.
type heatTarget struct {
	version, round int
	frame          playground.Frame
}

// heatTarget returns what the heatmaps should show now.
func (a *app) heatTarget() heatTarget {
	return heatTarget{version: a.version, round: a.run.Played(), frame: a.frame()}
}

// due reports whether the panel's heatmap on screen is not the one of t,
// or one is being computed.
func (p *panel) due(t heatTarget) bool { return !p.painted || p.shown != t || p.nextRow != 0 }

// computeRows computes the next heatStep rows of learner i's next heatmap,
// for t (from its first row when t is not what it was being computed
// for), and reports whether it is complete: then it is the one shown.
func (p *panel) computeRows(a *app, i int, t heatTarget) bool {
	if p.next != t {
		p.next, p.nextRow = t, 0
	}
	from, to := p.nextRow, min(p.nextRow+heatStep, heatmapCells)
	a.heatRowsHere += to - from
	a.run.ProbabilityRows(i, p.nextProbs, heatmapCells, heatmapCells, from, to, t.frame)
	playground.PaintHeatmap(p.nextBuf[4*from*heatmapCells:4*to*heatmapCells], p.nextProbs[from*heatmapCells:to*heatmapCells])
	p.nextRounds[from/heatBand] = t.round
	if p.nextRow = to % heatmapCells; p.nextRow != 0 {
		return false
	}
	p.complete(t)
	return true
}

// firstPicturesAhead computes each panel's first heatmap and draws its
// overlay off screen while the playground is built, unseen, a panel at a
// time, pausing between them (pace): once it is shown, a frame paints one
// panel's first picture and the stream plays four frames later, not after
// the frames that computed the heatmaps and drew the overlays too. A link
// whose state or round differs (the router enters it after the start)
// makes them out of date: the panels then compute theirs in the frames.
func (a *app) firstPicturesAhead(pace func()) {
	t := a.heatTarget()
	for i, p := range a.panels {
		for !p.computeRows(a, i, t) {
		}
		p.fresh = true
		pace()
		p.overlayAhead(a, t.frame)
		pace()
	}
}

// complete makes the next heatmap, computed whole for t (here or in the
// picture worker), the one shown.
func (p *panel) complete(t heatTarget) {
	p.hbuf, p.nextBuf = p.nextBuf, p.hbuf
	p.probs, p.nextProbs = p.nextProbs, p.probs
	p.bandRounds = p.nextRounds
	p.shown, p.next = t, heatTarget{version: -1}
}

// paint draws learner i's heatmap, boundary, axes and points; fresh says
// its heatmap has just been completed. The heatmap
// on screen is redrawn under new points at once; under new axes (the
// units changed) it is not: the panel keeps its picture until its heatmap
// of the new frame is complete.
func (p *panel) paint(a *app, i int, fresh bool) {
	f := a.frame()
	c := p.ctx
	if !p.painted && !fresh || p.shown.frame != f {
		return
	}
	if fresh {
		js.CopyBytesToJS(p.himg.Data(), p.hbuf)
		p.hctx.PutImageData(p.himg, 0, 0)
		p.painted = true
		playground.Boundary(&p.path, p.probs, heatmapCells, f)
		p.boundary = path2D.New(p.path.String())
	}
	if !fresh && p.oversion == a.version {
		return // nothing on screen changes until the next heatmap is complete
	}
	c.SetFillStyle("#ffffff")
	c.FillRect(0, 0, f.Width, f.Height)
	x0, y0 := f.ToPixel(f.XMin, f.YMax)
	x1, y1 := f.ToPixel(f.XMax, f.YMin)
	c.Set("imageSmoothingEnabled", true)
	c.DrawImageWithDst(p.heat, x0, y0, x1-x0, y1-y0)

	c.SetStrokeStyle("rgba(31,39,51,0.85)")
	c.Set("lineWidth", 1.5)
	c.Call("stroke", p.boundary)

	if p.overlayFor != a.version {
		p.drawOverlay(a, f)
		p.overlayFor = a.version
	}
	p.oversion = a.version
	c.DrawImageWithDst(p.overlay, 0, 0, f.Width, f.Height)
}

// overlayAhead draws the overlay of the current version in frame f ahead
// of the picture that copies it (app.draw), and has the browser paint it
// now (rasterize), so that the picture's frame only copies it.
func (p *panel) overlayAhead(a *app, f playground.Frame) {
	p.drawOverlay(a, f)
	p.overlayFor = a.version
	rasterize(p.overlay)
}

// showFigures writes learner i's figures and meter (the round's stats).
func (p *panel) showFigures(a *app, i int) {
	s := a.run.Stats(i)
	p.texts.set("f-rounds", fmt.Sprintf("%d / %d", s.Rounds, a.run.Total()))
	if a.model.Regression() {
		p.texts.set("f-mistakes", "–")
		p.texts.set("f-rate", "–")
	} else {
		p.texts.set("f-mistakes", strconv.Itoa(s.Mistakes))
		p.texts.set("f-rate", mistakeRate(s.Mistakes, s.Rounds))
	}
	p.texts.set("f-loss", num(s.Loss))
	if i < len(a.regrets) {
		p.texts.set("f-regret", num(a.regrets[i]))
	} else {
		p.texts.set("f-regret", "–")
	}
	meter := query(p.root, ".meter")
	text, class := meterText(s, a.model), "meter changed"
	if s.Meter <= playground.MeterTolerance {
		class = "meter invariant"
	}
	if s.DivergedAt > 0 {
		text += fmt.Sprintf(" · diverged at round %d, now predicts 0", s.DivergedAt)
	}
	if textOf(meter) != text {
		setText(meter, text)
		setAttr(meter, "data-short", meterShort(s, a.model)) // presenter view's words
	}
	if attr(meter, "class") != class {
		setAttr(meter, "class", class)
	}
}

// drawOverlay draws the axes and the points into the overlay.
func (p *panel) drawOverlay(a *app, f playground.Frame) {
	c := p.octx
	c.ClearRect(0, 0, f.Width, f.Height)
	drawAxes(c, f, a.axisName(0), a.axisName(1))
	u0, u1 := a.model.Unit(0), a.model.Unit(1)
	const half = pointRadius + 2
	lo, hi := a.model.TargetRange()
	for _, pt := range a.model.Points {
		px, py := f.ToPixel(u0.Convert(pt.X), u1.Convert(pt.Y))
		if !f.Inside(px, py) {
			continue
		}
		sprite := a.sprite(pt.Label, playground.PointColor(pt.Label))
		if a.model.Regression() { // one sprite per twentieth of the targets' range
			level := math.Round(20*(pt.Label-lo)/(hi-lo)) / 20
			sprite = a.sprite(10+level, playground.TargetColor(level))
		}
		c.DrawImageWithDst(sprite, px-half, py-half, 2*half, 2*half)
	}
}

// meterText explains the invariance meter.
func meterText(s playground.LearnerStats, m *playground.Model) string {
	base := m.Unit(0).ID == playground.UnitsFor(m.Features[0].Base)[0].ID && m.Unit(1).ID == playground.UnitsFor(m.Features[1].Base)[0].ID
	if base {
		return "Units: the base units. Switch one to test invariance."
	}
	if s.Rounds == 0 { // no verdict before anything was compared
		return "Units changed: nothing compared yet. Play or step to compare the predictions in both units."
	}
	if s.Meter <= playground.MeterTolerance {
		return fmt.Sprintf("Units changed: the predictions differ from the base units' by at most %.1g — invariant", s.Meter)
	}
	return fmt.Sprintf("Units changed: the predictions differ from the base units' by up to %s — changed by units", num(s.Meter))
}

// meterShort is the invariance meter in a few words, for the presenter
// view's large type: "base units", "invariant: 5e-15", "changed: 1.03".
func meterShort(s playground.LearnerStats, m *playground.Model) string {
	switch {
	case strings.HasPrefix(meterText(s, m), "Units: the base units"):
		return "units: base units"
	case s.Rounds == 0:
		return "units changed: not compared yet"
	case s.Meter <= playground.MeterTolerance:
		return fmt.Sprintf("invariant (%.1g)", s.Meter)
	}
	return "changed: " + num(s.Meter)
}

// axisName returns feature i's axis title with its current unit.
func (a *app) axisName(i int) string { return a.model.AxisName(i) }

// sprite returns a pre-drawn point of the colour, cached under key (the
// class, or a regression target's level): one drawImage per point is much
// cheaper than a path, on software-rendered canvases above all.
func (a *app) sprite(key float64, color string) *dom.HTMLCanvasElement {
	if s, ok := a.sprites[key]; ok {
		return s
	}
	const size = 2 * (pointRadius + 2) * 3 // drawn at 3x for sharp scaling
	s := createCanvas(a.doc)
	s.SetWidth(size)
	s.SetHeight(size)
	c := s.GetContext2d()
	c.Scale(3, 3)
	c.BeginPath()
	c.Arc(pointRadius+2, pointRadius+2, pointRadius, 0, 2*math.Pi, false)
	c.SetFillStyle(color)
	c.Fill()
	c.Set("lineWidth", 1.5)
	c.SetStrokeStyle("#ffffff")
	c.Stroke()
	if a.sprites == nil {
		a.sprites = map[float64]*dom.HTMLCanvasElement{}
	}
	a.sprites[key] = s
	return s
}
