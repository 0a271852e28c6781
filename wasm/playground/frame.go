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

// FitFrame returns the frame whose box holds the points with a margin of 8%
// on each side ([-1, 1]² for fewer than two points).
func FitFrame(width, height, margin float64, pts [][2]float64) Frame {
	f := Frame{Width: width, Height: height, Margin: margin, XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	if len(pts) < 2 {
		return f
	}
	f.XMin, f.XMax, f.YMin, f.YMax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		f.XMin, f.XMax = math.Min(f.XMin, p[0]), math.Max(f.XMax, p[0])
		f.YMin, f.YMax = math.Min(f.YMin, p[1]), math.Max(f.YMax, p[1])
	}
	padX, padY := 0.08*math.Max(f.XMax-f.XMin, 1e-9), 0.08*math.Max(f.YMax-f.YMin, 1e-9)
	f.XMin, f.XMax, f.YMin, f.YMax = f.XMin-padX, f.XMax+padX, f.YMin-padY, f.YMax+padY
	return f
}

// Nearest returns the index of the point drawn within radius pixels of the
// canvas position (px, py), the closest one, or -1.
func (f Frame) Nearest(pts [][2]float64, px, py, radius float64) int {
	best, bestD := -1, radius*radius
	for i, p := range pts {
		x, y := f.ToPixel(p[0], p[1])
		if d := (x-px)*(x-px) + (y-py)*(y-py); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
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
