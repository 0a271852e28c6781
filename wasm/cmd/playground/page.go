//go:build js

package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// The DOM and drawing helpers both programs of the page share: the units
// playground (playground.wasm) and the other rooms (rooms.wasm).

// linkSeq numbers the link writes, so that a slow compression cannot
// overwrite a newer link.
var linkSeq int

// writeLink deflates a raw state with the browser (window.unitfreeDeflate)
// and hands its link to done, unless a later writeLink has started since.
func writeLink(raw []byte, done func(link string)) {
	linkSeq++
	seq := linkSeq
	in := js.Global().Get("Uint8Array").New(len(raw))
	js.CopyBytesToJS(in, raw)
	var then js.Func
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		then.Release()
		if seq != linkSeq {
			return nil
		}
		packed := make([]byte, args[0].Length())
		js.CopyBytesToGo(packed, args[0])
		done(playground.LinkOf(packed))
		return nil
	})
	js.Global().Call("unitfreeDeflate", in).Call("then", then)
}

// readLink inflates a link's state with the browser
// (window.unitfreeInflate) and hands the raw state, or what was wrong, to
// done.
func readLink(link string, done func(raw []byte, err error)) {
	packed, err := playground.Packed(link)
	if err != nil {
		done(nil, err)
		return
	}
	in := js.Global().Get("Uint8Array").New(len(packed))
	js.CopyBytesToJS(in, packed)
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		raw := make([]byte, args[0].Length())
		js.CopyBytesToGo(raw, args[0])
		done(raw, nil)
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		done(nil, errors.New("the link's state is damaged: "+args[0].Get("message").String()))
		return nil
	})
	js.Global().Call("unitfreeInflate", in).Call("then", ok, fail)
}

// currentRoom returns the room the location names.
func currentRoom() string {
	room, _ := locationRoom()
	return room
}

// locationRoom returns the room and the state the location's hash names.
func locationRoom() (room, state string) { return playground.ParseHash(locationHash()) }

// locationHash returns the URL's hash, with its "#".
func locationHash() string { return js.Global().Get("location").Get("hash").String() }

const (
	panelSize    = 320 // logical canvas size of a learner panel, square
	panelMargin  = 34  // room for the axis labels
	pickRadiusPx = 9   // how near a click must be to pick a point
)

// clock returns the page's clock in milliseconds.
// reducedMotion reports whether the visitor asked for reduced motion: the
// streams then wait for Play.
func reducedMotion() bool {
	return js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Bool()
}

// performanceNow is performance.now bound to performance, so that clock
// calls it without looking both up: a lookup is a crossing into
// JavaScript and a value to finalise, and the rooms read the clock in
// every step of a frame's budget.
var performanceNow = sync.OnceValue(func() js.Value {
	p := js.Global().Get("performance")
	return p.Get("now").Call("bind", p)
})

// clock returns performance.now(): milliseconds since the page's start.
func clock() float64 { return performanceNow().Invoke().Float() }

func jsFloat(name string) float64 { return js.Global().Get(name).Float() }

// Learner colours: the Okabe–Ito palette, safe for colour-blind readers.
var learnerColors = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"}

