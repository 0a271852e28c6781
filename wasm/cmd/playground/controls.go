//go:build js && !rooms

package main

import (
	"math"
	"strconv"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/wasm/playground"
)

// bind attaches the handlers of every control, calling pace between
// groups of them (the start passes one that yields).
func (a *app) bind(pace func()) {
	presets := make([]string, len(playground.PresetIDs))
	copy(presets, playground.PresetIDs)
	labels := make([]string, len(presets))
	for i, id := range presets {
		labels[i] = playground.PresetLabel(id)
	}
	fillSelectLabels(a.doc, a.el("preset"), presets, labels, a.model.Preset)
	a.on("preset", "change", func() {
		if err := a.model.LoadPreset(value(a.el("preset")), a.model.Seed+1); err != nil {
			a.notice(err.Error())
			return
		}
		a.notice("")
		a.changed()
	})
	for _, id := range []string{"ds-x", "ds-y", "ds-pos", "ds-neg"} {
		a.on(id, "change", func() {
			if a.model.Source == nil {
				return
			}
			src := *a.model.Source
			src.X, src.Y = value(a.el("ds-x")), value(a.el("ds-y"))
			src.Pos, src.Neg = value(a.el("ds-pos")), value(a.el("ds-neg"))
			if err := a.model.SetSource(src); err != nil {
				a.notice(err.Error())
				a.syncControls()
				return
			}
			a.notice("")
			a.changed()
		})
	}
	for _, id := range []string{"brush-pos", "brush-neg", "brush-erase"} {
		b := a.el(id)
		a.on(id, "click", func() {
			a.tool = attr(b, "data-tool")
			a.syncControls()
		})
	}
	a.on("undo", "click", func() { a.undo() })
	a.on("redo", "click", func() { a.redo() })
	a.on("clear", "click", func() { a.model.Clear(); a.changed() })
	for i := range 2 {
		a.on("unit-"+strconv.Itoa(i), "change", func() {
			if err := a.model.SetUnit(i, value(a.el("unit-"+strconv.Itoa(i)))); err != nil {
				a.notice(err.Error())
				return
			}
			a.changed()
		})
	}
	a.on("bias", "change", func() { a.model.Bias = checked(a.el("bias")); a.changed() })
	a.on("degree", "change", func() {
		d, _ := strconv.Atoi(value(a.el("degree")))
		a.model.Degree = max(1, min(3, d))
		a.changed()
	})
	a.on("play", "click", func() { a.togglePlay() })
	a.on("step", "click", func() { a.stepOnce() })
	a.on("restart", "click", func() { a.restart(); a.publish() })
	a.on("reset", "click", func() {
		a.model = playground.NewModel()
		a.changed()
		a.buildPanels()
	})
	a.on("speed", "input", func() {
		v, _ := strconv.ParseFloat(value(a.el("speed")), 64)
		a.speed = max(1, min(1000, int(math.Round(math.Pow(10, v)))))
		setText(a.el("speed-value"), strconv.Itoa(a.speed))
		setCount(a.el("speed-unit"), float64(a.speed))
	})
	a.on("shuffle", "change", func() { a.model.Shuffle = checked(a.el("shuffle")); a.changed() })
	a.on("seed", "change", func() {
		s, err := strconv.ParseUint(value(a.el("seed")), 10, 64)
		if err != nil || s >= playground.MaxSeed {
			a.notice("The seed must be a whole number from 0 to 2147483647.")
			a.syncControls()
			return
		}
		a.model.Seed = s
		a.changed()
	})
	pace()
	a.on("passes", "change", func() {
		n, err := strconv.Atoi(value(a.el("passes")))
		if err != nil || n < 1 || n > playground.MaxPasses {
			a.notice("Passes must be 1 to 100.")
			a.syncControls()
			return
		}
		a.model.Passes = n
		a.changed()
	})
	box := a.el("learners")
	for _, f := range catalog.LinearFamilies() {
		// One group per family, headed by what its learners promise.
		group := create(a.doc, "fieldset")
		setAttr(group, "class", "family")
		legend := create(a.doc, "legend")
		setText(legend, f.Name)
		appendChild(group, legend)
		appendChild(group, node(a.doc, "p", "family-promise", f.Promise))
		appendChild(box, group) // in the document first: on finds the boxes by id
		for _, e := range catalog.Linear() {
			if e.Family != f.Name {
				continue
			}
			about := e.Summary
			if e.Variant != "" { // where it differs from its authors' code
				about += ".\n\nVariant: " + e.Variant
			}
			appendChild(group, checkbox(a.doc, "learner-"+e.ID, e.Name, about, false))
			id := e.ID
			a.on("learner-"+id, "change", func() { a.toggleLearner(id) })
		}
		pace()
	}
	a.bindFiles()
	pace()
	byID(a.doc, "present").AddEventListener("click", false, func(dom.Event) { togglePresent(a.doc); a.dirty = true })
	a.lesson = newLessonBox(a.doc, "", playground.RoomUnits, playground.UnitsLesson.Title, lessonTexts(playground.UnitsLesson), a.showStep, a.persist)
}

