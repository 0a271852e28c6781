//go:build js && (rooms || single)

package main

import (
	"fmt"
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/catalog"
	"unitfree/core/sampling"
	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
)

// samplingView is the sampling room: SGD, SAGA and Prox-SVRG each with a
// uniform, importance or MABS sampler minimise the finite sum the points
// define (Salehi, Celis, Thiran), side by side.
type samplingView struct {
	*roomView
	modelSlot[playground.SamplingRoom, *playground.SamplingRoom]
	panels  []*samplingPanel
	gap     *lineChart
	vari    *lineChart
	label   float64 // the brush's label
	painter *playground.DiscPainter
}

// samplingPanel is one pair's panel.
type samplingPanel struct {
	root   dom.Element
	texts  *textSlots // the figures
	axes   axesLayer
	canvas *dom.HTMLCanvasElement
	ctx    *dom.CanvasRenderingContext2D
	// The points are painted into an image at the canvas's device pixels
	// (playground.DiscPainter), drawn at once: one image instead of a
	// thousand arcs per panel and picture.
	dots   *dom.HTMLCanvasElement
	dctx   *dom.CanvasRenderingContext2D
	dimg   *dom.ImageData
	dbuf   []byte
	discs  []playground.Disc
	dotsAt samplingState // the state the image was painted for by prepare, zero when none
	drawn  bool          // the panel was drawn once (firstDrawings)
	// axesAhead says its axes were drawn ahead of its first picture
	// (firstDrawings.ahead).
	axesAhead bool
}

func newSamplingView(rv *roomView) *samplingView {
	v := &samplingView{roomView: rv, modelSlot: modelSlot[playground.SamplingRoom, *playground.SamplingRoom]{decoder: links.Decode[playground.SamplingRoom], fresh: playground.NewSamplingRoom, lesson: playground.SamplingLesson}, label: 1, painter: playground.NewDiscPainter()}
	v.gap = newLineChart(rv.doc, "s-chart-gap", "gradient evaluations", func() { v.dirty = true })
	v.vari = newLineChart(rv.doc, "s-chart-var", "gradient evaluations", func() { v.dirty = true })
	return v
}

// run returns the run being played, or nil.
func (v *samplingView) run() *playground.SamplingRun {
	return runAs[*playground.SamplingRun](&v.player)
}

// paper is the paper's experiment: points of very unequal smoothness.
func (v *samplingView) paper() {
	v.model = playground.NewSamplingRoom()
	v.model.Tau, v.model.N, v.model.Epochs = 160, 1000, 10
	// 10^1.2, about 16 evaluations per frame: the 10,000 evaluations of
	// each pair in about 10 s at 60 frames per second.
	v.el("speed").Underlying().Set("value", paperSpeed)
}

// paperSpeed is the speed slider's position (log10 of evaluations per
// frame) for the paper's experiment.
const paperSpeed = 1.2

func (v *samplingView) newRun() (playground.Stepper, error) {
	return stepper(playground.NewSamplingRun(v.model))
}

func (v *samplingView) roomKey(*dom.KeyboardEvent) {}

func (v *samplingView) canvases() []*dom.HTMLCanvasElement {
	var out []*dom.HTMLCanvasElement
	for _, p := range v.panels {
		out = append(out, p.canvas)
	}
	return append(out, v.gap.canvas, v.vari.canvas)
}

func (v *samplingView) csv() string {
	if v.run() == nil {
		return ""
	}
	return playground.SamplingCSV(v.run())
}

func (v *samplingView) bind(pace func()) {
	v.on("data", "change", func() {
		if value(v.el("data")) == playground.SamplingPoints {
			v.toPoints()
		} else {
			v.model.Data, v.model.Points = playground.SamplingTau, nil
		}
		v.changed()
	})
	for _, b := range brushLabels {
		v.on(b.id, "click", func() { v.label = b.label; v.sync() })
	}
	v.on("kind", "change", func() { v.model.Kind = sampling.Kind(value(v.el("kind"))); v.changed() })
	bindFields(v.roomView, playground.SamplingFields(), func() *playground.SamplingRoom { return v.model }, nil)
	pace()
	box := v.el("pairs")
	for _, o := range catalog.Optimizers() {
		for _, s := range catalog.Samplers() {
			pair := playground.SamplingPair{Optimizer: o.ID, Sampler: s.ID}
			label := create(v.doc, "label")
			input := create(v.doc, "input")
			setAttr(input, "type", "checkbox")
			setAttr(input, "value", pair.String())
			appendChild(label, input)
			appendChild(label, v.doc.CreateTextNode(" "+o.Name+" + "+s.Name))
			appendChild(box, label)
			input.AddEventListener("change", false, func(dom.Event) { v.togglePair(pair) })
		}
	}
}