// drawAxes draws the frame, the ticks and the axis titles.
func drawAxes(c *dom.CanvasRenderingContext2D, f playground.Frame, xName, yName string) {
	x0, y0 := f.ToPixel(f.XMin, f.YMax)
	x1, y1 := f.ToPixel(f.XMax, f.YMin)
	c.SetStrokeStyle("#5f6b7a")
	c.SetLineWidth(1)
	c.StrokeRect(x0, y0, x1-x0, y1-y0)
	c.SetFillStyle("#3b4452")
	c.SetFont("11px system-ui, sans-serif")
	c.SetTextAlign("center")
	c.SetTextBaseline("top")
	for _, v := range playground.Ticks(f.XMin, f.XMax, 4) {
		px, _ := f.ToPixel(v, f.YMin)
		c.BeginPath()
		c.MoveTo(px, y1)
		c.LineTo(px, y1+4)
		c.Stroke()
		c.FillText(tickLabel(v), px, y1+5, -1)
	}
	c.SetTextAlign("right")
	c.SetTextBaseline("middle")
	for _, v := range playground.Ticks(f.YMin, f.YMax, 4) {
		_, py := f.ToPixel(f.XMin, v)
		c.BeginPath()
		c.MoveTo(x0-4, py)
		c.LineTo(x0, py)
		c.Stroke()
		c.Save()
		c.Translate(x0-6, py)
		c.Rotate(-math.Pi / 2)
		c.SetTextAlign("center")
		c.SetTextBaseline("bottom")
		c.FillText(tickLabel(v), 0, 0, -1)
		c.Restore()
	}
	c.SetTextAlign("center")
	c.SetTextBaseline("bottom")
	c.FillText(xName, (x0+x1)/2, f.Height, -1)
	c.Save()
	c.Translate(9, (y0+y1)/2)
	c.Rotate(-math.Pi / 2)
	c.SetTextBaseline("middle")
	c.FillText(yName, 0, 0, -1)
	c.Restore()
}

// tickLabel formats a tick value briefly.
func tickLabel(v float64) string { return playground.TickLabel(v) }

// num formats a figure with four significant digits.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

func checked(el dom.Element) bool { return el.Underlying().Get("checked").Bool() }

// setSelected chooses a select's option, and puts its text in the
// select's tooltip: a long option is cut short in the closed select.
func setSelected(sel dom.Element, v string) {
	s := sel.Underlying()
	s.Set("value", v)
	titleSelected(sel)
}

// titleSelected puts a select's chosen option's text in its tooltip.
func titleSelected(sel dom.Element) {
	if opt := sel.Underlying().Get("selectedOptions").Index(0); opt.Truthy() {
		setAttr(sel, "title", opt.Get("text").String())
	}
}

// fillSelectLabels replaces a select's options with values and labels.
func fillSelectLabels(doc dom.Document, sel dom.Element, values, labels []string, selected string) {
	if !refillOptions(sel, values, labels) {
		setSelected(sel, selected)
		return
	}
	for i, v := range values {
		opt := create(doc, "option")
		setAttr(opt, "value", v)
		setText(opt, labels[i])
		appendChild(sel, opt)
	}
	setSelected(sel, selected)
}

// fillSelect replaces a select's options.
func fillSelect(doc dom.Document, sel dom.Element, values []string, selected string) {
	if !refillOptions(sel, values, values) {
		// as a new list would show: the selected value, else the first
		i := slices.Index(values, selected)
		if i < 0 && len(values) > 0 {
			i = 0
		}
		sel.Underlying().Set("selectedIndex", i)
		titleSelected(sel)
		return
	}
	for _, v := range values {
		opt := create(doc, "option")
		setAttr(opt, "value", v)
		setText(opt, v)
		if v == selected {
			setAttr(opt, "selected", "")
		}
		appendChild(sel, opt)
	}
	sel.Underlying().Set("disabled", len(values) == 0)
	titleSelected(sel)
}

// optionsKey is the property in which a select keeps the values and
// labels of the options fillSelect and fillSelectLabels gave it.
const optionsKey = "unitfreeOptions"

// refillOptions reports whether a select must be given new options: it
// has not got these values and labels already. If so, it removes the old
// ones and marks the select with the new ones. A select that has them
// keeps its option elements: the controls are synced after every change,
// which rebuilt three selects' unchanged options on each unit switch (on
// a phone, CPU 4x slower, its handler's median went from 49 to 43 ms).
func refillOptions(sel dom.Element, values, labels []string) bool {
	key := strings.Join(values, "\x00") + "\x01" + strings.Join(labels, "\x00")
	v := sel.Underlying()
	if had := v.Get(optionsKey); had.Type() == js.TypeString && had.String() == key {
		return false
	}
	clearChildren(sel, 0)
	v.Set(optionsKey, key)
	return true
}

