package playground

import (
	"math"
	"testing"
)

// TestPaintDiscs checks painted discs against what a canvas draws: a
// disc's inside in its colour at its opacity, nothing beyond its edge (from
// its centre snapped to its pixel's), the covered area of a disc close to
// pi r^2 (radii from 1.5 to 14 and off-pixel centres, as the sampling
// room's points have), a translucent disc over an opaque one blended by
// source-over, and discs partly or wholly off the image clipped without a
// panic.
func TestPaintDiscs(t *testing.T) {
	painter := NewDiscPainter()
	const w, h = 64, 48
	px := func(buf []byte, x, y int) [4]byte {
		o := 4 * (y*w + x)
		return [4]byte{buf[o], buf[o+1], buf[o+2], buf[o+3]}
	}
	for _, d := range []Disc{{X: 20.3, Y: 20.7, R: 1.5}, {X: 30, Y: 24, R: 3.5}, {X: 31.6, Y: 22.2, R: 9}, {X: 32, Y: 24, R: 14}} {
		buf := make([]byte, 4*w*h)
		d.Color, d.Alpha = [3]int{10, 20, 30}, 1
		painter.Paint(buf, w, h, []Disc{d})
		area := 0.0
		for y := range h {
			for x := range w {
				p := px(buf, x, y)
				area += float64(p[3]) / 255
				dist := math.Hypot(float64(x)-math.Floor(d.X), float64(y)-math.Floor(d.Y))
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
	painter.Paint(buf, w, h, []Disc{
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

// BenchmarkPaintDiscs paints the sampling room's paper preset: a thousand
// points of radius 3.5 px, a tenth of them haloed, on a 300 x 300 image.
func BenchmarkPaintDiscs(b *testing.B) {
	const w, h = 300, 300
	buf := make([]byte, 4*w*h)
	var discs []Disc
	for i := range 1000 {
		x, y := 150+60*math.Sin(float64(i)*1.3), 150+40*math.Cos(float64(i)*2.1)
		if i%10 == 0 {
			discs = append(discs, Disc{X: x, Y: y, R: 9, Color: [3]int{230, 159, 0}, Alpha: 0.35})
		}
		discs = append(discs, Disc{X: x, Y: y, R: 3.5, Color: [3]int{49, 120, 198}, Alpha: 1})
	}
	painter := NewDiscPainter()
	for b.Loop() {
		clear(buf)
		painter.Paint(buf, w, h, discs)
	}
}

// TestPaintRingedDots checks the bandit room's points, a disc of radius 5
// in the ring colour under one of radius 3 in the fill colour (centred on
// their pixel): the centre in the fill colour, the rim in the ring colour,
// the edge partly covered, nothing outside, a later dot over an earlier
// one, and dots partly or wholly off the image clipped without a panic.
func TestPaintRingedDots(t *testing.T) {
	const w, h = 40, 30
	buf := make([]byte, 4*w*h)
	red, blue, green := [3]int{200, 0, 0}, [3]int{0, 0, 200}, [3]int{0, 160, 0}
	var discs []Disc
	for _, d := range []struct {
		x, y       float64
		fill, ring [3]int
	}{
		{10, 10, red, blue},
		{30, 10, red, blue},
		{33, 10, green, green}, // over the second
		{-3, 29, red, red},     // partly off
		{-50, 500, red, red},   // wholly off
	} {
		discs = append(discs, Disc{X: d.x, Y: d.y, R: 5, Color: d.ring, Alpha: 1}, Disc{X: d.x, Y: d.y, R: 3, Color: d.fill, Alpha: 1})
	}
	NewDiscPainter().Paint(buf, w, h, discs)
	px := func(x, y int) [4]byte {
		o := 4 * (y*w + x)
		return [4]byte{buf[o], buf[o+1], buf[o+2], buf[o+3]}
	}
	if got := px(10, 10); got != [4]byte{200, 0, 0, 255} { // the disc's centre pixel
		t.Errorf("centre %v, want the fill", got)
	}
	if got := px(14, 10); got != [4]byte{0, 0, 200, 255} { // 4 from the centre: on the rim
		t.Errorf("rim %v, want the ring", got)
	}
	if got := px(16, 10); got[3] != 0 { // 6 from the centre
		t.Errorf("outside %v, want transparent", got)
	}
	if got := px(15, 10); got[3] == 0 || got[3] == 255 { // 5 from the centre: the edge
		t.Errorf("edge %v, want partly covered", got)
	}
	if got := px(32, 10); got != [4]byte{0, 160, 0, 255} {
		t.Errorf("overlap %v, want the later dot", got)
	}
	if got := px(0, 29); got[3] == 0 {
		t.Errorf("the clipped dot left no mark: %v", got)
	}
}
