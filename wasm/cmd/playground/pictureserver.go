//go:build js && !rooms

package main

import (
	"errors"
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

// pictureRequestOf reads a request the page posted (pictureWorker.request).
func pictureRequestOf(v js.Value) (playground.PictureRequest, error) {
	num := func(name string) float64 {
		if x := v.Get(name); x.Type() == js.TypeNumber {
			return x.Float()
		}
		return -1
	}
	f := v.Get("frame")
	learners := v.Get("learners")
	if f.Type() != js.TypeObject || learners.Type() != js.TypeObject {
		return playground.PictureRequest{}, errors.New("pictures: a request without its frame or learners")
	}
	r := playground.PictureRequest{Version: int(num("version")), Round: int(num("round")), Cells: int(num("cells")),
		Frame: playground.Frame{Width: f.Get("width").Float(), Height: f.Get("height").Float(), Margin: f.Get("margin").Float(),
			XMin: f.Get("xMin").Float(), XMax: f.Get("xMax").Float(), YMin: f.Get("yMin").Float(), YMax: f.Get("yMax").Float()}}
	for k := range learners.Length() {
		r.Learners = append(r.Learners, learners.Index(k).Int())
	}
	if raw := v.Get("raw"); raw.Truthy() {
		r.Raw = make([]byte, raw.Length())
		js.CopyBytesToGo(r.Raw, raw)
	}
	return r, nil
}
