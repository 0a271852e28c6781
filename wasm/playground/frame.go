package playground

import "math"

// Frame maps data coordinates of the plot area to canvas pixels: the data
// box [XMin,XMax] x [YMin,YMax] fills the canvas of Width x Height pixels
// less Margin on each side (room for the axes' labels). Y grows upwards in
// data and downwards on the canvas.
type Frame struct {
	Width, Height, Margin float64
	XMin, XMax            float64
	YMin, YMax            float64
}

// ToPixel returns the canvas position of the data point (x, y).
func (f Frame) ToPixel(x, y float64) (px, py float64) {
	w, h := f.Width-2*f.Margin, f.Height-2*f.Margin
	px = f.Margin + (x-f.XMin)/(f.XMax-f.XMin)*w
	py = f.Margin + (f.YMax-y)/(f.YMax-f.YMin)*h
	return px, py
}

// ToData returns the data point under the canvas position (px, py).
func (f Frame) ToData(px, py float64) (x, y float64) {
	w, h := f.Width-2*f.Margin, f.Height-2*f.Margin
	x = f.XMin + (px-f.Margin)/w*(f.XMax-f.XMin)
	y = f.YMax - (py-f.Margin)/h*(f.YMax-f.YMin)
	return x, y
}

// Inside reports whether the canvas position lies in the plot area.
func (f Frame) Inside(px, py float64) bool {
	return px >= f.Margin && px <= f.Width-f.Margin && py >= f.Margin && py <= f.Height-f.Margin
}

// Ticks returns about n round values ("nice" steps of 1, 2 or 5 times a power
// of ten) covering [lo, hi].
func Ticks(lo, hi float64, n int) []float64 {
	if !(hi > lo) || n < 1 {
		return nil
	}
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{2, 5, 10} {
		if step >= raw*(1-1e-9) {
			break
		}
		step = m * mag
	}
	var ticks []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, v)
	}
	return ticks
}
