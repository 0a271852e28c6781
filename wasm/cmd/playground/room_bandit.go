//go:build js && (rooms || single)

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/catalog"
	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
)

// classColors are the bandit room's class colours: Okabe–Ito's
// colour-blind-safe palette, extended to SynSep's nine classes.
var classColors = [][3]int{{0, 114, 178}, {213, 94, 0}, {0, 158, 115}, {204, 121, 167}, {230, 159, 0},
	{86, 180, 233}, {240, 228, 66}, {0, 0, 0}, {153, 153, 153}}

// eraseBrush is the brush that removes points.
const eraseBrush = -1

// regionCells is the region map's resolution per side.
const regionCells = 48

// banditView is the bandit room: SOBA, its adaptive variant and the
// Banditron play labels and hear only right or wrong (Beygelzimer, Orabona,
// Zhang 2017), beside a full-information reference.
type banditView struct {
	*roomView
	modelSlot[playground.BanditRoom, *playground.BanditRoom]
	panels     []*banditPanel
	chart      *lineChart
	class      int  // the class the brush draws
	shownRound int  // the round of the last picture
	guessesNow bool // every panel's guesses at SynSep's points are the learners' as they are
	painter    *playground.DiscPainter
	flashUntil int // the frame until which the last feedback flashes
}

// banditPanel is one learner's panel.
type banditPanel struct {
	root    dom.Element
	texts   *textSlots // the figures
	axes    axesLayer
	canvas  *dom.HTMLCanvasElement
	ctx     *dom.CanvasRenderingContext2D
	region  *dom.HTMLCanvasElement // the region map, regionCells wide
	rctx    *dom.CanvasRenderingContext2D
	img     *dom.ImageData
	buf     []byte
	classes []int     // the region map's classes, regionCells x regionCells
	mapOf   regionKey // the state the region map's classes are of

	// The points, stamped into one image: SynSep's (drawGuesses) or the
	// 2-D points' (drawPoints).
	dots        *dom.HTMLCanvasElement
	dctx        *dom.CanvasRenderingContext2D
	dimg        *dom.ImageData
	dbuf        []byte
	dotList     []playground.Disc
	dotsRun     *playground.BanditRun // the run the image shows
	pending     []int                 // rows whose guess changed since they were stamped
	incremental bool                  // dots were stamped over the image since it was stamped whole
	dotsFrame   playground.Frame      // the frame of the image of 2-D points (drawPoints)

	drawn     bool // the panel was drawn once (firstDrawings)
	axesAhead bool // its axes were drawn ahead of its first picture (firstDrawings.ahead)

	// The picture rendered ahead of the frame that shows it (prepare), and
	// the state it shows.
	back  *dom.HTMLCanvasElement
	bctx  *dom.CanvasRenderingContext2D
	ahead panelKey
}

// panelKey is the state a panel's picture shows: the run, its round, the
// updates that reached the learner's model, the plot's frame, and the
// animation frame it is drawn for (the current round's ring pulses).
type panelKey struct {
	run             *playground.BanditRun
	played, updates int
	frame           playground.Frame
	at              int
}

func newBanditView(rv *roomView) *banditView {
	v := &banditView{roomView: rv, modelSlot: modelSlot[playground.BanditRoom, *playground.BanditRoom]{decoder: links.Decode[playground.BanditRoom], fresh: playground.NewBanditRoom, lesson: playground.BanditLesson}}
	v.chart = newLineChart(rv.doc, "b-chart", "rounds", func() { v.dirty = true })
	return v
}

// run returns the run being played, or nil.
func (v *banditView) run() *playground.BanditRun { return runAs[*playground.BanditRun](&v.player) }

// paper is the paper's experiment: the diagonal SOBA against the Banditron
// with the Perceptron as the full-information line.
func (v *banditView) paper() { v.model = playground.BanditPaper() }

func (v *banditView) newRun() (playground.Stepper, error) {
	run, err := playground.NewBanditRun(v.model)
	if err == nil {
		run.DeferUpdates() // full SOBA's updates spread over frames
	}
	return stepper(run, err)
}

func (v *banditView) roomKey(*dom.KeyboardEvent) {}

