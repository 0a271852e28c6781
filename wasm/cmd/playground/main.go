//go:build js && !rooms && !single

// Command playground is the browser playground: it wires the view logic of
// package playground to the page's DOM and canvases.
package main

import (
	"runtime/debug"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

func main() {
	if servingPictures() || warmingUp(playground.WarmUp, pageCalls) {
		return
	}
	// Collect garbage less often: a collection is a pause of the page, and
	// the playground's heap is small.
	debug.SetGCPercent(400)
	// The runtime's start and the packages' initialisation are the
	// program's first task: the page is read from the next one (together,
	// a task of 83-108 ms of CPU on a phone slowed 4x).
	go func() {
		nextTask()
		startUnits(dom.GetWindow().Document())
	}()
	select {} // keep the Go program alive for the callbacks
}
