//go:build js

package main

import "syscall/js"

// warmingUp reports whether the program runs where there is no document:
// in the page's compiling worker (site/compile-worker.js), which starts it
// once so that the browser compiles the start's code there and not on the
// page's main thread. There the program does warm, the pure-Go work of
// its first frames (playground.WarmUp, playground.WarmUpRooms), and
// returns.
func warmingUp[T any](warm func() (T, error)) bool {
	if !js.Global().Get("document").IsUndefined() {
		return false
	}
	if _, err := warm(); err != nil {
		println("warming up:", err.Error())
	}
	return true
}
