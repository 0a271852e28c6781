//go:build js

package main

import (
	"encoding/binary"
	"math"
	"syscall/js"
)

// Float64Array and Array are the browser's constructors.
var (
	float64Array = js.Global().Get("Float64Array")
	uint8Array   = js.Global().Get("Uint8Array")
	jsArray      = js.Global().Get("Array")
)

// jsFloats returns xs as a JavaScript array of numbers, copied in one go
// through a typed array: js.ValueOf of a []any crosses from Go to
// JavaScript once per number (the sampling room's thousands of
// probabilities, every picture).
func jsFloats(xs []float64) js.Value {
	raw := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(x))
	}
	bytes := uint8Array.New(len(raw))
	js.CopyBytesToJS(bytes, raw)
	return jsArray.Call("from", float64Array.New(bytes.Get("buffer")))
}
