//go:build js && single && !rooms

package main

// One program for every room, built only to measure the two-program split
// against it (wasm/browsertest's TestProgramSplit; assets/docs/benchmarks.md has the
// numbers). The units playground starts as in main.go, and the page's
// unitfreeLoadRooms, which would download rooms.wasm, shows the other
// rooms from this same program instead.

import (
	"runtime/debug"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

func main() {
	if servingPictures() || warmingUp(playground.WarmUp, pageCalls) {
		return
	}
	debug.SetGCPercent(400)
	doc := dom.GetWindow().Document()
	var rooms *roomsRouter
	js.Global().Set("unitfreeLoadRooms", js.FuncOf(func(js.Value, []js.Value) any {
		if rooms == nil {
			setAttr(byID(doc, "rooms-loading"), "hidden", "")
			rooms = newRoomsRouter(doc)
			rooms.route()
		}
		return nil
	}))
	startUnits(doc)
	select {}
}