func (v *banditView) canvases() []*dom.HTMLCanvasElement {
	var out []*dom.HTMLCanvasElement
	for _, p := range v.panels {
		out = append(out, p.canvas)
	}
	return append(out, v.chart.canvas)
}

func (v *banditView) csv() string {
	if v.run() == nil {
		return ""
	}
	return playground.BanditCSV(v.run())
}

func (v *banditView) bind(pace func()) {
	fillSelectLabels(v.doc, v.el("preset"), append(append([]string(nil), playground.BanditPresets...), "drawn"),
		[]string{"Three blobs", "Penguins: 3 species", "SynSep (separable)", "SynNonSep (5% noise)", "Drawn points"}, "penguins")
	v.on("preset", "change", func() {
		id := value(v.el("preset"))
		if id == "drawn" {
			v.model.Data, v.model.Preset, v.model.Points = playground.BanditPoints, "drawn", nil
			v.model.Features = [2]playground.Feature{{Name: "x₁"}, {Name: "x₂"}}
			v.model.Classes = []string{"1", "2", "3"}
		} else if err := v.model.LoadPreset(id); err != nil {
			v.notice(err.Error())
			return
		}
		v.changed()
	})
	v.on("add-class", "click", func() {
		if v.model.Data != playground.BanditPoints || len(v.model.Classes) >= playground.MaxBanditClasses {
			v.notice(fmt.Sprintf("Drawn data holds 2 to %d classes.", playground.MaxBanditClasses))
			return
		}
		v.model.Classes = append(v.model.Classes, strconv.Itoa(len(v.model.Classes)+1))
		v.class = len(v.model.Classes) - 1
		v.changed()
	})
	v.on("clear", "click", func() {
		if v.model.Data != playground.BanditPoints {
			return
		}
		v.model.Points, v.model.Preset = nil, "drawn"
		v.changed()
	})
	bindFields(v.roomView, playground.BanditFields(), func() *playground.BanditRoom { return v.model }, func(key string) {
		if key == "seed" && v.model.Preset == "blobs" { // the blobs are drawn from the seed
			v.model.LoadPreset("blobs")
		}
	})
	v.on("metric", "change", func() { v.dirty = true })
	v.on("log", "change", func() { v.dirty = true })
	pace()
	box := v.el("learners")
	for _, e := range catalog.Bandit() {
		label := create(v.doc, "label")
		setAttr(label, "title", e.Summary)
		input := create(v.doc, "input")
		setAttr(input, "type", "checkbox")
		setAttr(input, "value", e.ID)
		appendChild(label, input)
		appendChild(label, v.doc.CreateTextNode(" "+e.Name))
		appendChild(box, label)
		id := e.ID
		input.AddEventListener("change", false, func(dom.Event) { v.toggleLearner(id) })
	}
}

func (v *banditView) toggleLearner(id string) {
	ids := playground.Toggled(v.model.Learners, id)
	if len(ids) < 1 || len(ids) > playground.MaxLearners {
		v.notice(fmt.Sprintf("Pick 1 to %d learners.", playground.MaxLearners))
		v.sync()
		return
	}
	v.model.Learners = ids
	v.changed()
}

// rebuild makes the panels of a new run, and says when full-matrix
// learners meet SynSep's 400 features.
func (v *banditView) rebuild(pace func()) {
	v.buildPanels(pace)
	v.shownRound = -1
	if v.run() != nil {
		v.warnQuadratic()
	}
}

// warnQuadratic says when full-matrix learners meet SynSep's 400 features:
// their kd x kd matrix makes each round slow in the browser.
func (v *banditView) warnQuadratic() {
	if v.model.Data == playground.BanditPoints {
		return
	}
	var slow []string
	for _, id := range v.model.Learners {
		if e, ok := catalog.LookupBandit(id); ok && e.Cost == catalog.CostQuadratic {
			slow = append(slow, id)
		}
	}
	if len(slow) > 0 {
		kd := v.run().K * len(v.run().X[0])
		v.notice(fmt.Sprintf("%s: a %d x %d matrix here, and each of its updates takes several milliseconds "+
			"(about 20 in 5000 rounds, spread over frames). The paper's experiment (button below) uses soba-diag.", strings.Join(slow, ", "), kd, kd))
	}
}

