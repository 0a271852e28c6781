//go:build js && !rooms

package main

import (
	"bytes"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// unitsRouter shows the units playground when the location's hash names
// it; for another room it hides the playground and has the page load the
// rooms' own program (rooms.wasm, loader.js), which shows that room. The
// playground's download thus carries only the playground.
type unitsRouter struct {
	a      *app
	active bool
}

func newUnitsRouter(a *app) *unitsRouter {
	r := &unitsRouter{a: a}
	dom.GetWindow().AddEventListener("hashchange", false, func(dom.Event) { r.route() })
	dom.GetWindow().AddEventListener("keydown", false, func(ev dom.Event) {
		ke := ev.(*dom.KeyboardEvent)
		if r.active && !typing(ke) {
			a.key(ke)
		}
	})
	return r
}

// route shows the playground, or hands over to the rooms' program.
func (r *unitsRouter) route() {
	name, state := locationRoom()
	markRoom(r.a.doc, name)
	r.a.shown = name == playground.RoomUnits
	if name != playground.RoomUnits {
		if r.active {
			r.a.player.Pause()
			r.a.syncControls()
			r.a.publish() // it rests (the loader waits for rest to register the site offline)
		}
		r.active = false
		setAttr(r.a.el("app"), "hidden", "")
		return
	}
	r.active = true
	removeAttr(r.a.el("app"), "hidden")
	r.enter(state)
}

// markRoom marks the room shown in the navigation and in
// window.unitfreeRoom, and has the page load the rooms' program for a room
// other than the units playground (it shows that room).
func markRoom(doc dom.Document, name string) {
	for _, link := range queryAll(doc, "nav.rooms a") {
		if attr(link, "data-room") == name {
			setAttr(link, "aria-current", "page")
		} else {
			removeAttr(link, "aria-current")
		}
	}
	js.Global().Set("unitfreeRoom", name)
	if name != playground.RoomUnits {
		js.Global().Call("unitfreeLoadRooms")
	}
}

// enter shows the playground with the link's state: a state other than the
// current one replaces it; one that cannot be read is reported.
func (r *unitsRouter) enter(state string) {
	a := r.a
	if k, ok := playground.LessonStep(state); ok {
		a.lesson.open(k)
		return
	}
	if state == "" {
		a.persist()
		return
	}
	state, round := playground.SplitRound(state)
	readLink(state, func(raw []byte, err error) {
		if err == nil && bytes.Equal(raw, a.model.Raw()) {
			if round != a.player.Position() && round > 0 {
				a.player.Seek(a.freshRun(), round, nil)
				a.dirty = true
			}
			return // the link shows what the page shows
		}
		var m *playground.Model
		if err == nil {
			m, err = playground.DecodeModelRaw(raw)
		}
		if err != nil {
			a.notice(err.Error() + " The page shows your current data instead.")
			a.persist()
			return
		}
		a.model = m
		a.changed()
		if round > 0 {
			a.player.Seek(a.freshRun(), round, nil)
		}
		a.buildPanels()
	})
}