// clearChildren removes the element's children after the first keep ones.
func clearChildren(el dom.Element, keep int) {
	v := el.Underlying() // dom/v2's ChildNodes wraps every child: slow
	for v.Get("childNodes").Get("length").Int() > keep {
		v.Call("removeChild", v.Get("lastChild"))
	}
}

func value(el dom.Element) string { return el.Underlying().Get("value").String() }

// setHidden shows or hides an element.
func setHidden(el dom.Element, hidden bool) {
	if hidden {
		setAttr(el, "hidden", "")
	} else {
		removeAttr(el, "hidden")
	}
}

// download offers text as a file.
func download(name, mime, text string) {
	blob := js.Global().Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	link.Call("click")
	js.Global().Get("URL").Call("revokeObjectURL", url)
}

// saveCanvases downloads the canvases as one PNG: rows of up to three of
// equal width, each under its title (a learner panel's name, a chart's
// title) and over its figures (a panel's rounds, mistakes, loss, regret,
// meter or last round), as the page shows them.
func saveCanvases(doc dom.Document, canvases []*dom.HTMLCanvasElement, name string) {
	if len(canvases) == 0 {
		return
	}
	dpr := math.Max(1, jsFloat("devicePixelRatio"))
	line := math.Round(16 * dpr) // a caption line's height
	type tile struct {
		c       *dom.HTMLCanvasElement
		title   string
		figures []string
		x, y, h float64
	}
	var tiles []tile
	for _, c := range canvases {
		t := tile{c: c}
		if p := c.Underlying().Call("closest", ".learner-panel, .chart-panel"); !p.IsNull() {
			if h := p.Call("querySelector", "h3"); !h.IsNull() {
				t.title = strings.TrimSpace(h.Get("textContent").String())
			}
			text := func(el js.Value) string { return oneLine(el.Get("textContent").String()) }
			for _, sel := range []string{".figures > div", ".meter", ".last-round"} {
				items := p.Call("querySelectorAll", sel)
				var parts []string
				for i := range items.Length() {
					item := items.Index(i)
					if dt, dd := item.Call("querySelector", "dt"), item.Call("querySelector", "dd"); !dt.IsNull() && !dd.IsNull() {
						parts = append(parts, text(dt)+" "+text(dd)) // a figure: its name and value
					} else {
						parts = append(parts, text(item))
					}
				}
				if text := strings.Join(parts, " · "); text != "" {
					t.figures = append(t.figures, text)
				}
			}
		}
		tiles = append(tiles, t)
	}
	x, y, rowH, width, rowN, rowW := 0.0, 0.0, 0.0, 0.0, 0, -1
	for i := range tiles {
		t := &tiles[i]
		if rowN == 3 || (rowW >= 0 && t.c.Width() != rowW) {
			x, y, rowH, rowN = 0, y+rowH, 0, 0
		}
		t.x, t.y = x, y
		t.h = line*1.5 + float64(t.c.Height()) + line*float64(len(t.figures)) + line/2
		rowW = t.c.Width()
		x += float64(t.c.Width())
		rowH = math.Max(rowH, t.h)
		width = math.Max(width, x)
		rowN++
	}
	out := createCanvas(doc)
	out.SetWidth(int(width))
	out.SetHeight(int(y + rowH))
	ctx := out.GetContext2d()
	ctx.SetFillStyle("#ffffff")
	ctx.FillRect(0, 0, width, y+rowH)
	ctx.SetTextBaseline("middle")
	ctx.SetTextAlign("left")
	for _, t := range tiles {
		w := float64(t.c.Width())
		ctx.SetFillStyle("#1f2733")
		ctx.SetFont(fmt.Sprintf("600 %.0fpx system-ui, sans-serif", 13*dpr))
		ctx.FillText(t.title, t.x+8*dpr, t.y+line*0.75, w-16*dpr)
		ctx.DrawImage(t.c, t.x, t.y+line*1.5)
		ctx.SetFont(fmt.Sprintf("%.0fpx system-ui, sans-serif", 11*dpr))
		for k, f := range t.figures {
			ctx.FillText(f, t.x+8*dpr, t.y+line*1.5+float64(t.c.Height())+line*(float64(k)+0.6), w-16*dpr)
		}
	}
	link := create(doc, "a")
	setAttr(link, "href", out.Underlying().Call("toDataURL", "image/png").String())
	setAttr(link, "download", name)
	link.Underlying().Call("click")
}

