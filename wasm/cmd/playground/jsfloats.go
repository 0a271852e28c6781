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
	return jsArray.Call("from", float64ArrayOf(xs))
}

// float64ArrayOf returns xs as a new Float64Array, copied in one go.
func float64ArrayOf(xs []float64) js.Value {
	raw := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(x))
	}
	bytes := uint8Array.New(len(raw))
	js.CopyBytesToJS(bytes, raw)
	return float64Array.New(bytes.Get("buffer"))
}

// floatsScratch holds floatsOf's bytes between calls: it runs for every
// panel of every picture the picture worker sends.
var floatsScratch []byte

// floatsOf copies a Float64Array into xs (of its length), in one go.
func floatsOf(arr js.Value, xs []float64) {
	if cap(floatsScratch) < 8*len(xs) {
		floatsScratch = make([]byte, 8*len(xs))
	}
	raw := floatsScratch[:8*len(xs)]
	js.CopyBytesToGo(raw, uint8Array.New(arr.Get("buffer"), arr.Get("byteOffset"), 8*len(xs)))
	for i := range xs {
		xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
	}
}