// brushLabels are the brush buttons and the labels they draw (0: Erase).
var brushLabels = []struct {
	id    string
	label float64
}{{"brush-pos", 1}, {"brush-neg", -1}, {"brush-erase", 0}}

// toPoints turns generated points into drawn ones, so that the visitor can
// edit them.
func (v *samplingView) toPoints() {
	if v.model.Data == playground.SamplingPoints {
		return
	}
	xy, y := v.model.Plane()
	v.model.Points = nil
	for i, p := range xy {
		v.model.Points = append(v.model.Points, playground.Point{X: p[0], Y: p[1], Label: y[i]})
	}
	v.model.Data = playground.SamplingPoints
}

func (v *samplingView) togglePair(pair playground.SamplingPair) {
	pairs := playground.Toggled(v.model.Pairs, pair)
	if len(pairs) == 0 {
		v.notice("Keep at least one pair.")
		v.sync()
		return
	}
	v.model.Pairs = pairs
	v.changed()
}

func (v *samplingView) rebuild(pace func()) { v.buildPanels(pace) }

// syncControls shows the model in the room's controls.
func (v *samplingView) syncControls() {
	m := v.model
	setSelected(v.el("data"), m.Data)
	setSelected(v.el("kind"), string(m.Kind))
	syncFields(v.roomView, playground.SamplingFields(), m)
	for _, in := range queryAll(v.el("pairs"), "input") {
		on := false
		for _, p := range m.Pairs {
			on = on || p.String() == attr(in, "value")
		}
		in.Underlying().Set("checked", on)
	}
	for _, b := range brushLabels {
		el := v.el(b.id)
		class := "brush negative"
		switch {
		case b.label > 0:
			class = "brush positive"
		case b.label == 0:
			class = "brush"
		}
		if b.label == v.label {
			class += " active"
		}
		setAttr(el, "class", class)
		setAttr(el, "aria-pressed", strconv.FormatBool(b.label == v.label))
	}
}

// buildPanels makes one panel per pair.
func (v *samplingView) buildPanels(pace func()) {
	box := v.el("panels")
	clearChildren(box, 0)
	v.panels = nil
	dpr := math.Max(1, jsFloat("devicePixelRatio"))
	for i, pair := range v.model.Pairs {
		if i > 0 {
			pace()
		}
		p := &samplingPanel{root: create(v.doc, "div")}
		p.texts = newTextSlots(p.root)
		setAttr(p.root, "class", "learner-panel")
		h, paper := panelHeading(v.doc, learnerColors[i%len(learnerColors)], pair.Name(), "",
			"point size and glow: its sampling probability")
		appendChild(p.root, h)
		appendChild(p.root, paper)
		p.canvas = createCanvas(v.doc)
		p.canvas.SetWidth(int(panelSize * dpr))
		p.canvas.SetHeight(int(panelSize * dpr))
		setAttr(p.canvas, "aria-label", pair.Name()+": the points, sized by their sampling probability")
		p.ctx = p.canvas.GetContext2d()
		p.ctx.Scale(dpr, dpr)
		p.dots, p.dctx, p.dimg, p.dbuf = offscreen(v.doc, p.canvas.Width(), p.canvas.Height())
		appendChild(p.root, p.canvas)
		figs := figures(v.doc, figure{[]any{"Evaluations"}, "f-evals", "0", ""}, figure{[]any{"F − F*"}, "f-gap", "–", "the objective at the current point minus its minimum: 0 at the optimum"},
			figure{[]any{"V", node(v.doc, "sub", "", "e"), "(p)"}, "f-var", "–", "effective variance Σ aᵢ/pᵢ of the gradient estimate (aᵢ: point i's squared gradient): what a sampler should make small"},
			figure{[]any{"smallest p", node(v.doc, "sub", "", "i"), " · n"}, "f-minp", "–", "the smallest sampling probability times the number of points: 1 when sampling is uniform"})
		appendChild(p.root, figs)
		onPress(p.canvas, v.press)
		appendChild(box, p.root)
		v.panels = append(v.panels, p)
	}
}

// frameOf returns the plot's frame: the points' box with a margin.
func (v *samplingView) frameOf() playground.Frame {
	if v.run() == nil {
		return playground.FitFrame(panelSize, panelSize, panelMargin, nil)
	}
	return playground.FitFrame(panelSize, panelSize, panelMargin, v.run().XY)
}

