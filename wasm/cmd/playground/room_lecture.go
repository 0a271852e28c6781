//go:build js && (rooms || single)

package main

import (
	"fmt"
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
)

// lectureView is the lecture room: FTL, OGD and OGD with eta/sqrt(t) play
// the online linear game on [-1, 1] (Orabona's lecture notes on online gradient descent).
type lectureView struct {
	*roomView
	modelSlot[playground.Lecture, *playground.Lecture]
	plays *lineChart
	chart *lineChart

	tableOf *playground.LectureGame // the game whose players the table's rows are
	rows    []*textSlots            // a player's cells
}

// lectureColors are the players' colours (Okabe–Ito, as the learner panels).
var lectureColors = []string{"#D55E00", "#0072B2", "#009E73"}

func newLectureView(rv *roomView) *lectureView {
	v := &lectureView{roomView: rv, modelSlot: modelSlot[playground.Lecture, *playground.Lecture]{decoder: links.Decode[playground.Lecture], fresh: playground.NewLecture, lesson: playground.LectureLesson}}
	v.plays = newLineChart(rv.doc, "l-plays", "rounds", nil)
	v.chart = newLineChart(rv.doc, "l-chart", "rounds", func() { v.dirty = true })
	return v
}

// run returns the game being shown, or nil.
func (v *lectureView) run() *playground.LectureRun { return runAs[*playground.LectureRun](&v.player) }

func (v *lectureView) paper() { v.reset() }

func (v *lectureView) newRun() (playground.Stepper, error) {
	return stepper(playground.NewLectureRun(v.model))
}

func (v *lectureView) roomKey(ev *dom.KeyboardEvent) {
	switch ev.Key() {
	case "+":
		v.move(1)
	case "-":
		v.move(-1)
	}
}

func (v *lectureView) canvases() []*dom.HTMLCanvasElement {
	return []*dom.HTMLCanvasElement{v.plays.canvas, v.chart.canvas}
}

func (v *lectureView) csv() string {
	if v.run() == nil {
		return ""
	}
	return playground.LectureCSV(v.run().Game, v.run().Played())
}

func (v *lectureView) bind(func()) {
	v.on("sequence", "change", func() {
		v.model.Sequence = value(v.el("sequence"))
		v.changed()
	})
	v.on("plus", "click", func() { v.move(1) })
	v.on("minus", "click", func() { v.move(-1) })
	v.on("undo", "click", func() {
		if n := len(v.model.Moves); n > 0 {
			v.model.Moves = v.model.Moves[:n-1]
			v.changed()
		}
	})
	bindFields(v.roomView, playground.LectureFields(), func() *playground.Lecture { return v.model }, nil)
}

// move appends the visitor's z_t (switching to the adversary sequence) and
// shows the new round at once.
func (v *lectureView) move(z int8) {
	if v.model.Sequence != playground.SequenceAdversary {
		v.model.Sequence, v.model.Moves = playground.SequenceAdversary, nil
	}
	if len(v.model.Moves) >= playground.MaxLectureRounds {
		v.notice(fmt.Sprintf("The game holds at most %d rounds.", playground.MaxLectureRounds))
		return
	}
	v.model.Moves = append(v.model.Moves, z)
	v.changed()
}

func (v *lectureView) rebuild(func()) {}

// syncControls shows the model in the room's controls.
func (v *lectureView) syncControls() {
	setSelected(v.el("sequence"), v.model.Sequence)
	syncFields(v.roomView, playground.LectureFields(), v.model)
	if v.model.Sequence == playground.SequenceAdversary {
		removeAttr(v.el("undo"), "disabled")
	} else {
		setAttr(v.el("undo"), "disabled", "")
	}
}

// draw paints the plays, the table and the regret chart up to the rounds
// shown.
func (v *lectureView) draw() {
	r := v.run()
	if r == nil {
		return
	}
	g, t := r.Game, r.Played()
	v.plays.showFor(lectureState{r, t}, func() ([]curve, bool) { return v.playCurves(), false })
	setText(v.el("readout"), v.chart.showFor(lectureState{r, t}, func() ([]curve, bool) { return v.regretCurves(), false }))
	setText(v.el("t"), strconv.Itoa(t))
	v.fillTable(g, t)
}

