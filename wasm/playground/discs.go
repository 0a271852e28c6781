package playground

import "math"

// Disc is a disc of any size to paint: its centre and radius in pixels, its
// colour and its opacity (0 to 1).
type Disc struct {
	X, Y, R float64
	Color   [3]int
	Alpha   float64
}

// PaintDiscs paints the discs, in order, over the w x h image in buf (RGBA,
// row-major, not premultiplied, as canvas ImageData holds it), each edge
// antialiased by the pixel centre's distance to the circle. Where a canvas
// would take one arc call per disc, this is one image for all of them: the
// sampling room's thousands of points, sized by their probabilities.
func PaintDiscs(buf []byte, w, h int, discs []Disc) {
	for _, d := range discs {
		if !(d.R > 0) || !(d.Alpha > 0) {
			continue
		}
		x0, x1 := max(int(math.Floor(d.X-d.R-0.5)), 0), min(int(math.Ceil(d.X+d.R+0.5)), w-1)
		y0, y1 := max(int(math.Floor(d.Y-d.R-0.5)), 0), min(int(math.Ceil(d.Y+d.R+0.5)), h-1)
		src := [3]float64{float64(d.Color[0]), float64(d.Color[1]), float64(d.Color[2])}
		for y := y0; y <= y1; y++ {
			dy := float64(y) + 0.5 - d.Y
			for x := x0; x <= x1; x++ {
				dx := float64(x) + 0.5 - d.X
				cover := d.R + 0.5 - math.Sqrt(dx*dx+dy*dy)
				if cover <= 0 {
					continue
				}
				cover = math.Min(cover, 1) * d.Alpha
				o := 4 * (y*w + x)
				under := float64(buf[o+3]) / 255 * (1 - cover)
				alpha := cover + under // source over
				for c := range 3 {
					buf[o+c] = byte(math.Round((src[c]*cover + float64(buf[o+c])*under) / alpha))
				}
				buf[o+3] = byte(math.Round(255 * alpha))
			}
		}
	}
}
