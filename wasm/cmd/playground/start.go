//go:build js && !rooms

package main

import "honnef.co/go/js/dom/v2"

// startUnits starts the units playground: the state of the link (else of
// the last visit), the run, the panels, the controls and the loop.
func startUnits(doc dom.Document) {
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
}