// regretCurves are the regret chart's curves: each player's regret, T,
// sqrt T and OGD's two proven bounds.
func (v *lectureView) regretCurves() []curve {
	g, t := v.run().Game, v.run().Played()
	var regrets []curve
	for i, p := range g.Players {
		regrets = append(regrets, curve{name: p.Name, color: lectureColors[i], ys: p.Regret[:t]})
	}
	ref := func(f func(float64) float64) []float64 {
		out := make([]float64, t)
		for s := range out {
			out[s] = f(float64(s + 1))
		}
		return out
	}
	return append(regrets,
		curve{name: "T", color: "#3b4452", ys: ref(func(s float64) float64 { return s }), dashed: true},
		curve{name: "√T", color: "#8a94a3", ys: ref(math.Sqrt), dashed: true},
		curve{name: "OGD bound", color: lectureColors[1], ys: g.Players[1].Bound[:t], dashed: true},
		curve{name: "OGD η/√t bound", color: lectureColors[2], ys: g.Players[2].Bound[:t], dashed: true})
}

// lectureState is the state of the game a picture shows.
type lectureState struct {
	run    *playground.LectureRun
	played int
}

// playCurves are the plays chart's curves: z_t and each player's plays.
func (v *lectureView) playCurves() []curve {
	g, t := v.run().Game, v.run().Played()
	plays := []curve{{name: "z_t", color: "#8a94a3", ys: g.Z[:t], dashed: true}}
	for i, p := range g.Players {
		plays = append(plays, curve{name: p.Name, color: lectureColors[i], ys: p.Plays[:t]})
	}
	return plays
}

// prepareFirst renders the plays chart of the state the picture after
// next shows, off screen, and prepare its regret chart in the next frame
// (twoPartPreparer): a picture's two charts and its table take three
// frames, not one (the plays zig-zag from -1 to 1, and painting them took
// a phone's CPU 14 ms a picture).
func (v *lectureView) prepareFirst() {
	if r := v.run(); r != nil {
		v.plays.renderAhead(lectureState{r, r.Played()}, v.playCurves(), false)
	}
}

// prepare renders the regret chart of the state the next picture shows,
// off screen (preparer).
func (v *lectureView) prepare() {
	if r := v.run(); r != nil {
		v.chart.renderAhead(lectureState{r, r.Played()}, v.regretCurves(), false)
	}
}

// fillTable shows each player's figures after t rounds in the table: its
// rows are built once per game, and a cell written only when its text
// changes (rebuilding the table took a phone's CPU tens of milliseconds a
// picture).
func (v *lectureView) fillTable(g *playground.LectureGame, t int) {
	if v.tableOf != g {
		body := query(v.el("table"), "tbody")
		clearChildren(body, 0)
		v.rows = v.rows[:0]
		for i, p := range g.Players {
			row := create(v.doc, "tr")
			th := create(v.doc, "th")
			setAttr(th, "scope", "row")
			appendChild(th, swatch(v.doc, lectureColors[i]))
			appendChild(th, v.doc.CreateTextNode(p.Name))
			appendChild(row, th)
			for _, class := range lectureCells {
				appendChild(row, node(v.doc, "td", class))
			}
			appendChild(body, row)
			v.rows = append(v.rows, newTextSlots(row))
		}
		v.tableOf = g
	}
	for i, p := range g.Players {
		cells := v.rows[i]
		if t == 0 {
			cells.set("cell-play", "–")
			cells.set("cell-loss", "0")
			cells.set("cell-regret", "0")
		} else {
			cells.set("cell-play", num(p.Plays[t-1]))
			cells.set("cell-loss", num(p.CumLoss[t-1]))
			cells.set("cell-regret", num(p.Regret[t-1]))
		}
		switch {
		case p.Bound == nil:
			cells.set("cell-bound", "none (linear regret)")
		case t > 0:
			cells.set("cell-bound", num(p.Bound[t-1]))
		default:
			cells.set("cell-bound", "–")
		}
	}
}

// lectureCells are the classes of a player's cells in the table, in order.
var lectureCells = []string{"cell-play", "cell-loss", "cell-regret", "cell-bound"}

// publish exposes the room's figures on window.unitfreeLecture for tests.
func (v *lectureView) publish() {
	r := v.run()
	if r == nil {
		return
	}
	g, shown := r.Game, r.Played()
	var players []any
	for _, p := range g.Players {
		m := map[string]any{"id": p.ID, "regret": 0.0, "loss": 0.0}
		if shown > 0 {
			m["regret"], m["loss"] = p.Regret[shown-1], p.CumLoss[shown-1]
			if p.Bound != nil {
				m["bound"] = p.Bound[shown-1]
			}
		}
		players = append(players, m)
	}
	js.Global().Set("unitfreeLecture", js.ValueOf(map[string]any{"rounds": shown, "total": len(g.Z),
		"playing": v.player.Playing(), "players": players, "sequence": v.model.Sequence, "eta": v.model.Eta}))
}
