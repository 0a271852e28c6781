package playground

import (
	"math"
	"testing"
)

// TestPaintDiscs checks painted discs against what a canvas draws: a
// disc's inside in its colour at its opacity, nothing beyond its edge, an
// antialiased edge, the covered area of a disc close to pi r^2 (radii from
// 1.5 to 14 and off-pixel centres, as the sampling room's points have), a
// translucent disc over an opaque one blended by source-over, and discs
// partly or wholly off the image clipped without a panic.
func TestPaintDiscs(t *testing.T) {
	const w, h = 64, 48
	px := func(buf []byte, x, y int) [4]byte {
		o := 4 * (y*w + x)
		return [4]byte{buf[o], buf[o+1], buf[o+2], buf[o+3]}
	}
	for _, d := range []Disc{{X: 20.3, Y: 20.7, R: 1.5}, {X: 30, Y: 24, R: 3.5}, {X: 31.6, Y: 22.2, R: 9}, {X: 32, Y: 24, R: 14}} {
		buf := make([]byte, 4*w*h)
		d.Color, d.Alpha = [3]int{10, 20, 30}, 1
		PaintDiscs(buf, w, h, []Disc{d})
		area := 0.0
		for y := range h {
			for x := range w {
				p := px(buf, x, y)
				area += float64(p[3]) / 255
				dist := math.Hypot(float64(x)+0.5-d.X, float64(y)+0.5-d.Y)
				if dist > d.R+0.5 && p[3] != 0 {
					t.Fatalf("radius %g: pixel (%d,%d) at %.2f from the centre painted %v", d.R, x, y, dist, p)
				}
				if dist < d.R-0.5 && p != [4]byte{10, 20, 30, 255} {
					t.Fatalf("radius %g: pixel (%d,%d) inside the disc is %v", d.R, x, y, p)
				}
			}
		}
		if want := math.Pi * d.R * d.R; math.Abs(area-want) > 0.03*want+0.5 {
			t.Errorf("radius %g: covered area %.2f pixels, want pi r^2 = %.2f", d.R, area, want)
		}
	}

	buf := make([]byte, 4*w*h)
	PaintDiscs(buf, w, h, []Disc{
		{X: 10, Y: 10, R: 4, Color: [3]int{0, 0, 200}, Alpha: 1},
		{X: 10, Y: 10, R: 6, Color: [3]int{200, 100, 0}, Alpha: 0.5},  // over the first
		{X: 50, Y: 40, R: 3, Color: [3]int{200, 100, 0}, Alpha: 0.35}, // alone
		{X: -2, Y: 47, R: 5, Color: [3]int{0, 0, 200}, Alpha: 1},      // partly off
		{X: -90, Y: 900, R: 5, Color: [3]int{0, 0, 200}, Alpha: 1},    // wholly off
		{X: 40, Y: 10, R: 0, Color: [3]int{0, 0, 200}, Alpha: 1},      // nothing
	})
	if got := px(buf, 10, 10); got != [4]byte{100, 50, 100, 255} { // half of each
		t.Errorf("translucent over opaque: %v, want [100 50 100 255]", got)
	}
	if got := px(buf, 50, 40); got != [4]byte{200, 100, 0, 89} { // 0.35 of 255
		t.Errorf("translucent alone: %v, want its colour at alpha 89", got)
	}
	if got := px(buf, 0, 47); got[3] != 255 {
		t.Errorf("the clipped disc left %v", got)
	}
	if got := px(buf, 40, 10); got[3] != 0 {
		t.Errorf("a disc of radius 0 painted %v", got)
	}
}