// press adds a point with the brush's label, or removes the one under a
// right click or the Erase brush; generated points become drawn ones first.
func (v *samplingView) press(px, py float64, erase bool) {
	f := v.frameOf()
	before := links.Encode(v.model)
	v.toPoints()
	if erase || v.label == 0 {
		var pts [][2]float64
		for _, q := range v.model.Points {
			pts = append(pts, [2]float64{q.X, q.Y})
		}
		if i := f.Nearest(pts, px, py, pickRadiusPx); i >= 0 {
			v.model.Points = append(v.model.Points[:i:i], v.model.Points[i+1:]...)
			v.changed()
			v.informEdit("Removed a point.", before)
		}
		return
	}
	if !f.Inside(px, py) || len(v.model.Points) >= playground.MaxSamplingPoints {
		return
	}
	x, y := f.ToData(px, py)
	v.model.Points = append(v.model.Points, playground.Point{X: x, Y: y, Label: v.label})
	v.changed()
	v.informEdit(fmt.Sprintf("Added a point of class %s at (%s, %s): the optimisers start again with it.",
		num(v.label), num(math.Round(x*100)/100), num(math.Round(y*100)/100)), before)
}

// samplingX and samplingY are the panels' axis titles.
const samplingX, samplingY = "x₁", "x₂"

// draw paints the panels and the two charts.
func (v *samplingView) draw() {
	if v.run() == nil {
		return
	}
	f := v.frameOf()
	n := float64(v.run().Objective.N())
	state := v.state()
	first := newFirstDrawings(v.wholeDrawn)
	for i, p := range v.panels {
		if first.ahead(p.drawn, &p.axesAhead, func() {
			p.axes.prepare(v.doc, p.canvas, f, samplingX, samplingY)
			rasterize(p.axes.canvas)
		}) || !first.turn(&p.drawn) {
			continue
		}
		tr := v.run().Tracks[i]
		c := p.ctx
		c.SetFillStyle("#ffffff")
		c.FillRect(0, 0, f.Width, f.Height)
		p.axes.draw(v.doc, c, p.canvas, f, samplingX, samplingY)
		// The current separator w₁x₁ + w₂x₂ + w₃ = 0 (ridge: the zero level).
		w := tr.Opt.W()
		if math.Abs(w[1]) > 1e-12 || math.Abs(w[0]) > 1e-12 {
			c.Save()
			c.BeginPath()
			x0, y0 := f.ToPixel(f.XMin, f.YMax)
			x1, y1 := f.ToPixel(f.XMax, f.YMin)
			c.Rect(x0, y0, x1-x0, y1-y0)
			c.Clip()
			c.SetStrokeStyle("rgba(31,39,51,0.7)")
			c.Set("lineWidth", 1.5)
			c.BeginPath()
			if math.Abs(w[1]) > math.Abs(w[0]) {
				ax, ay := f.ToPixel(f.XMin, -(w[0]*f.XMin+w[2])/w[1])
				bx, by := f.ToPixel(f.XMax, -(w[0]*f.XMax+w[2])/w[1])
				c.MoveTo(ax, ay)
				c.LineTo(bx, by)
			} else {
				ax, ay := f.ToPixel(-(w[1]*f.YMin+w[2])/w[0], f.YMin)
				bx, by := f.ToPixel(-(w[1]*f.YMax+w[2])/w[0], f.YMax)
				c.MoveTo(ax, ay)
				c.LineTo(bx, by)
			}
			c.Stroke()
			c.Restore()
		}
		probs := tr.Probs()
		if p.dotsAt != state { // not prepared for this state
			v.paintPoints(p, f, probs, n)
		}
		p.dotsAt = samplingState{}
		p.ctx.DrawImageWithDst(p.dots, 0, 0, panelSize, panelSize)
		if j := tr.Last.Index; j >= 0 {
			px, py := f.ToPixel(v.run().XY[j][0], v.run().XY[j][1])
			c.SetStrokeStyle("#1f2733")
			c.Set("lineWidth", 2.5)
			c.BeginPath()
			c.Arc(px, py, 11, 0, 2*math.Pi, false)
			c.Stroke()
		}
		minp := math.Inf(1)
		for _, q := range probs {
			minp = math.Min(minp, q)
		}
		last := len(tr.Gap) - 1
		p.texts.set("f-evals", fmt.Sprintf("%d / %d", tr.Opt.Evals(), v.run().Budget))
		p.texts.set("f-gap", num(tr.Gap[last]))
		p.texts.set("f-var", num(tr.Variance[last]))
		p.texts.set("f-minp", num(minp*n))
	}
	if first.turn(&v.gap.drawn) {
		v.gap.showFor(state, func() ([]curve, bool) { return v.curves(false), true })
	}
	if first.turn(&v.vari.drawn) {
		v.vari.showFor(state, func() ([]curve, bool) { return v.curves(true), true })
	}
	v.partsWaiting = first.waiting
}