// whenNear calls build once, when el comes within 400 px of the viewport
// (at once in a browser without IntersectionObserver).
func whenNear(el dom.Element, build func()) {
	observer := js.Global().Get("IntersectionObserver")
	if observer.IsUndefined() {
		build()
		return
	}
	var seen js.Func
	var obs js.Value
	seen = js.FuncOf(func(_ js.Value, args []js.Value) any {
		entries := args[0]
		for i := 0; i < entries.Length(); i++ {
			if entries.Index(i).Get("isIntersecting").Bool() {
				obs.Call("disconnect")
				seen.Release()
				build()
				return nil
			}
		}
		return nil
	})
	obs = observer.New(seen, map[string]any{"rootMargin": "400px"})
	obs.Call("observe", el.Underlying())
}

// typing reports whether a key press belongs to the element that has the
// focus, not to the page's shortcuts: every key of a form field, and Space
// and Enter on a button, a link or a summary (which press them).
func typing(ev *dom.KeyboardEvent) bool {
	switch ev.Target().Underlying().Get("tagName").String() {
	case "INPUT", "SELECT", "TEXTAREA":
		return true
	case "BUTTON", "A", "SUMMARY":
		return ev.Key() == " " || ev.Key() == "Enter"
	}
	return false
}

// tapSlop is how far, in CSS pixels, a finger may move and still tap.
const tapSlop = 10

// onPress calls f for each press on the canvas, at the point in the
// canvas's logical pixels: a mouse or pen press at once (erase is set for
// the right button), a touch when the finger lifts without having moved,
// so that a swipe that starts on a plot scrolls the page instead of adding
// a point (the canvases allow vertical panning: touch-action pan-y).
func onPress(canvas *dom.HTMLCanvasElement, f func(px, py float64, erase bool)) {
	var touch *dom.PointerEvent // a finger down, not yet lifted
	canvas.AddEventListener("contextmenu", false, func(ev dom.Event) { preventDefault(ev) })
	canvas.AddEventListener("pointerdown", false, func(ev dom.Event) {
		pe := ev.(*dom.PointerEvent)
		if pe.PointerType() == "touch" {
			touch = pe
			return
		}
		preventDefault(ev)
		px, py := canvasPoint(pe, canvas)
		f(px, py, pe.Button() == 2)
	})
	canvas.AddEventListener("pointerup", false, func(ev dom.Event) {
		pe := ev.(*dom.PointerEvent)
		if touch == nil || pe.PointerID() != touch.PointerID() {
			return
		}
		start := touch
		touch = nil
		if math.Hypot(float64(pe.ClientX()-start.ClientX()), float64(pe.ClientY()-start.ClientY())) <= tapSlop {
			px, py := canvasPoint(start, canvas)
			f(px, py, false)
		}
	})
	canvas.AddEventListener("pointercancel", false, func(dom.Event) { touch = nil })
}

// canvasPoint returns the pointer's position in the canvas's logical
// pixels (panelSize wide, whatever its size on screen).
func canvasPoint(ev *dom.PointerEvent, canvas *dom.HTMLCanvasElement) (float64, float64) {
	k := panelSize / math.Max(1, canvas.Underlying().Get("clientWidth").Float())
	return ev.OffsetX() * k, ev.OffsetY() * k
}

