//go:build js && rooms

// The rooms' program (rooms.wasm): bandit exploration, bandit sampling and
// the OGD lecture, loaded by the page when one of them is first shown.
package main

import (
	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

func main() {
	if warmingUp(playground.WarmUpRooms) {
		return
	}
	doc := dom.GetWindow().Document()
	setAttr(byID(doc, "rooms-loading"), "hidden", "")
	newRoomsRouter(doc).route()
	select {} // keep the Go program alive for the callbacks
}
