//go:build js && !rooms

package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"unitfree/wasm/playground"
)

// servingPictures reports whether the program runs as the units
// playground's picture worker (site/picture-worker.js, which sets
// unitfreePictureWorker). There it answers the page's requests for
// heatmaps (playground.PictureServer) through unitfreePictures, says it is
// ready, and never returns.
func servingPictures() bool {
	if !js.Global().Get("unitfreePictureWorker").Truthy() {
		return false
	}
	var server playground.PictureServer
	var probs []float64
	var rgba []byte
	js.Global().Set("unitfreePictures", js.FuncOf(func(_ js.Value, args []js.Value) any {
		req, err := pictureRequestOf(args[0])
		if err == nil {
			probs, rgba, err = server.Heatmaps(req, probs[:0], rgba[:0])
		}
		if err != nil {
			return js.ValueOf(map[string]any{"error": err.Error()})
		}
		colours := uint8Array.New(len(rgba))
		js.CopyBytesToJS(colours, rgba)
		return js.ValueOf(map[string]any{"probs": float64ArrayOf(probs), "rgba": colours})
	}))
	js.Global().Call("postMessage", js.ValueOf(map[string]any{"ready": true}))
	select {}
}

// pictureRequestOf reads a request the page posted (pictureWorker.request);
// a field missing or of the wrong type is an error naming it, never a
// panic (a panic would end the worker's program).
func pictureRequestOf(v js.Value) (playground.PictureRequest, error) {
	var bad []string
	num := func(o js.Value, name string) float64 {
		if x := o.Get(name); x.Type() == js.TypeNumber {
			return x.Float()
		}
		bad = append(bad, name)
		return 0
	}
	if v.Type() != js.TypeObject {
		return playground.PictureRequest{}, errors.New("pictures: a request that is not an object")
	}
	f, learners := v.Get("frame"), v.Get("learners")
	if f.Type() != js.TypeObject || learners.Type() != js.TypeObject {
		return playground.PictureRequest{}, errors.New("pictures: a request without its frame or learners")
	}
	r := playground.PictureRequest{Version: int(num(v, "version")), Round: int(num(v, "round")), Cells: int(num(v, "cells")),
		Frame: playground.Frame{Width: num(f, "width"), Height: num(f, "height"), Margin: num(f, "margin"),
			XMin: num(f, "xMin"), XMax: num(f, "xMax"), YMin: num(f, "yMin"), YMax: num(f, "yMax")}}
	for k := range learners.Length() {
		r.Learners = append(r.Learners, int(num(learners, strconv.Itoa(k))))
	}
	if len(bad) > 0 {
		return playground.PictureRequest{}, fmt.Errorf("pictures: a request whose %s is not a number", strings.Join(bad, ", "))
	}
	if raw := v.Get("raw"); raw.Truthy() {
		if !raw.InstanceOf(uint8Array) {
			return playground.PictureRequest{}, errors.New("pictures: a request whose raw model is not a Uint8Array")
		}
		r.Raw = make([]byte, raw.Length())
		js.CopyBytesToGo(r.Raw, raw)
	}
	return r, nil
}
