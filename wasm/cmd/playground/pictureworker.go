//go:build js && !rooms

package main

import (
	"strconv"
	"syscall/js"
)

// pictureWorker has the panels' heatmaps computed in the picture worker
// (site/picture-worker.js: this program's module run as a
// playground.PictureServer) instead of on the page's main thread: a
// request per picture, for every panel due, at the round the stream waits
// at, answered with the probabilities and colours, which the panels show
// as if computed here (panel.complete). Until the worker is ready, where
// workers are missing, or once it fails, the panels compute their
// heatmaps here, a few rows a frame (panel.computeRows).
type pictureWorker struct {
	worker   js.Value
	ready    bool
	failed   bool
	sent     int        // the run whose model the worker has (app.runVersion)
	inFlight bool       // a request is awaited
	sentAt   float64    // when it was posted (clock)
	target   heatTarget // what it asks for
	learners []int      // of which panels
	served   int        // heatmaps the worker computed (published for the tests)
}

// startPictureWorker gives the picture worker, which the loader made with
// the program's download (site/loader.js, unitfreeHelpers), the module of
// this program (unitfreeModules), or returns nil when there is none or it
// failed.
func startPictureWorker(a *app) *pictureWorker {
	const file = "playground.wasm"
	module := js.Global().Get("unitfreeModules")
	worker := js.Global().Get("unitfreeHelpers")
	if !module.Truthy() || !worker.Truthy() {
		return nil
	}
	module, worker = module.Get(file), worker.Get(file)
	if !module.Truthy() || !worker.Truthy() {
		return nil
	}
	if why := worker.Get("unitfreeFailed"); why.Truthy() {
		println("the picture worker failed: " + why.String() + "; the heatmaps are computed on the page")
		return nil
	}
	w := &pictureWorker{worker: worker, sent: -1}
	w.worker.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		w.receive(a, args[0].Get("data"))
		return nil
	}))
	w.worker.Set("onerror", js.FuncOf(func(_ js.Value, args []js.Value) any {
		args[0].Call("preventDefault")
		why := "its script could not load"
		if msg := args[0].Get("message"); msg.Truthy() {
			why = msg.String()
		}
		w.fail(a, "the picture worker failed: "+why)
		return nil
	}))
	w.worker.Call("postMessage", js.ValueOf(map[string]any{"module": module}))
	return w
}

// pictureTimeoutMs is how long the page waits for the worker's answer
// before it computes the heatmaps itself: the stream waits for the
// pictures, and a worker that never answers (out of memory, say) would
// hold it forever. On a phone slowed 4x an answer takes tens of
// milliseconds.
const pictureTimeoutMs = 3000

// usable reports whether the worker takes the heatmaps of the run shown;
// a worker whose answer is overdue is given up.
func (w *pictureWorker) usable(a *app) bool {
	if w == nil || w.failed {
		return false
	}
	if w.inFlight && clock()-w.sentAt > pictureTimeoutMs {
		w.fail(a, "the picture worker did not answer within "+strconv.Itoa(pictureTimeoutMs/1000)+" s")
		return false
	}
	return w.ready && a.runRaw != nil
}

// fail stops using the worker: the panels compute their heatmaps here
// from now on.
func (w *pictureWorker) fail(a *app, why string) {
	println(why + "; the heatmaps are computed on the page")
	w.failed, w.inFlight = true, false
	w.worker.Call("terminate")
	a.dirty = true
}

// request asks for the heatmaps of target t of every panel due that has
// none waiting to be painted, unless a request is awaited.
func (w *pictureWorker) request(a *app, t heatTarget) {
	if w.inFlight {
		return
	}
	w.learners = w.learners[:0]
	var learners []any
	for i, p := range a.panels {
		if p.fresh || !p.due(t) {
			continue
		}
		p.nextRow = 0 // rows computed here before the worker was ready are computed again there
		w.learners = append(w.learners, i)
		learners = append(learners, i)
	}
	if len(learners) == 0 {
		return
	}
	raw := js.Null()
	if w.sent != a.runVersion {
		raw = uint8Array.New(len(a.runRaw))
		js.CopyBytesToJS(raw, a.runRaw)
		w.sent = a.runVersion
	}
	f := t.frame
	w.worker.Call("postMessage", js.ValueOf(map[string]any{
		"version": a.runVersion, "raw": raw, "round": t.round, "cells": heatmapCells, "learners": learners,
		"frame": map[string]any{"width": f.Width, "height": f.Height, "margin": f.Margin, "xMin": f.XMin, "xMax": f.XMax, "yMin": f.YMin, "yMax": f.YMax},
	}))
	w.inFlight, w.target, w.sentAt = true, t, clock()
}

// receive takes the worker's message: ready, or the answer to the request
// awaited, shown by its panels if the heatmaps they are due for are still
// those of its target.
func (w *pictureWorker) receive(a *app, data js.Value) {
	if data.Get("ready").Truthy() {
		w.ready = true
		return
	}
	if msg := data.Get("error"); msg.Truthy() {
		w.fail(a, msg.String())
		return
	}
	if !w.inFlight {
		return
	}
	w.inFlight = false
	a.dirty = true
	if w.target != a.heatTarget() {
		return // out of date: the panels due ask again
	}
	probs, rgba := data.Get("probs"), data.Get("rgba")
	n := heatmapCells * heatmapCells
	for k, i := range w.learners {
		if i >= len(a.panels) {
			break
		}
		p := a.panels[i]
		floatsOf(probs.Call("subarray", k*n, (k+1)*n), p.nextProbs)
		js.CopyBytesToGo(p.nextBuf, rgba.Call("subarray", 4*k*n, 4*(k+1)*n))
		for b := range p.nextRounds {
			p.nextRounds[b] = w.target.round
		}
		p.complete(w.target)
		p.fresh = true
		w.served++
	}
}

// servedCount returns the heatmaps the worker computed (0 without one).
func (w *pictureWorker) servedCount() int {
	if w == nil {
		return 0
	}
	return w.served
}
