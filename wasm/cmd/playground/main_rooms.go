//go:build js && rooms

// The rooms' program (rooms.wasm): bandit exploration, bandit sampling and
// the OGD lecture, loaded by the page when one of them is first shown.
package main

import (
	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

func main() {
	if warmingUp(playground.WarmUpRooms, roomCalls) {
		return
	}
	// The runtime's start and the packages' initialisation are the
	// program's first task: the room is entered from the next one (with
	// the router's first route, a task of 120-180 ms of CPU on a phone
	// slowed 4x).
	go func() {
		nextTask()
		doc := dom.GetWindow().Document()
		setAttr(byID(doc, "rooms-loading"), "hidden", "")
		newRoomsRouter(doc).route()
	}()
	select {} // keep the Go program alive for the callbacks
}
