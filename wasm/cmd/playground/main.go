//go:build js && !rooms

// Command playground is the browser playground: it wires the view logic of
// package playground to the page's DOM and canvases.
package main

import (
	"runtime/debug"

	"honnef.co/go/js/dom/v2"
)

func main() {
	// Collect garbage less often: a collection is a pause of the page, and
	// the playground's heap is small.
	debug.SetGCPercent(400)
	doc := dom.GetWindow().Document()
	a := newApp(doc)
	a.restore(func() {
		a.bind()
		a.chart = newChart(a)
		a.start()
		newUnitsRouter(a).route()
		// The experiment panel reads the datasets: build it after the
		// first frames, so that the playground answers first.
		dom.GetWindow().SetTimeout(func() { newExperimentPanel(doc) }, 200)
	})
	select {} // keep the Go program alive for the callbacks
}