// copyLink copies the page's URL at the round on screen, which reproduces
// the view (the address bar gets it too), and says so on the button itself
// for two seconds, where the visitor looks; without a clipboard, say shows
// the link to copy by hand.
func copyLink(button dom.Element, say func(string), round int) {
	loc := js.Global().Get("location")
	hash := playground.HashAtRound(loc.Get("hash").String(), round)
	if hash != loc.Get("hash").String() {
		js.Global().Get("history").Call("replaceState", nil, "", hash)
	}
	href := loc.Get("href").String()
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() {
		say("Copy this link: " + href)
		return
	}
	clip.Call("writeText", href)
	label := textOf(button)
	if label == "Link copied ✓" {
		return
	}
	setText(button, "Link copied ✓")
	setAttr(button, "title", "The link reproduces this view")
	var restore js.Func
	restore = js.FuncOf(func(js.Value, []js.Value) any {
		setText(button, label)
		restore.Release()
		return nil
	})
	js.Global().Call("setTimeout", restore, 2000)
}

// showQR shows, in the page's QR dialog, the QR code of the page's link at
// the round on screen, drawn by the API (in the page's worker, or the
// server's): thirty phones open the same view in seconds.
func showQR(doc dom.Document, round int, say func(string)) {
	loc := js.Global().Get("location")
	hash := playground.HashAtRound(loc.Get("hash").String(), round)
	href := loc.Get("origin").String() + loc.Get("pathname").String() + loc.Get("search").String() + hash
	api := js.Global().Get("unitfreeApi")
	if api.IsUndefined() {
		say("No QR code: the page's API did not load. The link: " + href)
		return
	}
	var done, failed js.Func
	release := func() { done.Release(); failed.Release() }
	done = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		ans := args[0]
		if ans.Get("status").Int() != 200 {
			say("No QR code: " + ans.Get("body").String())
			return nil
		}
		img := byID(doc, "qr-img")
		setAttr(img, "src", "data:image/svg+xml;charset=utf-8,"+js.Global().Call("encodeURIComponent", ans.Get("body")).String())
		text := href
		if host := loc.Get("hostname").String(); host == "localhost" || strings.HasPrefix(host, "127.") || host == "[::1]" {
			text += " — this address names this computer only: open the page at the address `make serve HOST=0.0.0.0` prints, and its QR code will be one the phones can reach."
		}
		setText(byID(doc, "qr-text"), text)
		byID(doc, "qr-dialog").Underlying().Call("showModal")
		return nil
	})
	failed = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		say("No QR code: " + args[0].Get("message").String())
		return nil
	})
	api.Call("call", "GET", "/api/qr?text="+js.Global().Call("encodeURIComponent", href).String()).Call("then", done, failed)
}

// mistakeRate writes mistakes as a share of rounds ("33.3 %"), or "–"
// before the first round.
func mistakeRate(mistakes, rounds int) string {
	if rounds == 0 {
		return "–"
	}
	return strconv.FormatFloat(100*float64(mistakes)/float64(rounds), 'f', 1, 64) + " %"
}

// setCount writes the noun of an element's data-plural attribute in the
// number of n: "1 round", "10 rounds", "0.25 rounds".
func setCount(el dom.Element, n float64) {
	noun := attr(el, "data-plural")
	if n == 1 {
		noun = strings.TrimSuffix(noun, "s")
	}
	setText(el, noun)
}

// togglePresent switches the presenter view (large type, the pictures
// only) on or off.
func togglePresent(doc dom.Document) {
	on := !doc.Underlying().Get("body").Get("classList").Call("contains", "present").Bool()
	doc.Underlying().Get("body").Get("classList").Call("toggle", "present", on)
	setAttr(byID(doc, "present"), "aria-pressed", strconv.FormatBool(on))
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("resize")) // the charts take their new width
}

// oneLine returns s with its runs of ASCII white space as single spaces,
// trimmed (strings.Fields would do, at a cost in the page's WASM).
func oneLine(s string) string {
	out := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\n', '\t', '\r':
			space = len(out) > 0
		default:
			if space {
				out = append(out, ' ')
				space = false
			}
			out = append(out, c)
		}
	}
	return string(out)
}
