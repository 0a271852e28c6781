//go:build js

package main

import (
	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// axesLayer keeps a plot's axes (frame, ticks, titles) drawn on a
// transparent canvas of their own, redrawn only when the frame, the titles
// or the canvas's size change: a picture then draws its axes with one call
// instead of some thirty.
type axesLayer struct {
	canvas       *dom.HTMLCanvasElement
	ctx          *dom.CanvasRenderingContext2D
	frame        playground.Frame
	xName, yName string
}

// draw paints the axes of frame f with the given titles onto c, whose
// canvas has target's size in device pixels.
func (l *axesLayer) draw(doc dom.Document, c *dom.CanvasRenderingContext2D, target *dom.HTMLCanvasElement, f playground.Frame, xName, yName string) {
	l.prepare(doc, target, f, xName, yName)
	c.DrawImageWithDst(l.canvas, 0, 0, f.Width, f.Height)
}

// prepare draws the axes of frame f with the given titles on the layer,
// for a canvas of target's size in device pixels, unless the layer holds
// them already.
func (l *axesLayer) prepare(doc dom.Document, target *dom.HTMLCanvasElement, f playground.Frame, xName, yName string) {
	w, h := target.Width(), target.Height()
	if l.canvas == nil {
		l.canvas = createCanvas(doc)
		l.ctx = l.canvas.GetContext2d()
	}
	if l.canvas.Width() != w || l.canvas.Height() != h || l.frame != f || l.xName != xName || l.yName != yName {
		l.canvas.SetWidth(w) // also clears the canvas and its transform
		l.canvas.SetHeight(h)
		l.ctx.SetTransform(float64(w)/f.Width, 0, 0, float64(h)/f.Height, 0, 0)
		drawAxes(l.ctx, f, xName, yName)
		l.frame, l.xName, l.yName = f, xName, yName
	}
}
