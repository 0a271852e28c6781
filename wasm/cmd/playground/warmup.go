//go:build js

package main

import (
	"syscall/js"

	"unitfree/wasm/playground"
)

// warmingUp reports whether the program runs where there is no document:
// in the page's compiling worker (site/compile-worker.js), which starts it
// once so that the browser compiles the start's code there and not on the
// page's main thread. There the program does the pure-Go work of the
// playground's first frames (playground.WarmUp) and returns.
func warmingUp() bool {
	if !js.Global().Get("document").IsUndefined() {
		return false
	}
	if _, err := playground.WarmUp(); err != nil {
		println("warming up:", err.Error())
	}
	return true
}
