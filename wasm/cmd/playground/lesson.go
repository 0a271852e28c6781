//go:build js

package main

import (
	"fmt"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// lessonText is what the step box shows of a step.
type lessonText struct{ title, text, do string }

// lessonBox is a room's guided lesson on the page: the start button and
// the box that shows a step (its count, title, text and what to do) with
// Back, Next and Close. show sets the room up for a step (counted from 1);
// closed runs when the visitor closes the lesson.
type lessonBox struct {
	doc    dom.Document
	room   string
	title  string
	steps  []lessonText
	box    dom.Element
	step   int // the step shown, from 1; 0 when closed
	show   func(step int)
	closed func()
}

func newLessonBox(doc dom.Document, prefix, room, title string, steps []lessonText, show func(int), closed func()) *lessonBox {
	l := &lessonBox{doc: doc, room: room, title: title, steps: steps, box: byID(doc, prefix+"lesson"), show: show, closed: closed}
	byID(doc, prefix+"lesson-start").AddEventListener("click", false, func(dom.Event) { l.tapTo(1) })
	return l
}

// lessonTexts returns the texts of a lesson's steps.
func lessonTexts[M any](l playground.Lesson[M]) []lessonText {
	out := make([]lessonText, len(l.Steps))
	for i, s := range l.Steps {
		out[i] = lessonText{s.Title, s.Text, s.Do}
	}
	return out
}

// open sets the room up for step k and shows it, with the step's link
// (a lesson's link, read by the room's router).
func (l *lessonBox) open(k int) {
	l.step = l.clamp(k)
	l.show(l.step)
	l.render()
	l.mark()
}

// tapTo answers a visitor's tap (Start, Back, Next): the box shows step k
// at once, and the room is set up for it in the tasks after that paint
// (inFrame), so that the tap's frame is the box's alone. On a phone slowed
// 4x, setting the units room up for a step (its run replayed, its panels
// rebuilt) took 174-358 ms inside the tap's task. A later tap, or Close,
// before then replaces the step: only the last one is set up.
func (l *lessonBox) tapTo(k int) {
	l.step = l.clamp(k)
	l.render()
	go func(k int) {
		inFrame(func() {})
		if l.step != k {
			return
		}
		l.show(k)
		l.mark()
	}(l.step)
}

// clamp returns step k within the lesson's steps.
func (l *lessonBox) clamp(k int) int { return max(1, min(len(l.steps), k)) }

// mark writes the step's link and publishes the step shown (for the
// page's tests), once the room is set up for it.
func (l *lessonBox) mark() {
	js.Global().Get("history").Call("replaceState", nil, "", playground.LessonHash(l.room, l.step))
	js.Global().Set("unitfreeLesson", js.ValueOf(map[string]any{"room": l.room, "step": l.step, "steps": len(l.steps)}))
}

// close hides the box; the room keeps the step's state.
func (l *lessonBox) close() {
	l.step = 0 // before closed: its link is the room's state again
	setHidden(l.box, true)
	js.Global().Set("unitfreeLesson", js.Null())
	if l.closed != nil {
		l.closed()
	}
}

// render fills the box with the current step, built with DOM calls. When
// the focus was on the lesson (its start button or one of the box's), it
// stays there: on the button of the same name, else on Next, else on
// Close (rebuilding the box once dropped it to the page's start).
func (l *lessonBox) render() {
	s := l.steps[l.step-1]
	// (Through js.Value: each dom.Element method called through the
	// interface links its ~140 element types' versions into the program,
	// 190 KB for these five.)
	focus := ""
	box := l.box.Underlying()
	if active := js.Global().Get("document").Get("activeElement"); active.Truthy() {
		switch {
		case box.Call("contains", active).Bool():
			focus = active.Call("getAttribute", "aria-label").String()
		case active.Get("id").String() == box.Get("id").String()+"-start":
			focus = "Next step of the lesson"
		}
	}
	clearChildren(l.box, 0)
	appendChild(l.box, node(l.doc, "p", "lesson-count", fmt.Sprintf("%s · step %d of %d", l.title, l.step, len(l.steps))))
	appendChild(l.box, node(l.doc, "h2", "", s.title))
	appendChild(l.box, node(l.doc, "p", "", s.text))
	appendChild(l.box, node(l.doc, "p", "lesson-do", "Try: "+s.do))
	row := node(l.doc, "div", "row")
	button := func(text, label string, enabled bool, f func()) {
		b := node(l.doc, "button", "", text)
		setAttr(b, "aria-label", label)
		if !enabled {
			setAttr(b, "disabled", "")
		}
		b.AddEventListener("click", false, func(dom.Event) { f() })
		appendChild(row, b)
	}
	button("Back", "Back to the previous step of the lesson", l.step > 1, func() { l.tapTo(l.step - 1) })
	if l.step < len(l.steps) {
		button("Next", "Next step of the lesson", true, func() { l.tapTo(l.step + 1) })
	}
	button("Close", "Close the lesson", true, l.close)
	appendChild(l.box, row)
	setHidden(l.box, false)
	if focus != "" {
		for _, label := range []string{focus, "Next step of the lesson", "Close the lesson"} {
			if b := box.Call("querySelector", `button[aria-label="`+label+`"]`); b.Truthy() && !b.Call("hasAttribute", "disabled").Bool() {
				b.Call("focus")
				break
			}
		}
	}
}
