//go:build js && rooms

package main

import (
	"syscall/js"

	"unitfree/wasm/playground"
)

// roomCalls are the rooms' functions whose compiling took longest on the
// main thread in the start of a visit that lands on the bandit, sampling
// or lecture room: in traces of those landings on a phone emulation
// slowed 4x, the browser compiled 157-217 functions there in 127-130 ms,
// these about half of it. warmUpPage calls them in the compiling worker
// instead (see pageCalls for the units playground's).
var roomCalls = []pageCall{
	{"lineChart.render", false, func() { (*lineChart)(nil).render(nil, false) }},
	{"lineChart.renderAhead", false, func() { (*lineChart)(nil).renderAhead(nil, nil, false) }},
	{"newLineChart", false, func() { newLineChart(nil, "", "", nil) }},
	{"roomsRouter.route", false, func() { (*roomsRouter)(nil).route() }},
	{"roomsRouter.firstShowing", false, func() { (*roomsRouter)(nil).firstShowing(roomSpec{}, nil, heldBack{}) }},
	{"holdBack", false, func() { holdBack(nil) }},
	{"groupsOf", false, func() { groupsOf(nil, 1) }},
	{"roomView.start", false, func() { (*roomView)(nil).start(nil, nil) }},
	{"roomView.enterPaced", false, func() { (*roomView)(nil).enterPaced("", nil) }},
	{"roomView.restartPaced", false, func() { (*roomView)(nil).restartPaced(nil) }},
	{"roomView.tick", false, func() { (*roomView)(nil).tick() }},
	{"roomView.sync", false, func() { (*roomView)(nil).sync() }},
	{"roomView.persist", false, func() { (*roomView)(nil).persist() }},
	{"roomView.awaitWholePicture", false, func() { (*roomView)(nil).awaitWholePicture() }},
	{"bindFields bandit", false, func() { bindFields(nil, playground.BanditFields(), nil, nil) }},
	{"bindFields sampling", false, func() { bindFields(nil, playground.SamplingFields(), nil, nil) }},
	{"bindFields lecture", false, func() { bindFields(nil, playground.LectureFields(), nil, nil) }},
	{"syncFields bandit", false, func() { syncFields(nil, playground.BanditFields(), nil) }},
	{"syncFields sampling", false, func() { syncFields(nil, playground.SamplingFields(), nil) }},
	{"syncFields lecture", false, func() { syncFields(nil, playground.LectureFields(), nil) }},
	{"fieldControl bandit", false, func() { fieldControl[playground.BanditRoom](nil, playground.Field[playground.BanditRoom]{}) }},
	{"banditView.bind", false, func() { (*banditView)(nil).bind(nil) }},
	{"banditView.buildPanels", false, func() { (*banditView)(nil).buildPanels(nil) }},
	{"banditView.rebuild", false, func() { (*banditView)(nil).rebuild(nil) }},
	{"banditView.syncControls", false, func() { (*banditView)(nil).syncControls() }},
	{"banditView.warnQuadratic", false, func() { (*banditView)(nil).warnQuadratic() }},
	{"banditView.draw", false, func() { (*banditView)(nil).draw() }},
	{"banditView.drawPanel", false, func() { (*banditView)(nil).drawPanel(nil, 0, nil, playground.Frame{}, 0, nil) }},
	{"banditView.drawPoints", false, func() { (*banditView)(nil).drawPoints(nil, nil, playground.Frame{}) }},
	{"banditView.renderAhead", false, func() { (*banditView)(nil).renderAhead(0, nil, playground.Frame{}, nil) }},
	{"banditView.drawChart", false, func() { (*banditView)(nil).drawChart() }},
	{"banditView.prepare", false, func() { (*banditView)(nil).prepare() }},
	{"banditView.publish", false, func() { (*banditView)(nil).publish() }},
	{"samplingView.bind", false, func() { (*samplingView)(nil).bind(nil) }},
	{"samplingView.buildPanels", false, func() { (*samplingView)(nil).buildPanels(nil) }},
	{"samplingView.draw", false, func() { (*samplingView)(nil).draw() }},
	{"samplingView.publish", false, func() { (*samplingView)(nil).publish() }},
	{"lectureView.fillTable", false, func() { (*lectureView)(nil).fillTable(nil, 0) }},
	{"lectureView.draw", false, func() { (*lectureView)(nil).draw() }},
	{"titleSelected", false, func() { titleSelected(nil) }},
	{"setAttr", false, func() { setAttr(nil, "", "") }},
	{"element", true, func() { element(js.Global()) }},
}
