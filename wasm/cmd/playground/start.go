//go:build js && !rooms

package main

import (
	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// startUnits starts the units playground: the state of the link (else of
// the last visit), the run, the panels, the controls and the loop. A visit
// that lands in another room hands over to the rooms' program at once and
// builds the playground only when it is first shown: its build and first
// pictures would otherwise take the visible room's main thread.
func startUnits(doc dom.Document) {
	if currentRoom() == playground.RoomUnits {
		buildUnits(doc)
		return
	}
	setAttr(byID(doc, "loading"), "hidden", "")
	markRoom(doc, currentRoom())
	started := false
	dom.GetWindow().AddEventListener("hashchange", false, func(dom.Event) {
		if started {
			return // the playground's router answers from now on
		}
		if currentRoom() != playground.RoomUnits {
			markRoom(doc, currentRoom())
			return
		}
		started = true
		buildUnits(doc)
	})
}

// buildUnits builds and starts the units playground.
func buildUnits(doc dom.Document) {
	a := newApp(doc)
	a.restore(func() {
		// The start is cut into short tasks (pace), so that the page is
		// never blocked for long while the playground builds itself.
		go func() {
			// The state's reading (restore) ends its task: the build
			// begins in the next one.
			nextTask()
			app := a.el("app")
			buildUnseen(app)
			// The controls and the experiment panel (below the plots on a
			// phone) are styled and laid out each in a frame of its own
			// once the panels are built: the whole playground's first
			// style and layout in one frame was a long task of the start.
			later := []dom.Element{query(app, ".controls"), a.el("experiment")}
			for _, el := range later {
				setAttr(el, "data-later", "")
			}
			removeAttr(app, "hidden")
			a.restart()
			pace()
			a.buildPanelsPaced(pace)
			for _, el := range later {
				revealInFrame(el)
			}
			pace()
			a.bind(pace)
			pace()
			a.chart = newChart(a)
			pace()
			a.syncControls()
			pace()
			a.firstPicturesAhead(pace)
			a.start()
			// The router in the same task as the start: a visitor's first
			// tap finds the link's state and round in force.
			newUnitsRouter(a).route()
			// The experiment panel parses the datasets: it is built when
			// the visitor scrolls near it, not with the playground.
			whenNear(a.el("experiment"), func() { newExperimentPanel(doc) })
		}()
	})
}
