//go:build js

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// byID, create and query are dom/v2's GetElementByID, CreateElement and
// QuerySelector without its choice of Go type: dom/v2 compares an
// element's constructor with up to 71 HTML element classes, two JS calls
// each, about 0.1 ms per element in WASM and most of the playground's
// start. Canvases, the one concrete type the pages assert, get theirs.

// byID returns the element with the id, or nil.
func byID(doc dom.Document, id string) dom.Element {
	return element(doc.Underlying().Call("getElementById", id))
}

// create returns a new element with the tag.
func create(doc dom.Document, tag string) dom.Element {
	return element(doc.Underlying().Call("createElement", tag))
}

// createCanvas returns a new canvas element.
func createCanvas(doc dom.Document) *dom.HTMLCanvasElement {
	return element(doc.Underlying().Call("createElement", "canvas")).(*dom.HTMLCanvasElement)
}

// query returns the first element under el that matches the selector, or nil.
func query(el dom.Element, selector string) dom.Element {
	return element(el.Underlying().Call("querySelector", selector))
}

// closest returns el or its nearest ancestor that matches the selector,
// or nil. (dom/v2's Closest wraps the element by its tag, a tenth of a
// second of a room's first showing on a phone slowed 4x.)
func closest(el dom.Element, selector string) dom.Element {
	return element(el.Underlying().Call("closest", selector))
}

// element wraps a DOM element: an *dom.HTMLCanvasElement for a canvas, a
// *dom.BasicHTMLElement for any other; nil for null.
func element(v js.Value) dom.Element {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	base := &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
	if v.Get("tagName").String() == "CANVAS" {
		return &dom.HTMLCanvasElement{BasicHTMLElement: base}
	}
	return base
}

// node returns a new element with the class (none if empty) and the
// children, each a string (appended as a text node, never parsed as
// markup) or an element. Every element the page builds from values goes
// through it or through setText (textContent): no value can become markup.
func node(doc dom.Document, tag, class string, children ...any) dom.Element {
	el := create(doc, tag)
	if class != "" {
		setAttr(el, "class", class)
	}
	for _, c := range children {
		switch c := c.(type) {
		case string:
			el.Underlying().Call("appendChild", doc.Underlying().Call("createTextNode", c))
		case dom.Element:
			appendChild(el, c)
		}
	}
	return el
}

// setStyle sets CSS properties through the element's CSSOM style (which a
// content security policy without 'unsafe-inline' allows, unlike a style
// attribute), from name, value pairs.
func setStyle(el dom.Element, nameValues ...string) {
	st := el.Underlying().Get("style")
	for i := 0; i+1 < len(nameValues); i += 2 {
		st.Call("setProperty", nameValues[i], nameValues[i+1])
	}
}

// swatch returns a small square of the colour, as legends show.
func swatch(doc dom.Document, color string) dom.Element {
	s := node(doc, "span", "swatch")
	setStyle(s, "background", color)
	return s
}

// figure is one term of a panel's figures: its label (text or elements)
// and the class of the value that the panel updates, with the value shown
// before the first update.
type figure struct {
	label []any
	class string
	value string
	help  string // the term in plain words (a tooltip), "" for a plain one
}

// figures returns a <dl> of the figures, each term with its value in a
// <div> (which HTML allows in a <dl>), so that a pair wraps to a line of
// its own rather than being cut when the card is narrow.
func figures(doc dom.Document, figs ...figure) dom.Element {
	dl := node(doc, "dl", "figures")
	for _, f := range figs {
		dt := node(doc, "dt", "", f.label...)
		if f.help != "" {
			setAttr(dt, "title", f.help)
			setAttr(dt, "class", "term")
		}
		appendChild(dl, node(doc, "div", "", dt, node(doc, "dd", f.class, f.value)))
	}
	return dl
}

