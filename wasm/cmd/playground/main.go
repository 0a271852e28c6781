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
		// The start is cut into several tasks (nextTask), so that the page
		// is never blocked for long while the playground builds itself.
		go func() {
			a.restart()
			nextTask()
			a.buildPanelsThen(nextTask)
			nextTask()
			a.bind()
			a.chart = newChart(a)
			nextTask()
			a.start()
			newUnitsRouter(a).route()
			// The experiment panel parses the datasets: it is built when
			// the visitor scrolls near it, not with the playground.
			whenNear(a.el("experiment"), func() { newExperimentPanel(doc) })
		}()
	})
	select {} // keep the Go program alive for the callbacks
}
