//go:build js

package main

import (
	"math"
	"strconv"
	"syscall/js"

	"unitfree/wasm/playground"
)

// draw paints the heatmap, the axes and the points.
func (a *app) draw() {
	f := a.frame
	a.ctx.SetFillStyle("#ffffff")
	a.ctx.FillRect(0, 0, f.Width, f.Height)

	a.scene.PaintHeatmap(a.hbuf, heatmapCells, heatmapCells, f)
	js.CopyBytesToJS(a.himg.Data(), a.hbuf)
	a.hctx.PutImageData(a.himg, 0, 0)
	a.ctx.Set("imageSmoothingEnabled", true)
	x0, y0 := f.ToPixel(f.XMin, f.YMax)
	x1, y1 := f.ToPixel(f.XMax, f.YMin)
	a.ctx.DrawImageWithDst(a.heat, x0, y0, x1-x0, y1-y0)

	a.drawAxes()
	for _, p := range a.scene.Points() {
		px, py := f.ToPixel(p.X, p.Y)
		a.ctx.BeginPath()
		a.ctx.Arc(px, py, 5.5, 0, 2*math.Pi, false)
		a.ctx.SetFillStyle(playground.PointColor(p.Label))
		a.ctx.Fill()
		a.ctx.SetLineWidth(2)
		a.ctx.SetStrokeStyle("#ffffff")
		a.ctx.Stroke()
		a.ctx.BeginPath()
		a.ctx.Arc(px, py, 6.5, 0, 2*math.Pi, false)
		a.ctx.SetLineWidth(1)
		a.ctx.SetStrokeStyle("rgba(31,39,51,0.8)")
		a.ctx.Stroke()
	}
}

// drawAxes draws the plot's frame, ticks and tick labels.
func (a *app) drawAxes() {
	f := a.frame
	c := a.ctx
	x0, y0 := f.ToPixel(f.XMin, f.YMax)
	x1, y1 := f.ToPixel(f.XMax, f.YMin)
	c.SetStrokeStyle("#5f6b7a")
	c.SetLineWidth(1)
	c.StrokeRect(x0, y0, x1-x0, y1-y0)
	c.SetFillStyle("#3b4452")
	c.SetFont("12px system-ui, sans-serif")
	c.SetTextAlign("center")
	c.SetTextBaseline("top")
	for _, v := range playground.Ticks(f.XMin, f.XMax, 4) {
		px, _ := f.ToPixel(v, f.YMin)
		c.BeginPath()
		c.MoveTo(px, y1)
		c.LineTo(px, y1+5)
		c.Stroke()
		c.FillText(label(v), px, y1+7, -1)
	}
	c.SetTextAlign("right")
	c.SetTextBaseline("middle")
	for _, v := range playground.Ticks(f.YMin, f.YMax, 4) {
		_, py := f.ToPixel(f.XMin, v)
		c.BeginPath()
		c.MoveTo(x0-5, py)
		c.LineTo(x0, py)
		c.Stroke()
		c.FillText(label(v), x0-7, py, -1)
	}
	c.SetTextAlign("center")
	c.SetTextBaseline("bottom")
	c.FillText("x₁", (x0+x1)/2, f.Height-1, -1)
	c.Save()
	c.Translate(11, (y0+y1)/2)
	c.Rotate(-math.Pi / 2)
	c.SetTextBaseline("middle")
	c.FillText("x₂", 0, 0, -1)
	c.Restore()
}

// label formats a tick value briefly.
func label(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
