//go:build js

package main

import (
	"fmt"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

const (
	canvasSize    = 480 // CSS pixels, square
	plotMargin    = 36  // room for the axis labels
	heatmapCells  = 64  // heatmap resolution per side, scaled up by the canvas
	roundsPerTick = 4   // learning rounds per animation frame
	storageKey    = "unitfree.points.v1"
	defaultEta    = 0.5
)

// app is the DOM adapter: it owns the canvas and the controls and asks the
// scene what to draw.
type app struct {
	doc    dom.Document
	canvas *dom.HTMLCanvasElement
	ctx    *dom.CanvasRenderingContext2D
	heat   *dom.HTMLCanvasElement // heatmapCells² offscreen grid
	hctx   *dom.CanvasRenderingContext2D
	himg   *dom.ImageData
	hbuf   []byte
	scene  *playground.Scene
	frame  playground.Frame
	brush  float64 // label of the next drawn point
	dirty  bool    // the picture is out of date
}

// newApp finds the page's elements and sets up the canvas.
func newApp(doc dom.Document) (*app, error) {
	canvas, ok := doc.GetElementByID("plot").(*dom.HTMLCanvasElement)
	if !ok {
		return nil, fmt.Errorf("the page has no <canvas id=plot>")
	}
	heat := doc.CreateElement("canvas").(*dom.HTMLCanvasElement)
	heat.SetWidth(heatmapCells)
	heat.SetHeight(heatmapCells)
	a := &app{
		doc: doc, canvas: canvas, ctx: canvas.GetContext2d(),
		heat: heat, hctx: heat.GetContext2d(),
		hbuf:  make([]byte, 4*heatmapCells*heatmapCells),
		scene: playground.NewScene(defaultEta),
		frame: playground.Frame{Width: canvasSize, Height: canvasSize, Margin: plotMargin,
			XMin: -1, XMax: 1, YMin: -1, YMax: 1},
		brush: 1, dirty: true,
	}
	a.himg = a.hctx.CreateImageData(heatmapCells, heatmapCells)
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr < 1 {
		dpr = 1
	}
	canvas.SetWidth(int(canvasSize * dpr))
	canvas.SetHeight(int(canvasSize * dpr))
	canvas.Style().SetProperty("width", fmt.Sprint(canvasSize, "px"), "")
	canvas.Style().SetProperty("height", fmt.Sprint(canvasSize, "px"), "")
	a.ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	return a, nil
}

// restore loads the points saved by an earlier visit.
func (a *app) restore() {
	stored := js.Global().Get("localStorage").Call("getItem", storageKey)
	if stored.IsNull() {
		return
	}
	if err := a.scene.UnmarshalPoints([]byte(stored.String())); err != nil {
		a.notice("Your saved points could not be read and were left untouched: " + err.Error())
	}
}

// save stores the points so that they survive a reload.
func (a *app) save() {
	data, err := a.scene.MarshalPoints()
	if err != nil {
		a.notice("Could not save the points: " + err.Error())
		return
	}
	js.Global().Get("localStorage").Call("setItem", storageKey, string(data))
}

// bind attaches the event handlers.
func (a *app) bind() {
	a.canvas.AddEventListener("pointerdown", false, func(ev dom.Event) {
		pe, ok := ev.(*dom.PointerEvent)
		if !ok {
			return
		}
		ev.PreventDefault()
		px, py := pe.OffsetX(), pe.OffsetY()
		if !a.frame.Inside(px, py) {
			return
		}
		x, y := a.frame.ToData(px, py)
		if err := a.scene.Add(playground.Point{X: x, Y: y, Label: a.brush}); err != nil {
			a.notice(err.Error())
			return
		}
		a.save()
		a.publish()
		a.dirty = true
	})
	for _, id := range []string{"brush-pos", "brush-neg"} {
		button := a.doc.GetElementByID(id)
		button.AddEventListener("click", false, func(dom.Event) { a.selectBrush(button) })
	}
	a.doc.GetElementByID("clear").AddEventListener("click", false, func(dom.Event) {
		a.scene.Clear()
		a.save()
		a.publish()
		a.dirty = true
	})
}

// selectBrush makes button's class the one that clicks add.
func (a *app) selectBrush(button dom.Element) {
	for _, id := range []string{"brush-pos", "brush-neg"} {
		b := a.doc.GetElementByID(id)
		b.Class().Remove("active")
		b.SetAttribute("aria-pressed", "false")
	}
	button.Class().Add("active")
	button.SetAttribute("aria-pressed", "true")
	if button.GetAttribute("data-label") == "-1" {
		a.brush = -1
	} else {
		a.brush = 1
	}
}

// start hides the loading screen and runs the animation loop.
func (a *app) start() {
	a.doc.GetElementByID("loading").SetAttribute("hidden", "")
	a.doc.GetElementByID("app").RemoveAttribute("hidden")
	var tick func(time.Duration)
	tick = func(time.Duration) {
		if a.scene.Step(roundsPerTick) > 0 {
			a.dirty = true
		}
		if a.dirty {
			a.draw()
			a.publish()
			a.dirty = false
		}
		dom.GetWindow().RequestAnimationFrame(tick)
	}
	a.publish()
	dom.GetWindow().RequestAnimationFrame(tick)
}

// publish exposes the state on window.unitfree and in the figures panel.
func (a *app) publish() {
	n, rounds := len(a.scene.Points()), a.scene.Rounds()
	js.Global().Set("unitfree", js.ValueOf(map[string]any{
		"ready": true, "points": n, "rounds": rounds, "resting": a.scene.Resting(),
	}))
	a.doc.GetElementByID("stat-points").SetTextContent(fmt.Sprint(n))
	a.doc.GetElementByID("stat-rounds").SetTextContent(fmt.Sprint(rounds))
	status := "learning"
	if a.scene.Resting() {
		status = fmt.Sprintf("done: %d passes", playground.MaxPasses)
	}
	if n == 0 {
		status = "waiting for points"
	}
	a.doc.GetElementByID("stat-status").SetTextContent(status)
}

// notice shows a message to the user in the page's notice line.
func (a *app) notice(msg string) {
	a.doc.GetElementByID("notice").SetTextContent(msg)
}