// syncControls shows the model in the room's controls.
func (v *banditView) syncControls() {
	m := v.model
	preset := m.Preset
	if preset == "" {
		preset = "drawn"
	}
	setSelected(v.el("preset"), preset)
	points := m.Data == playground.BanditPoints
	for _, id := range []string{"brushes", "draw-hint", "add-class", "clear"} {
		setHidden(v.el(id), !points)
	}
	syncFields(v.roomView, playground.BanditFields(), m)
	for _, in := range queryAll(v.el("learners"), "input") {
		on := false
		for _, id := range m.Learners {
			on = on || id == attr(in, "value")
		}
		in.Underlying().Set("checked", on)
	}
	brushes := v.el("brushes")
	clearChildren(brushes, 0)
	if points {
		v.class = min(v.class, len(m.Classes)-1)
		defer func() {
			b := node(v.doc, "button", "brush", "Erase")
			setAttr(b, "aria-pressed", strconv.FormatBool(v.class == eraseBrush))
			if v.class == eraseBrush {
				setStyle(b, "background", "#3b4452", "color", "#fff")
			}
			b.AddEventListener("click", false, func(dom.Event) { v.class = eraseBrush; v.sync() })
			appendChild(brushes, b)
		}()
		for c, name := range m.Classes {
			b := create(v.doc, "button")
			setText(b, name)
			setAttr(b, "class", "brush")
			col := classColors[c]
			rgb := fmt.Sprintf("rgb(%d,%d,%d)", col[0], col[1], col[2])
			setStyle(b, "border-color", rgb)
			setAttr(b, "aria-pressed", strconv.FormatBool(c == v.class))
			if c == v.class {
				setStyle(b, "background", rgb, "color", textOn(col))
			}
			class := c
			b.AddEventListener("click", false, func(dom.Event) { v.class = class; v.sync() })
			appendChild(brushes, b)
		}
	}
}

// textOn returns black or white, whichever reads on the colour.
func textOn(c [3]int) string {
	if 0.299*float64(c[0])+0.587*float64(c[1])+0.114*float64(c[2]) > 150 {
		return "#000"
	}
	return "#fff"
}

// buildPanels makes one panel per learner, calling pace between two.
func (v *banditView) buildPanels(pace func()) {
	box := v.el("panels")
	clearChildren(box, 0)
	v.panels, v.painter = nil, nil
	dpr := math.Max(1, jsFloat("devicePixelRatio"))
	for i, id := range v.model.Learners {
		if i > 0 {
			pace()
		}
		e, _ := catalog.LookupBandit(id)
		p := &banditPanel{root: create(v.doc, "div")}
		p.texts = newTextSlots(p.root)
		setAttr(p.root, "class", "learner-panel")
		h, paper := panelHeading(v.doc, learnerColors[i%len(learnerColors)], e.Name, e.Paper.String(),
			fmt.Sprintf("%s, %s", e.Paper.Short(), e.Algorithm))
		appendChild(p.root, h)
		appendChild(p.root, paper)
		p.canvas = createCanvas(v.doc)
		p.canvas.SetWidth(int(panelSize * dpr))
		p.canvas.SetHeight(int(panelSize * dpr))
		setAttr(p.canvas, "aria-label", e.Name+": the class it would play at each place, and the points")
		p.ctx = p.canvas.GetContext2d()
		p.ctx.Scale(dpr, dpr)
		appendChild(p.root, p.canvas)
		figs := figures(v.doc, figure{[]any{"Rounds"}, "f-rounds", "0", ""}, figure{[]any{"Mistakes"}, "f-mistakes", "0", ""},
			figure{[]any{"Mistake rate"}, "f-rate", "–", ""}, figure{[]any{"Explored"}, "f-explored", "0", "rounds where it played a uniformly random label (probability γ) instead of its best guess"},
			figure{[]any{"Updates"}, "f-updates", "0", "rounds where it changed its weights: it learns only from the feedback on the label it played"})
		appendChild(p.root, figs)
		last := create(v.doc, "p")
		setAttr(last, "class", "last-round")
		appendChild(p.root, last)
		p.region, p.rctx, p.img, p.buf = offscreen(v.doc, regionCells, regionCells)
		p.classes = make([]int, regionCells*regionCells)
		onPress(p.canvas, v.press)
		appendChild(box, p.root)
		v.panels = append(v.panels, p)
	}
}

