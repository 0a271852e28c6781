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

func (v *lectureView) bind() {
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

func (v *lectureView) rebuild() {}

// syncControls shows the model in the room's controls.
func (v *lectureView) syncControls() {
	setSelected(v.el("sequence"), v.model.Sequence)
	syncFields(v.roomView, playground.LectureFields(), v.model)
	if v.model.Sequence == playground.SequenceAdversary {
		removeAttr(v.el("undo"), "disabled")
	} else {
		v.el("undo").SetAttribute("disabled", "")
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
	var plays, regrets []curve
	z := g.Z[:t]
	plays = append(plays, curve{name: "z_t", color: "#8a94a3", ys: z, dashed: true})
	for i, p := range g.Players {
		plays = append(plays, curve{name: p.Name, color: lectureColors[i], ys: p.Plays[:t]})
		regrets = append(regrets, curve{name: p.Name, color: lectureColors[i], ys: p.Regret[:t]})
	}
	ref := func(f func(float64) float64) []float64 {
		out := make([]float64, t)
		for s := range out {
			out[s] = f(float64(s + 1))
		}
		return out
	}
	regrets = append(regrets,
		curve{name: "T", color: "#3b4452", ys: ref(func(s float64) float64 { return s }), dashed: true},
		curve{name: "√T", color: "#8a94a3", ys: ref(math.Sqrt), dashed: true},
		curve{name: "OGD bound", color: lectureColors[1], ys: g.Players[1].Bound[:t], dashed: true},
		curve{name: "OGD η/√t bound", color: lectureColors[2], ys: g.Players[2].Bound[:t], dashed: true})
	v.plays.draw(plays, false)
	v.el("readout").SetTextContent(v.chart.draw(regrets, false))
	v.el("t").SetTextContent(strconv.Itoa(t))
	body := query(v.el("table"), "tbody")
	clearChildren(body, 0)
	for i, p := range g.Players {
		row := create(v.doc, "tr")
		cell := func(text string) {
			td := create(v.doc, "td")
			td.SetTextContent(text)
			row.AppendChild(td)
		}
		th := create(v.doc, "th")
		th.SetAttribute("scope", "row")
		th.AppendChild(swatch(v.doc, lectureColors[i]))
		th.AppendChild(v.doc.CreateTextNode(p.Name))
		row.AppendChild(th)
		if t == 0 {
			cell("–")
			cell("0")
			cell("0")
		} else {
			cell(num(p.Plays[t-1]))
			cell(num(p.CumLoss[t-1]))
			cell(num(p.Regret[t-1]))
		}
		if p.Bound == nil {
			cell("none (linear regret)")
		} else if t > 0 {
			cell(num(p.Bound[t-1]))
		} else {
			cell("–")
		}
		body.AppendChild(row)
	}
}

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
