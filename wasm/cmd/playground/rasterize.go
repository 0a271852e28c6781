//go:build js

package main

import "honnef.co/go/js/dom/v2"

// rasterizeProbe is the 1 x 1 canvas rasterize reads into.
var rasterizeProbe *dom.CanvasRenderingContext2D

// rasterize has the browser paint what was drawn on an off-screen canvas
// now: a canvas records what is drawn on it and paints it when it is first
// read, which would otherwise be when a picture copies it on screen, in
// the picture's frame. Reading one pixel of it into a 1 x 1 canvas is that
// first read, here.
func rasterize(c *dom.HTMLCanvasElement) {
	if rasterizeProbe == nil {
		probe := createCanvas(dom.GetWindow().Document())
		probe.SetWidth(1)
		probe.SetHeight(1)
		rasterizeProbe = probe.GetContext2d()
	}
	rasterizeProbe.DrawImageWithSrcAndDst(c, 0, 0, 1, 1, 0, 0, 1, 1)
}