// offscreen returns a w x h canvas that is never shown, its context, an
// image of its size and the bytes that fill it.
func offscreen(doc dom.Document, w, h int) (*dom.HTMLCanvasElement, *dom.CanvasRenderingContext2D, *dom.ImageData, []byte) {
	c := createCanvas(doc)
	c.SetWidth(w)
	c.SetHeight(h)
	ctx := c.GetContext2d()
	return c, ctx, ctx.CreateImageData(w, h), make([]byte, 4*w*h)
}

// plotPoints returns the points' places on the plot: the run's (SynSep
// projected), else the room's points.
func (v *banditView) plotPoints() [][2]float64 {
	if v.run() != nil {
		return v.run().Screen
	}
	var pts [][2]float64
	for _, p := range v.model.Points {
		pts = append(pts, [2]float64{p.X, p.Y})
	}
	return pts
}

// frameOf returns the plot's frame: [-1, 1]² for drawn points, else the
// points' box with a margin.
func (v *banditView) frameOf() playground.Frame {
	if v.model.Preset == "drawn" && v.model.Features[0].Base == "" {
		return playground.FitFrame(panelSize, panelSize, panelMargin, nil)
	}
	return playground.FitFrame(panelSize, panelSize, panelMargin, v.plotPoints())
}

// press adds a point of the brush's class, or removes the one under a
// right click or the Erase brush.
func (v *banditView) press(px, py float64, erase bool) {
	if v.model.Data != playground.BanditPoints {
		v.notice("SynSep is generated: pick blobs, penguins or drawn points to draw.")
		return
	}
	f := v.frameOf()
	before := links.Encode(v.model)
	if erase || v.class == eraseBrush {
		if i := f.Nearest(v.plotPoints(), px, py, pickRadiusPx); i >= 0 {
			p := v.model.Points[i]
			v.model.Points = append(v.model.Points[:i:i], v.model.Points[i+1:]...)
			v.changed()
			v.informEdit(fmt.Sprintf("Removed the point of class %s at (%s, %s).", v.className(p.Class), num(p.X), num(p.Y)), before)
		}
		return
	}
	if !f.Inside(px, py) || len(v.model.Points) >= playground.MaxPoints {
		return
	}
	x, y := f.ToData(px, py)
	v.model.Points = append(v.model.Points, playground.ClassPoint{X: x, Y: y, Class: v.class})
	v.model.Preset = "drawn"
	v.changed()
	v.informEdit(fmt.Sprintf("Added a point of class %s at (%s, %s): every learner replays the stream with it.",
		v.className(v.class), num(math.Round(x*100)/100), num(math.Round(y*100)/100)), before)
}

// className names class c of the drawn points.
func (v *banditView) className(c int) string {
	if c >= 0 && c < len(v.model.Classes) {
		return v.model.Classes[c]
	}
	return strconv.Itoa(c + 1)
}

// publish exposes the room's figures on window.unitfreeBandit for tests.
func (v *banditView) publish() {
	state := map[string]any{"data": v.model.Data, "gamma": v.model.Gamma, "playing": v.player.Playing(), "rounds": 0, "total": 0,
		"guessesCurrent": v.guessesNow}
	if v.run() != nil {
		state["rounds"], state["total"] = v.run().Session.Played(), v.run().Session.Total()
		var learners []any
		for _, r := range v.run().Session.Results() {
			learners = append(learners, map[string]any{"id": r.ID, "mistakes": r.Mistakes, "explored": r.Explored, "updates": r.Updates})
		}
		state["learners"] = learners
		if shown, ok := v.chart.shown.(chartState); ok && shown.run == v.run() {
			state["chartRounds"] = shown.played // the rounds the chart on screen shows
		}
	}
	js.Global().Set("unitfreeBandit", js.ValueOf(state))
}
