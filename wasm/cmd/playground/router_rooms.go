//go:build js && (rooms || single)

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// roomSpec registers a room of the rooms' program: its name (the link's
// prefix, #name/...), the id of its <main>, the prefix of its elements'
// ids, its storage key, how often it draws while playing, and its view.
type roomSpec struct {
	name       string
	main       string
	prefix     string
	storageKey string
	drawEvery  int // frames between pictures while playing
	build      func(*roomView) roomContent
}

// rooms is the table of the rooms besides the units playground (which is
// the playground's own program): a new room is one entry here, its model
// in wasm/playground and its view.
var rooms = []roomSpec{
	{name: playground.RoomBandit, main: "room-bandit", prefix: "b-", storageKey: "unitfree.bandit.v1", drawEvery: 3,
		build: func(v *roomView) roomContent { return newBanditView(v) }},
	{name: playground.RoomSampling, main: "room-sampling", prefix: "s-", storageKey: "unitfree.sampling.v1", drawEvery: 2,
		build: func(v *roomView) roomContent { return newSamplingView(v) }},
	{name: playground.RoomLecture, main: "room-lecture", prefix: "l-", storageKey: "unitfree.lecture.v1", drawEvery: 2,
		build: func(v *roomView) roomContent { return newLectureView(v) }},
}

// roomsRouter shows the room the location's hash names (the playground's
// own program shows the units playground and marks the navigation).
type roomsRouter struct {
	doc    dom.Document
	views  map[string]*roomView
	board  *boardView // the board room, built when first shown
	active string
	routes int // routes taken: a room's first showing publishes it after its reveal, unless another came since
}

func newRoomsRouter(doc dom.Document) *roomsRouter {
	r := &roomsRouter{doc: doc, views: map[string]*roomView{}}
	dom.GetWindow().AddEventListener("hashchange", false, func(dom.Event) { r.route() })
	dom.GetWindow().AddEventListener("keydown", false, func(ev dom.Event) {
		ke := ev.(*dom.KeyboardEvent)
		if typing(ke) {
			return
		}
		if v, ok := r.views[r.active]; ok {
			v.key(ke)
		}
	})
	return r
}

// view returns the room's view, building it the first time it is shown.
func (r *roomsRouter) view(spec roomSpec) *roomView {
	if v, ok := r.views[spec.name]; ok {
		return v
	}
	v := newRoomView(r.doc, spec)
	v.start(spec.build(v))
	r.views[spec.name] = v
	return v
}

// route shows the room of the current hash, or none for the units
// playground.
func (r *roomsRouter) route() {
	name, state := playground.ParseHash(js.Global().Get("location").Get("hash").String())
	if v, ok := r.views[r.active]; ok && r.active != name {
		v.leave()
	}
	r.active = ""
	setHidden(byID(r.doc, "room-board"), name != playground.RoomBoard)
	if name == playground.RoomBoard {
		if r.board == nil {
			r.board = newBoardView(r.doc)
		}
		r.board.enter(state)
	}
	var main dom.Element
	var later []dom.Element
	for _, spec := range rooms {
		shown := spec.name == name
		if _, built := r.views[spec.name]; shown && !built {
			main, later = byID(r.doc, spec.main), holdBack(byID(r.doc, spec.main))
		}
		setHidden(byID(r.doc, spec.main), !shown)
		if shown {
			r.active = name
			r.view(spec).enter(state)
		}
	}
	r.routes++
	if later == nil {
		r.shown(name, r.routes)
		return
	}
	go func(routes int) {
		for _, el := range later {
			revealInFrame(el)
		}
		removeAttr(main, "data-building")
		r.shown(name, routes)
	}(r.routes)
}

// holdBack prepares a room's first showing: its controls and its
// explanation are laid out each in an animation frame of its own
// (revealInFrame), after the learners' panels, with the room unseen until
// they are (style.css: data-building); the room's first style and layout
// in one frame was a task of 820 ms on a phone slowed 4x. It returns the
// elements held back, in the order to reveal them.
func holdBack(main dom.Element) []dom.Element {
	later := []dom.Element{query(main, ".controls"), query(main, ".explain")}
	setAttr(main, "data-building", "")
	for _, el := range later {
		setAttr(el, "data-later", "")
	}
	return later
}

// shown publishes the room this program shows (for the page's tests),
// unless another route came after the one that showed it.
func (r *roomsRouter) shown(name string, routes int) {
	if routes == r.routes {
		js.Global().Set("unitfreeRoomShown", name)
	}
}
