//go:build js && rooms

package main

import (
	"math"
	"strconv"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

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

func (b *roomBase) el(id string) dom.Element { return byID(b.doc, b.prefix+id) }

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
// the one it has (current, its raw state; nil before the first entry): the
// link's state when it differs from the current one, else on the first
// entry the stored one, else the default. A state that cannot be read is
// reported and the default shown.
func loadRoom[T any](b *roomBase, link string, current []byte, decode func(string) (*T, error), def func() *T) *T {
	if current != nil && (link == "" || playground.SameState(link, current)) {
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

// enterRoom shows a room: the link's (else the stored, else the default)
// state replaces *model when it differs from it (loadRoom), and the room
// restarts; then the state is written back to the link.
func enterRoom[T any, P interface {
	*T
	Raw() []byte
}](b *roomBase, state string, model *P, decode func(string) (*T, error), def func() *T, restart, sync func()) {
	b.active = true
	var current []byte
	if *model != nil {
		current = (*model).Raw()
	}
	if m := loadRoom(b, state, current, decode, def); m != nil {
		*model = P(m)
		restart()
	}
	b.persist((*model).Raw())
	sync()
}

// stored returns the room's state from the browser's storage, or "".
func (b *roomBase) stored() string {
	v := js.Global().Get("localStorage").Call("getItem", b.storageKey)
	if v.IsNull() {
		return ""
	}
	return v.String()
}

// persist writes the room's state (raw, deflated by the browser) to the
// URL and to storage, unless the visitor has left the room meanwhile.
func (b *roomBase) persist(raw []byte) {
	writeLink(raw, func(link string) {
		if currentRoom() != b.name {
			return
		}
		js.Global().Get("history").Call("replaceState", nil, "", playground.Hash(b.name, link))
		js.Global().Get("localStorage").Call("setItem", b.storageKey, link)
	})
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

// bindExports makes the room's "Save PNG" download its canvases and
// "Metrics CSV" its series (csv returns "" when there is nothing yet).
func (b *roomBase) bindExports(canvases func() []*dom.HTMLCanvasElement, csv func() string) {
	b.on("save-png", "click", func() { saveCanvases(b.doc, canvases(), "unitfree-"+b.name+".png") })
	b.on("metrics-csv", "click", func() {
		if text := csv(); text != "" {
			download("unitfree-"+b.name+"-metrics.csv", "text/csv", text)
		}
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