// samplingState is the state of the room a picture shows: the run, the
// evaluations done (every one moves the probabilities the points show) and
// the records the charts hold.
type samplingState struct {
	run            *playground.SamplingRun
	evals, records int
}

func (v *samplingView) state() samplingState {
	s := samplingState{run: v.run()}
	for _, tr := range v.run().Tracks {
		s.evals += tr.Opt.Evals()
		s.records += len(tr.Evals)
	}
	return s
}

// prepare paints the points and renders the charts of the state the next
// picture shows, off screen (preparer).
func (v *samplingView) prepare() {
	if v.run() == nil {
		return
	}
	// (A part not drawn yet waits for its first drawing: firstDrawings.)
	f, n, state := v.frameOf(), float64(v.run().Objective.N()), v.state()
	for i, p := range v.panels {
		if p.drawn {
			v.paintPoints(p, f, v.run().Tracks[i].Probs(), n)
			p.dotsAt = state
		}
	}
	if v.gap.drawn {
		v.gap.renderAhead(state, v.curves(false), true)
	}
	if v.vari.drawn {
		v.vari.renderAhead(state, v.curves(true), true)
	}
}

// curves returns each pair's gap F - F*, or its effective variance.
func (v *samplingView) curves(variance bool) []curve {
	var out []curve
	for i, tr := range v.run().Tracks {
		ys := tr.Gap
		if variance {
			ys = tr.Variance
		}
		out = append(out, curve{name: playground.PairName(tr.Pair.Optimizer, tr.Pair.Sampler), color: learnerColors[i%len(learnerColors)], xs: tr.Evals, ys: ys})
	}
	return out
}

// sampledGlow is the halo of a point sampled more than uniformly:
// rgba(230,159,0,0.35).
var sampledGlow = [3]int{230, 159, 0}

// paintPoints paints the points of a panel off screen, each sized by its
// sampling probability (n p = 1 for a uniform one) and haloed when sampled
// more than uniformly, as one image at the canvas's device pixels.
func (v *samplingView) paintPoints(p *samplingPanel, f playground.Frame, probs []float64, n float64) {
	dpr := float64(p.canvas.Width()) / panelSize
	y := v.run().Objective.Y
	p.discs = p.discs[:0]
	for j, xy := range v.run().XY {
		px, py := f.ToPixel(xy[0], xy[1])
		rel := probs[j] * n
		r := math.Max(1.5, math.Min(14, 3.5*math.Sqrt(rel)))
		if rel > 1.5 {
			p.discs = append(p.discs, playground.Disc{X: px * dpr, Y: py * dpr, R: (r + 4) * dpr, Color: sampledGlow, Alpha: 0.35})
		}
		p.discs = append(p.discs, playground.Disc{X: px * dpr, Y: py * dpr, R: r * dpr, Color: playground.PointRGB(y[j]), Alpha: 1})
	}
	clear(p.dbuf)
	v.painter.Paint(p.dbuf, p.canvas.Width(), p.canvas.Height(), p.discs)
	js.CopyBytesToJS(p.dimg.Data(), p.dbuf)
	p.dctx.PutImageData(p.dimg, 0, 0)
}

// publish exposes the room's figures on window.unitfreeSampling for tests.
func (v *samplingView) publish() {
	state := map[string]any{"data": v.model.Data, "playing": v.player.Playing()}
	if v.run() != nil {
		var tracks []any
		for _, tr := range v.run().Tracks {
			tracks = append(tracks, map[string]any{"pair": tr.Pair.String(), "evals": tr.Opt.Evals(), "probs": jsFloats(tr.Probs()),
				"gaps": jsFloats(tr.Gap), "last": tr.Last.Index})
		}
		state["tracks"], state["budget"], state["fstar"] = tracks, v.run().Budget, v.run().FStar
		if shown, ok := v.gap.shown.(samplingState); ok && shown.run == v.run() {
			state["chartPoints"] = shown.records // the records the charts on screen show
		}
	}
	js.Global().Set("unitfreeSampling", js.ValueOf(state))
}
