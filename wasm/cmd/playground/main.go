//go:build js

// Command playground is the browser playground: it wires the view logic of
// package playground to the page's DOM and canvas.
package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

func main() {
	doc := dom.GetWindow().Document()
	a, err := newApp(doc)
	if err != nil {
		js.Global().Call("unitfreeFail", "The playground could not start: "+err.Error())
		return
	}
	a.restore()
	a.bind()
	newExperimentPanel(doc)
	a.start()
	select {} // keep the Go program alive for the callbacks
}
