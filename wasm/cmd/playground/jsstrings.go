//go:build js

package main

import "syscall/js"

// jsStrings keeps the JavaScript strings the pictures pass to the canvas
// again and again (colours, fonts, tick labels, legend lines): a Go string
// handed to JavaScript is copied into a new JavaScript string and given a
// finalizer every time, which on a phone's CPU was a third of a chart's
// rendering.
var jsStrings = map[string]js.Value{}

// maxJSStrings bounds jsStrings: past it the cache starts again.
const maxJSStrings = 1024

// jsString returns s as a JavaScript string, kept for the next call.
func jsString(s string) js.Value {
	if v, ok := jsStrings[s]; ok {
		return v
	}
	if len(jsStrings) >= maxJSStrings {
		clear(jsStrings)
	}
	v := js.ValueOf(s)
	jsStrings[s] = v
	return v
}
