//go:build js && !rooms

package main

import (
	"slices"
	"syscall/js"

	"unitfree/core/catalog"
	"unitfree/core/eval"
	"unitfree/wasm/playground"
)

// pageCalls are the units page's functions whose compiling took longest
// on the main thread in its start. In a trace of a landing on a phone
// emulation slowed 4x, the browser compiled about 200 functions there in
// 156 ms, 70 ms of it inside tasks over 50 ms (the blocking ones); the
// first 24 of these took 104 ms, the next 12 about 25 ms. The Play
// button's handler (togglePlay) was compiled there at the first tap.
var pageCalls = []pageCall{
	{"syncControls", false, func() { (*app)(nil).syncControls() }},
	{"showFigures", false, func() { (*panel)(nil).showFigures(nil, 0) }},
	{"lineChart.render", false, func() { (*lineChart)(nil).render(nil, false) }},
	{"writeLink", false, func() { writeLink(nil, nil) }},
	{"buildPanelsPaced", false, func() { (*app)(nil).buildPanelsPaced(nil) }},
	{"meterText", false, func() { meterText(playground.LearnerStats{}, nil) }},
	{"panel.paint", false, func() { (*panel)(nil).paint(nil, 0, false) }},
	{"figures", false, func() { figures(nil) }},
	{"startPictureWorker", true, func() { startPictureWorker(nil) }},
	{"pictureWorker.request", false, func() { (*pictureWorker)(nil).request(nil, heatTarget{}) }},
	{"app.bind", false, func() { (*app)(nil).bind(nil) }},
	{"app.togglePlay", false, func() { (*app)(nil).togglePlay() }},
	{"unitsRouter.route", false, func() { (*unitsRouter)(nil).route() }},
	{"syncCSVChoice", false, func() { (*app)(nil).syncCSVChoice() }},
	{"bindFiles", false, func() { (*app)(nil).bindFiles() }},
	{"lineChart.show", false, func() { (*lineChart)(nil).show() }},
	{"whenNear", false, func() { whenNear(nil, nil) }},
	{"bindCanvas", false, func() { (*app)(nil).bindCanvas(nil) }},
	{"app.publish", false, func() { (*app)(nil).publish() }},
	{"createCanvas", false, func() { createCanvas(nil) }},
	{"startPicturesOnce", false, func() { (*app)(nil).startPicturesOnce() }},
	{"app.draw", false, func() { (*app)(nil).draw() }},
	{"sprite", false, func() { (*app)(nil).sprite(0, "") }},
	{"pictureWorker.receive", false, func() { (*pictureWorker)(nil).receive(nil, js.Undefined()) }},
	{"overlayAhead", false, func() { (*panel)(nil).overlayAhead(nil, playground.Frame{}) }},
	{"paramInputs", false, func() { (*app)(nil).paramInputs(0, catalog.Entry{}, eval.LearnerSpec{}) }},
	{"chart.showAhead", false, func() { (*chart)(nil).showAhead(nil, 0) }},
	{"legendLines", false, func() { (*lineChart)(nil).legendLines("", 0) }},
	{"element", true, func() { element(js.Global()) }},
	{"drawAxes", false, func() { drawAxes(nil, playground.Frame{}, "", "") }},
	{"textSlots.set", false, func() { (*textSlots)(nil).set("", "") }},
	{"byID", false, func() { byID(nil, "") }},
	{"clearChildren", false, func() { clearChildren(nil, 0) }},
	{"compareRegrets", false, func() { (*app)(nil).compareRegrets(0) }},
	{"lineChart.showFor", false, func() { (*lineChart)(nil).showFor(nil, nil) }},
	{"onPress", false, func() { onPress(nil, nil) }},
	// the frame times' statistics sort float64s (pdqsort and its helpers)
	{"slices.Sort", true, func() { slices.Sort([]float64{9, 3, 7, 1, 8, 2, 6, 4, 5, 0, 19, 13, 17, 11, 18, 12, 16, 14, 15, 10}) }},
}
