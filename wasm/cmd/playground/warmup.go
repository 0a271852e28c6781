//go:build js

package main

import (
	"runtime"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// warmingUp reports whether the program runs where there is no document:
// in the page's compiling worker (site/compile-worker.js), which starts it
// once so that the browser compiles the start's code there and not on the
// page's main thread. There the program does warm, the pure-Go work of
// its first frames (playground.WarmUp, playground.WarmUpRooms), crosses
// the bridge to JavaScript, has a listener called as the page's controls
// are (warmUpEvents), calls the page's functions in calls (see
// warmUpPage), collects its garbage once, and returns.
func warmingUp[T any](warm func() (T, error), calls []pageCall) bool {
	if !js.Global().Get("document").IsUndefined() {
		return false
	}
	if _, err := warm(); err != nil {
		println("warming up:", err.Error())
	}
	warmUpBridge()
	warmUpEvents(js.Global())
	warmUpPage(calls)
	// A collection, which the warm-up's allocations do not trigger but the
	// page's start does: 200 of the runtime's functions, the collector's,
	// were compiled on the page's main thread when a room's start
	// collected for the first time.
	runtime.GC()
	return true
}

// warmUpBridge crosses between Go and JavaScript the ways the page does
// (calls, properties, typed arrays, and a callback into Go), so that this
// glue is compiled in the worker too.
func warmUpBridge() {
	arr := js.Global().Get("Array").New()
	arr.Call("push", 1.5, "a", true, js.Null())
	arr.Set("length", arr.Length())
	_ = arr.Index(0).Float() + float64(arr.Index(0).Int())
	_ = arr.Index(1).String() + arr.Index(2).Type().String()
	_ = arr.Index(2).Bool() && arr.Index(3).IsNull() && !arr.Index(0).IsUndefined() && arr.Truthy()
	bytes := js.Global().Get("Uint8Array").New(4)
	js.CopyBytesToJS(bytes, []byte{1, 2, 3, 4})
	js.CopyBytesToGo(make([]byte, 4), bytes)
	// A callback called from JavaScript, as the page's listeners are.
	f := js.FuncOf(func(js.Value, []js.Value) any { return js.ValueOf(2.5) })
	arr.Call("map", f)
	f.Release()
}

// warmUpEvents adds a listener to target (an EventTarget: the worker's
// global scope) the way the page adds its controls' (listen, through
// dom's AddEventListener, which wraps each event by its type in a switch
// over 45 types), dispatches an event to it and removes it; it reports
// whether the listener ran. So these are compiled here: at the page's
// first tap they were compiled on its main thread, 16 ms of CPU (36-66
// ms of the tap's task on a phone slowed 4x).
func warmUpEvents(target js.Value) bool {
	const typ = "unitfree-warm-up"
	if target.Get("dispatchEvent").Type() != js.TypeFunction || js.Global().Get("Event").Type() != js.TypeFunction {
		return false
	}
	ran := false
	f := listen(&dom.BasicNode{Value: target}, typ, func() { ran = true })
	target.Call("dispatchEvent", js.Global().Get("Event").New(typ))
	target.Call("removeEventListener", typ, f)
	f.Release()
	return ran
}

// pageCall is one call of the page's warm-up (warmUpPage): a function of
// the page called so that it is compiled; returns says it returns where
// there is no document instead of stopping at a nil receiver or argument.
type pageCall struct {
	name    string
	returns bool
	call    func()
}

// warmUpPage makes each of calls once, recovering its panic, and returns
// the names of those that panicked. The page's own functions need a
// document, so the warm-up cannot run them; but a WebAssembly function is
// compiled where it is first called, however the call ends. A page call
// calls one of them with a nil receiver and zero arguments: it stops at
// its first use of them, compiled here.
func warmUpPage(calls []pageCall) (panicked []string) {
	for _, c := range calls {
		func() {
			defer func() {
				if recover() != nil {
					panicked = append(panicked, c.name)
				}
			}()
			c.call()
		}()
	}
	return panicked
}
