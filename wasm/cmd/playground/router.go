//go:build js

package main

import (
	"math"
	"strconv"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// room is one of the page's modes: the router shows one at a time.
type room interface {
	// enter shows the room with the state of the link ("" for the stored
	// or default state).
	enter(state string)
	// leave pauses the room when another is shown.
	leave()
	// key handles a key press of the page.
	key(ev *dom.KeyboardEvent)
}

// router shows the room the location's hash names, and keeps the
// navigation's current link marked.
type router struct {
	doc    dom.Document
	rooms  map[string]room
	mains  map[string]string // room -> id of its <main>
	active string
}

func newRouter(doc dom.Document, units *app) *router {
	r := &router{doc: doc, rooms: map[string]room{playground.RoomUnits: unitsRoom{units}},
		mains: map[string]string{playground.RoomUnits: "app", playground.RoomBandit: "room-bandit",
			playground.RoomSampling: "room-sampling", playground.RoomLecture: "room-lecture"}}
	dom.GetWindow().AddEventListener("hashchange", false, func(dom.Event) { r.route() })
	dom.GetWindow().AddEventListener("keydown", false, func(ev dom.Event) {
		ke := ev.(*dom.KeyboardEvent)
		tag := ke.Target().TagName()
		if tag == "INPUT" || tag == "SELECT" || tag == "TEXTAREA" {
			return
		}
		if rm, ok := r.rooms[r.active]; ok {
			rm.key(ke)
		}
	})
	return r
}

// room returns the named room, building it the first time it is shown.
func (r *router) room(name string) room {
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

// route shows the room of the current hash.
func (r *router) route() {
	name, state := playground.ParseHash(js.Global().Get("location").Get("hash").String())
	if r.active != "" && r.active != name {
		r.rooms[r.active].leave()
	}
	for room, id := range r.mains {
		if room == name {
			r.doc.GetElementByID(id).RemoveAttribute("hidden")
		} else {
			r.doc.GetElementByID(id).SetAttribute("hidden", "")
		}
	}
	for _, a := range r.doc.QuerySelectorAll("nav.rooms a") {
		if a.GetAttribute("data-room") == name {
			a.SetAttribute("aria-current", "page")
		} else {
			a.RemoveAttribute("aria-current")
		}
	}
	r.active = name
	js.Global().Set("unitfreeRoom", name)
	r.room(name).enter(state)
}

// unitsRoom is the units playground seen as a room.
type unitsRoom struct{ a *app }

func (u unitsRoom) enter(state string) {
	if state == "" || state == u.a.model.Encode() {
		u.a.persist()
		return
	}
	m, err := playground.DecodeModel(state)
	if err != nil {
		u.a.notice(err.Error() + " The page shows your current data instead.")
		u.a.persist()
		return
	}
	u.a.model = m
	u.a.changed()
	u.a.buildPanels()
}

func (u unitsRoom) leave() {
	u.a.playing = false
	u.a.syncControls()
}

func (u unitsRoom) key(ev *dom.KeyboardEvent) { u.a.key(ev) }

// roomBase holds what the rooms' views share: the document, their notice
// line, their link state and their loop.
type roomBase struct {
	doc        dom.Document
	name       string // the room's id
	storageKey string
	prefix     string // of the element ids: "b-", "s-", "l-"
	active     bool
	playing    bool
	dirty      bool
}

func (b *roomBase) el(id string) dom.Element { return b.doc.GetElementByID(b.prefix + id) }

// on attaches a handler to the room's element with the given id suffix.
func (b *roomBase) on(id, event string, f func()) {
	b.el(id).AddEventListener(event, false, func(dom.Event) { f() })
}

// notice shows a message in the room's notice line.
func (b *roomBase) notice(msg string) { b.el("notice").SetTextContent(msg) }

// canvasPoint returns the pointer's position in the canvas's logical
// pixels (panelSize wide, whatever its size on screen).
func canvasPoint(ev *dom.PointerEvent, canvas *dom.HTMLCanvasElement) (float64, float64) {
	k := panelSize / math.Max(1, canvas.Underlying().Get("clientWidth").Float())
	return ev.OffsetX() * k, ev.OffsetY() * k
}

// loadRoom returns the state a room shows on entering, or nil when it keeps
// the one it has (current, "" before the first entry): the link's state
// when it differs from the current one, else on the first entry the stored
// one, else the default. A state that cannot be read is reported and the
// default shown.
func loadRoom[T any](b *roomBase, link, current string, decode func(string) (*T, error), def func() *T) *T {
	if current != "" && (link == "" || link == current) {
		return nil
	}
	enc := link
	if enc == "" {
		enc = b.stored()
	}
	if enc == "" {
		return def()
	}
	m, err := decode(enc)
	if err != nil {
		b.notice(err.Error() + " The room starts from its default instead.")
		return def()
	}
	return m
}

// stored returns the room's state from the browser's storage, or "".
func (b *roomBase) stored() string {
	v := js.Global().Get("localStorage").Call("getItem", b.storageKey)
	if v.IsNull() {
		return ""
	}
	return v.String()
}

// persist writes the room's encoded state to the URL and to storage.
func (b *roomBase) persist(enc string) {
	js.Global().Get("history").Call("replaceState", nil, "", playground.Hash(b.name, enc))
	js.Global().Get("localStorage").Call("setItem", b.storageKey, enc)
}

// bindCopyLink makes the room's "Copy link" button copy the page's URL.
func (b *roomBase) bindCopyLink() {
	b.on("copy-link", "click", func() {
		href := js.Global().Get("location").Get("href").String()
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.IsUndefined() {
			b.notice("Copy this link: " + href)
			return
		}
		clip.Call("writeText", href)
		b.notice("Link copied: it reproduces this view.")
	})
}

// loop calls tick every animation frame while the room is shown.
func (b *roomBase) loop(tick func()) {
	var f func(time.Duration)
	f = func(time.Duration) {
		if b.active {
			tick()
		}
		dom.GetWindow().RequestAnimationFrame(f)
	}
	dom.GetWindow().RequestAnimationFrame(f)
}

// logSlider reads a range input holding log10 (or log2 when base is 2) of
// a value.
func logSlider(el dom.Element, base float64) float64 {
	v, _ := strconv.ParseFloat(value(el), 64)
	return math.Pow(base, v)
}

// intInput reads an integer input, or def when it is not one.
func intInput(el dom.Element, def int) int {
	v, err := strconv.Atoi(value(el))
	if err != nil {
		return def
	}
	return v
}
