//go:build js && rooms

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// room is one of the page's modes besides the units playground.
type room interface {
	// enter shows the room with the state of the link ("" for the stored
	// or default state).
	enter(state string)
	// leave pauses the room when another is shown.
	leave()
	// key handles a key press of the page.
	key(ev *dom.KeyboardEvent)
}

// roomsRouter shows the room the location's hash names (the playground's
// own program shows the units playground and marks the navigation).
type roomsRouter struct {
	doc    dom.Document
	rooms  map[string]room
	mains  map[string]string // room -> id of its <main>
	active string
}

func newRoomsRouter(doc dom.Document) *roomsRouter {
	r := &roomsRouter{doc: doc, rooms: map[string]room{},
		mains: map[string]string{playground.RoomBandit: "room-bandit", playground.RoomSampling: "room-sampling", playground.RoomLecture: "room-lecture"}}
	dom.GetWindow().AddEventListener("hashchange", false, func(dom.Event) { r.route() })
	dom.GetWindow().AddEventListener("keydown", false, func(ev dom.Event) {
		ke := ev.(*dom.KeyboardEvent)
		if typing(ke) {
			return
		}
		if rm, ok := r.rooms[r.active]; ok {
			rm.key(ke)
		}
	})
	return r
}

// room returns the named room, building it the first time it is shown.
func (r *roomsRouter) room(name string) room {
	if rm, ok := r.rooms[name]; ok {
		return rm
	}
	var rm room
	switch name {
	case playground.RoomBandit:
		rm = newBanditView(r.doc)
	case playground.RoomSampling:
		rm = newSamplingView(r.doc)
	default:
		rm = newLectureView(r.doc)
	}
	r.rooms[name] = rm
	return rm
}

// route shows the room of the current hash, or none for the units
// playground.
func (r *roomsRouter) route() {
	name, state := playground.ParseHash(js.Global().Get("location").Get("hash").String())
	if r.active != "" && r.active != name {
		r.rooms[r.active].leave()
	}
	for room, id := range r.mains {
		setHidden(byID(r.doc, id), room != name)
	}
	if _, ok := r.mains[name]; !ok {
		r.active = ""
		return
	}
	r.active = name
	r.room(name).enter(state)
}