// on attaches a handler to the element with the given id.
func (a *app) on(id, event string, f func()) {
	listen(a.el(id), event, f)
}

// toggleLearner adds or removes a learner, keeping 1 to 6.
func (a *app) toggleLearner(id string) {
	specs := a.model.Learners[:0:0]
	found := false
	for _, s := range a.model.Learners {
		if s.ID == id {
			found = true
			continue
		}
		specs = append(specs, s)
	}
	if !found {
		specs = append(specs, eval.LearnerSpec{ID: id})
	}
	if err := a.model.SetLearners(specs); err != nil {
		a.notice(err.Error())
		a.syncControls()
		return
	}
	a.notice("")
	a.changed()
	a.buildPanels()
}

func (a *app) togglePlay() {
	if !a.player.Playing() && len(a.model.Points) == 0 {
		a.notice("There are no points to learn from: click a plot to add some, or pick a dataset.")
		return
	}
	a.player.Toggle(a.freshRun)
	a.answer()
	if !a.player.Playing() {
		a.persist() // the link holds the round the stream stopped at
	}
	// A pause shows one round in full: every heatmap row, the figures and
	// the regrets of the round the learners are at (while playing they are
	// refreshed a band and a few times a second at a time).
	a.dirty = true
	a.syncControls()
	a.publish()
}

func (a *app) stepOnce() {
	a.answer()
	a.player.Step(1)
	a.persist()
	a.dirty = true
	a.syncControls()
}

func (a *app) undo() {
	if a.model.Undo() {
		a.changed()
	}
}

func (a *app) redo() {
	if a.model.Redo() {
		a.changed()
	}
}

// key handles the keyboard shortcuts, except while typing in a field.
func (a *app) key(ev *dom.KeyboardEvent) {
	switch {
	case ev.Key() == " ":
		preventDefault(ev)
		a.togglePlay()
	case ev.Key() == "ArrowRight":
		a.stepOnce()
	case ev.Key() == "p" || ev.Key() == "P":
		if !ev.CtrlKey() && !ev.MetaKey() {
			togglePresent(a.doc)
			a.dirty = true
		}
	case ev.Key() == "r" || ev.Key() == "R":
		if !ev.CtrlKey() && !ev.MetaKey() {
			a.restart()
			a.publish()
		}
	case (ev.CtrlKey() || ev.MetaKey()) && (ev.Key() == "z" || ev.Key() == "Z"):
		preventDefault(ev)
		if ev.ShiftKey() {
			a.redo()
		} else {
			a.undo()
		}
	}
}

// syncControls shows the model's state in the controls.
func (a *app) syncControls() {
	a.syncCSVChoice()
	setSelected(a.el("preset"), a.model.Preset)
	choice := a.el("dataset-choice")
	if src := a.model.Source; src != nil {
		removeAttr(choice, "hidden")
		var feats, classes []string
		if _, d, err := data.Load(src.Dataset); err == nil {
			for _, f := range d.Features {
				feats = append(feats, f.Name)
			}
			classes = d.LabelValues[src.Label]
		}
		fillSelect(a.doc, a.el("ds-x"), feats, src.X)
		fillSelect(a.doc, a.el("ds-y"), feats, src.Y)
		fillSelect(a.doc, a.el("ds-pos"), classes, src.Pos)
		fillSelect(a.doc, a.el("ds-neg"), classes, src.Neg)
	} else {
		setAttr(choice, "hidden", "")
	}
	for i := range 2 {
		var ids, labels []string
		for _, u := range playground.UnitsFor(a.model.Features[i].Base) {
			ids, labels = append(ids, u.ID), append(labels, u.Label)
		}
		fillSelectLabels(a.doc, a.el("unit-"+strconv.Itoa(i)), ids, labels, a.model.Units[i])
		setText(a.el("unit-"+strconv.Itoa(i)+"-name"), a.model.Features[i].Name)
	}
	a.el("bias").Underlying().Set("checked", a.model.Bias)
	setSelected(a.el("degree"), strconv.Itoa(a.model.Degree))
	a.el("shuffle").Underlying().Set("checked", a.model.Shuffle)
	a.el("seed").Underlying().Set("value", strconv.FormatUint(a.model.Seed, 10))
	a.el("passes").Underlying().Set("value", strconv.Itoa(a.model.Passes))
	for _, e := range catalog.Linear() {
		on := false
		for _, s := range a.model.Learners {
			on = on || s.ID == e.ID
		}
		a.el("learner-"+e.ID).Underlying().Set("checked", on)
	}
	regress := a.model.Regression()
	setHidden(a.el("target-field"), !regress)
	setHidden(a.el("target-hint"), !regress)
	setHidden(a.el("brush-neg"), regress)
	if regress {
		setText(a.el("brush-pos"), "Add")
		if a.tool == "neg" {
			a.tool = "pos"
		}
	} else {
		setText(a.el("brush-pos"), "+1")
	}
	for _, t := range []string{"pos", "neg", "erase"} {
		b := a.el(map[string]string{"pos": "brush-pos", "neg": "brush-neg", "erase": "brush-erase"}[t])
		if t == a.tool {
			setClass(b, "active", true)
			setAttr(b, "aria-pressed", "true")
		} else {
			setClass(b, "active", false)
			setAttr(b, "aria-pressed", "false")
		}
	}
	label := "Play"
	if a.player.Playing() {
		label = "Pause"
	}
	setText(a.el("play"), label)
}

