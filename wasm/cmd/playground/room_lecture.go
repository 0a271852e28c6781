//go:build js && rooms

package main

import (
	"fmt"
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// lectureView is the lecture room: FTL, OGD and OGD with eta/sqrt(t) play
// the online linear game on [-1, 1] (Orabona's lecture notes on online gradient descent).
type lectureView struct {
	roomBase
	model *playground.Lecture
	game  *playground.LectureGame
	shown int // rounds shown so far
	plays *lineChart
	chart *lineChart
	accum float64 // fractional rounds of slow speeds
}

// lectureColors are the players' colours (Okabe–Ito, as the learner panels).
var lectureColors = []string{"#D55E00", "#0072B2", "#009E73"}

func newLectureView(doc dom.Document) *lectureView {
	v := &lectureView{roomBase: roomBase{doc: doc, name: playground.RoomLecture, storageKey: "unitfree.lecture.v1", prefix: "l-"}}
	v.plays = newLineChart(doc, "l-plays", "rounds", nil)
	v.chart = newLineChart(doc, "l-chart", "rounds", func() { v.dirty = true })
	v.bind()
	v.loop(v.tick)
	return v
}

func (v *lectureView) enter(state string) {
	enterRoom(&v.roomBase, state, &v.model, playground.DecodeLecture, playground.NewLecture, func() { v.replay(false) }, v.sync)
}

func (v *lectureView) leave() { v.active, v.playing = false, false; v.sync() }

func (v *lectureView) key(ev *dom.KeyboardEvent) {
	switch ev.Key() {
	case " ":
		ev.PreventDefault()
		v.togglePlay()
	case "ArrowRight":
		v.advance(1)
	case "r", "R":
		v.shown = 0
		v.dirty = true
	case "+":
		v.move(1)
	case "-":
		v.move(-1)
	}
}

func (v *lectureView) bind() {
	v.on("sequence", "change", func() {
		v.model.Sequence = value(v.el("sequence"))
		v.changed(false)
	})
	v.on("plus", "click", func() { v.move(1) })
	v.on("minus", "click", func() { v.move(-1) })
	v.on("undo", "click", func() {
		if n := len(v.model.Moves); n > 0 {
			v.model.Moves = v.model.Moves[:n-1]
			v.changed(true)
		}
	})
	v.on("rounds", "change", func() {
		v.model.Rounds = max(1, min(playground.MaxLectureRounds, intInput(v.el("rounds"), 100)))
		v.changed(false)
	})
	v.on("seed", "change", func() { v.model.Seed = uint64(max(0, intInput(v.el("seed"), 1))); v.changed(false) })
	v.on("eta", "input", func() {
		v.model.Eta = math.Max(playground.MinLectureEta, math.Min(playground.MaxLectureEta, logSlider(v.el("eta"), 10)))
		v.changed(true)
	})
	v.on("play", "click", v.togglePlay)
	v.on("step", "click", func() { v.advance(1) })
	v.on("restart", "click", func() { v.shown = 0; v.dirty = true; v.sync() })
	v.on("speed", "input", v.sync)
	v.on("paper", "click", func() {
		v.model = playground.NewLecture()
		v.changed(false)
		v.playing = true
		v.sync()
		js.Global().Call("scrollTo", 0, 0)
	})
	v.bindCopyLink()
	v.bindExports(func() []*dom.HTMLCanvasElement { return []*dom.HTMLCanvasElement{v.plays.canvas, v.chart.canvas} },
		func() string { return playground.LectureCSV(v.game, v.shown) })
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
	v.changed(true)
}

// changed replays the game after a change; keep keeps the rounds shown
// (a new step or move), else the game replays from round 0.
func (v *lectureView) changed(keep bool) {
	if err := v.model.Validate(); err != nil {
		v.notice(err.Error())
		return
	}
	v.notice("")
	v.persist(v.model.Raw())
	v.replay(keep)
	v.sync()
}

// replay plays the whole game again (it costs microseconds per round).
func (v *lectureView) replay(keep bool) {
	g, err := v.model.Play()
	if err != nil {
		v.notice(err.Error())
		return
	}
	v.game = g
	if !keep {
		v.shown = 0
	}
	if v.model.Sequence == playground.SequenceAdversary {
		v.shown = len(g.Z)
	}
	v.shown = min(v.shown, len(g.Z))
	v.dirty = true
}

func (v *lectureView) togglePlay() {
	if v.shown >= len(v.game.Z) {
		v.shown = 0
	}
	v.playing = !v.playing
	v.sync()
}

// advance shows n more rounds.
func (v *lectureView) advance(n int) {
	v.shown = min(len(v.game.Z), v.shown+n)
	if v.shown >= len(v.game.Z) {
		v.playing = false
		v.sync()
	}
	v.dirty = true
}

func (v *lectureView) tick() {
	if v.playing {
		v.accum += logSlider(v.el("speed"), 10)
		if n := int(v.accum); n > 0 {
			v.accum -= float64(n)
			v.advance(n)
		}
	}
	if v.dirty {
		v.dirty = false
		v.draw()
		v.publish()
	}
}

// sync shows the model in the controls.
func (v *lectureView) sync() {
	setSelected(v.el("sequence"), v.model.Sequence)
	v.el("rounds").Underlying().Set("value", v.model.Rounds)
	v.el("seed").Underlying().Set("value", strconv.FormatUint(v.model.Seed, 10))
	v.el("eta").Underlying().Set("value", math.Log10(v.model.Eta))
	v.el("eta-value").SetTextContent(num(v.model.Eta))
	v.el("speed-value").SetTextContent(num(math.Round(logSlider(v.el("speed"), 10)*100) / 100))
	adv := v.model.Sequence == playground.SequenceAdversary
	for _, id := range []string{"undo"} {
		if adv {
			v.el(id).RemoveAttribute("disabled")
		} else {
			v.el(id).SetAttribute("disabled", "")
		}
	}
	if adv {
		v.el("rounds").SetAttribute("disabled", "")
	} else {
		v.el("rounds").RemoveAttribute("disabled")
	}
	label := "Play"
	if v.playing {
		label = "Pause"
	}
	v.el("play").SetTextContent(label)
}

// draw paints the plays, the table and the regret chart up to the rounds
// shown.
func (v *lectureView) draw() {
	t := v.shown
	var plays, regrets []curve
	z := v.game.Z[:t]
	plays = append(plays, curve{name: "z_t", color: "#8a94a3", ys: z, dashed: true})
	for i, p := range v.game.Players {
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
		curve{name: "OGD bound", color: lectureColors[1], ys: v.game.Players[1].Bound[:t], dashed: true},
		curve{name: "OGD η/√t bound", color: lectureColors[2], ys: v.game.Players[2].Bound[:t], dashed: true})
	v.plays.draw(plays, false)
	v.el("readout").SetTextContent(v.chart.draw(regrets, false))
	v.el("t").SetTextContent(strconv.Itoa(t))
	body := query(v.el("table"), "tbody")
	clearChildren(body, 0)
	for i, p := range v.game.Players {
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
	var players []any
	for _, p := range v.game.Players {
		m := map[string]any{"id": p.ID, "regret": 0.0, "loss": 0.0}
		if v.shown > 0 {
			m["regret"], m["loss"] = p.Regret[v.shown-1], p.CumLoss[v.shown-1]
			if p.Bound != nil {
				m["bound"] = p.Bound[v.shown-1]
			}
		}
		players = append(players, m)
	}
	js.Global().Set("unitfreeLecture", js.ValueOf(map[string]any{"rounds": v.shown, "total": len(v.game.Z),
		"playing": v.playing, "players": players, "sequence": v.model.Sequence, "eta": v.model.Eta}))
}
