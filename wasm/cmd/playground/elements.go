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