// panelHeading returns a panel's heading (a swatch and the name) and its
// line on the paper, with the full reference as its title when given.
func panelHeading(doc dom.Document, color, name, paperTitle, paperLine string) (dom.Element, dom.Element) {
	h := node(doc, "h3", "", swatch(doc, color), name)
	p := node(doc, "p", "paper", paperLine)
	if paperTitle != "" {
		setAttr(p, "title", paperTitle)
	}
	return h, p
}

// The helpers below call the DOM through the element's js.Value. Calling
// a method through dom/v2's Element or Event interface links that method
// of every one of its 90 to 150 types into the program (Class alone was
// 105 KB): the page calls these few through js.Value instead.

// removeAttr removes an attribute of el.
func removeAttr(el dom.Element, name string) { el.Underlying().Call("removeAttribute", name) }

// buildUnseen hides el while it is built and laid out: at no height
// (style.css: data-building; not visibility, which every element inherits,
// so the showing restyled them all) and out of the accessibility tree.
func buildUnseen(el dom.Element) {
	setAttr(el, "data-building", "")
	setAttr(el, "aria-hidden", "true")
}

// showBuilt shows el, built unseen (buildUnseen).
func showBuilt(el dom.Element) {
	removeAttr(el, "data-building")
	removeAttr(el, "aria-hidden")
}

// attr returns an attribute of el ("" when it has none).
func attr(el dom.Element, name string) string {
	v := el.Underlying().Call("getAttribute", name)
	if v.IsNull() {
		return ""
	}
	return v.String()
}

// setClass adds class to el, or removes it.
func setClass(el dom.Element, class string, on bool) {
	if on {
		el.Underlying().Get("classList").Call("add", class)
	} else {
		el.Underlying().Get("classList").Call("remove", class)
	}
}

// textOf returns el's text content.
func textOf(el dom.Element) string { return el.Underlying().Get("textContent").String() }

// queryAll returns the elements under root (an element or the document)
// that match the selector.
func queryAll(root interface{ Underlying() js.Value }, selector string) []dom.Element {
	list := root.Underlying().Call("querySelectorAll", selector)
	out := make([]dom.Element, list.Length())
	for i := range out {
		out[i] = element(list.Index(i))
	}
	return out
}

// preventDefault cancels an event's default action.
func preventDefault(ev dom.Event) { ev.Underlying().Call("preventDefault") }

// checkbox returns a labelled checkbox.
func checkbox(doc dom.Document, id, text, title string, checked bool) dom.Element {
	label := create(doc, "label")
	input := create(doc, "input")
	setAttr(input, "type", "checkbox")
	setAttr(input, "id", id)
	if checked {
		setAttr(input, "checked", "")
	}
	appendChild(label, input)
	appendChild(label, doc.CreateTextNode(" "+text))
	if title != "" {
		setAttr(label, "title", title)
	}
	return label
}

// The DOM's three most called methods, through js.Value: called through
// dom's interfaces (dom.Element, dom.Node), each kept its wrapper method
// for every element type in the program, 36 to 78 KB each.

// setText sets a node's text (textContent).
func setText(n interface{ Underlying() js.Value }, s string) { n.Underlying().Set("textContent", s) }

// setAttr sets an element's attribute.
func setAttr(el interface{ Underlying() js.Value }, name, value string) {
	el.Underlying().Call("setAttribute", name, value)
}

// appendChild appends child to parent's children.
func appendChild(parent, child interface{ Underlying() js.Value }) {
	parent.Underlying().Call("appendChild", child.Underlying())
}

// listenable is what listen adds a listener to (an element, the window):
// dom's EventTarget without the methods the page does not call.
type listenable interface {
	AddEventListener(typ string, useCapture bool, listener func(dom.Event)) js.Func
}

// listen calls f at each event of type typ on target, without reading the
// event, and returns the listener (to remove it).
func listen(target listenable, typ string, f func()) js.Func {
	return target.AddEventListener(typ, false, func(dom.Event) { f() })
}