// bindCanvas lets a panel's canvas add, drag and erase points.
func (a *app) bindCanvas(canvas *dom.HTMLCanvasElement) {
	logical := func(ev dom.Event) (float64, float64) { return canvasPoint(ev.(*dom.PointerEvent), canvas) }
	// A mouse or pen press on a point starts a drag; any other press (a tap
	// on a phone, which never drags: a swipe scrolls the page) adds or
	// erases a point.
	canvas.AddEventListener("pointerdown", false, func(ev dom.Event) {
		pe := ev.(*dom.PointerEvent)
		if pe.PointerType() == "touch" {
			return
		}
		if px, py := logical(ev); a.tool != "erase" && pe.Button() != 2 && a.frame().Inside(px, py) {
			if hit := a.pick(px, py); hit >= 0 {
				preventDefault(ev)
				a.drag = &dragState{index: hit}
				canvas.Underlying().Call("setPointerCapture", pe.PointerID())
			}
		}
	})
	onPress(canvas, func(px, py float64, erase bool) {
		if a.drag != nil {
			return // a mouse press on a point: the drag handles it
		}
		a.press(px, py, erase)
	})
	canvas.AddEventListener("pointermove", false, func(ev dom.Event) {
		if a.drag == nil {
			return
		}
		px, py := logical(ev)
		x, y := a.frame().ToData(px, py)
		a.model.Move(a.drag.index, a.model.Unit(0).Invert(x), a.model.Unit(1).Invert(y), !a.drag.moved)
		a.drag.moved = true
		a.version++ // the overlays show the point where it is dragged
		a.dirty = true
	})
	end := func(dom.Event) {
		if a.drag != nil && a.drag.moved {
			a.changed()
		}
		a.drag = nil
	}
	canvas.AddEventListener("pointerup", false, end)
	canvas.AddEventListener("pointercancel", false, end)
}

// press adds a point of the tool's label (or the target typed in, for
// regression) at the canvas point, or erases the point there.
func (a *app) press(px, py float64, erase bool) {
	f := a.frame()
	if !f.Inside(px, py) {
		return
	}
	hit := a.pick(px, py)
	switch erase = erase || a.tool == "erase"; {
	case erase && hit >= 0:
		p := a.model.Points[hit]
		a.model.Remove(hit)
		a.changed()
		a.informUndo("Removed the point at " + a.where(p) + ".")
	case erase, hit >= 0:
	default:
		x, y := f.ToData(px, py)
		label := 1.0
		if a.tool == "neg" {
			label = -1
		}
		if a.model.Regression() {
			v, err := strconv.ParseFloat(value(a.el("target")), 64)
			if err != nil {
				a.notice("The target of a new point must be a number.")
				return
			}
			label = v
		}
		p := playground.Point{X: a.model.Unit(0).Invert(x), Y: a.model.Unit(1).Invert(y), Label: label}
		if err := a.model.Add(p); err != nil {
			a.notice(err.Error())
			return
		}
		a.changed()
		a.informUndo("Added a point of class " + num(label) + " at " + a.where(p) + ": every learner replays the stream with it.")
	}
}

// where names a point's place in the current units: "bill_depth_mm 17.2
// mm, body_mass_g 4.1 kg".
func (a *app) where(p playground.Point) string {
	place := func(i int, v float64) string {
		u := a.model.Unit(i)
		s := a.model.Features[i].Name + " " + num(math.Round(u.Convert(v)*1000)/1000)
		if u.Label != "" && u.Label != "×1" {
			s += " " + u.Label
		}
		return s
	}
	return place(0, p.X) + ", " + place(1, p.Y)
}

// informUndo says what an edit of the data did, with a button that undoes
// it: a tap on a plot (a lesson's, a projected one) changes the data, and
// says so.
func (a *app) informUndo(msg string) {
	a.inform(msg + " ")
	b := create(a.doc, "button")
	setAttr(b, "class", "notice-undo")
	setText(b, "Undo")
	b.AddEventListener("click", false, func(dom.Event) {
		a.undo()
		a.inform("Undone: the data are as they were.")
	})
	appendChild(a.el("notice"), b)
}

// pick returns the index of the point under (px, py), or -1.
func (a *app) pick(px, py float64) int {
	f := a.frame()
	best, bestD := -1, float64(pickRadiusPx*pickRadiusPx)
	u0, u1 := a.model.Unit(0), a.model.Unit(1)
	for i, p := range a.model.Points {
		x, y := f.ToPixel(u0.Convert(p.X), u1.Convert(p.Y))
		if d := (x-px)*(x-px) + (y-py)*(y-py); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}
