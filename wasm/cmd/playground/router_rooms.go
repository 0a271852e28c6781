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
	{name: playground.RoomLecture, main: "room-lecture", prefix: "l-", storageKey: "unitfree.lecture.v1", drawEvery: 3,
		build: func(v *roomView) roomContent { return newLectureView(v) }},
}

// roomsRouter shows the room the location's hash names (the playground's
// own program shows the units playground and marks the navigation).
type roomsRouter struct {
	doc      dom.Document
	views    map[string]*roomView // the rooms built
	building map[string]bool      // rooms whose first showing is under way (firstShowing)
	board    *boardView           // the board room, built when first shown
	active   string
	shown    string // the room of the last route ("" for the units playground)
}

func newRoomsRouter(doc dom.Document) *roomsRouter {
	r := &roomsRouter{doc: doc, views: map[string]*roomView{}, building: map[string]bool{}}
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

// route shows the room of the current hash, or none for the units
// playground. A room shown for the first time is built over several
// tasks (firstShowing); its view exists once it is built.
func (r *roomsRouter) route() {
	name, state := locationRoom()
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
	r.shown = name
	for _, spec := range rooms {
		shown := spec.name == name
		main := byID(r.doc, spec.main)
		_, built := r.views[spec.name]
		if shown && !built && !r.building[spec.name] {
			r.building[spec.name] = true
			go r.firstShowing(spec, main, holdBack(main))
		}
		setHidden(main, !shown)
		if shown {
			r.active = name
			if built {
				r.views[spec.name].enter(state)
			}
		}
	}
	r.publishShown()
}

// firstShowing builds a room's view and shows it, in steps each in a task
// of its own (the room unseen meanwhile): on a phone slowed 4x, landing
// on a room's link built, started and entered it in one task of 580 to
// 930 ms after the program's start. The room then enters the state of the
// link in force, if it is still the room shown (enterPaced, in steps too),
// lays out its controls frame by frame, and is seen once it has drawn a
// whole picture; its explanation, below, then appears part by part.
func (r *roomsRouter) firstShowing(spec roomSpec, main dom.Element, later heldBack) {
	nextTask() // the route's task ends (with the program's start, on a first visit)
	v := newRoomView(r.doc, spec)
	c := spec.build(v)
	nextTask()
	v.start(c, nextTask)
	nextTask()
	if name, state := locationRoom(); name == spec.name && r.active == spec.name {
		v.enterPaced(state, nextTask)
		// a route taken meanwhile, to another room or another state (not
		// the link the room wrote itself: entering it again cost a tenth
		// of a second on a phone)
		switch now, latest := locationRoom(); {
		case r.active != spec.name:
			v.leave()
		case now == spec.name && latest != state && locationHash() != v.wroteHash:
			v.enter(latest)
		}
	}
	delete(r.building, spec.name)
	r.views[spec.name] = v
	for _, group := range later.controls {
		revealInFrame(group...)
	}
	v.awaitWholePicture()
	showBuilt(main)
	for _, group := range later.explain {
		revealInFrame(group...)
	}
	r.publishShown()
}

// heldBack is what a room's first showing lays out after its panels, in
// groups of elements each laid out in a frame of its own: its controls,
// seen with the room, then its explanation, below it.
type heldBack struct{ controls, explain [][]dom.Element }

// holdBack prepares a room's first showing: each half of its controls,
// then each paragraph or formula of its explanation, is laid out in an
// animation frame of its own (revealInFrame), after the learners' panels,
// with the room unseen until its controls and a whole picture are
// (style.css: data-building). On a phone slowed 4x the room's first style
// and layout in one frame was a task of 820 ms; its whole controls, or its
// explanation (text and MathML formulas), were frames of 200-300 ms.
func holdBack(main dom.Element) heldBack {
	buildUnseen(main)
	return heldBack{controls: groupsOf(query(main, ".controls"), 2), explain: groupsOf(query(main, ".explain"), 0)}
}

// groupsOf marks the element's children to be shown later (data-later)
// and returns them in n groups in order (0: one group per child).
func groupsOf(el dom.Element, n int) [][]dom.Element {
	var kids []dom.Element
	all := el.Underlying().Get("children")
	for i := range all.Length() {
		kid := element(all.Index(i))
		setAttr(kid, "data-later", "")
		kids = append(kids, kid)
	}
	size := 1
	if n > 0 {
		size = max(1, (len(kids)+n-1)/n)
	}
	var groups [][]dom.Element
	for len(kids) > 0 {
		k := min(size, len(kids))
		groups = append(groups, kids[:k])
		kids = kids[k:]
	}
	return groups
}

// publishShown publishes the room of the last route (for the page's
// tests) once it is whole: not while its first showing is under way.
func (r *roomsRouter) publishShown() {
	if !r.building[r.shown] {
		js.Global().Set("unitfreeRoomShown", r.shown)
	}
}
