package playground

import "math"

// Disc is a disc of any size to paint: its centre and radius in pixels, its
// colour and its opacity (0 to 1).
type Disc struct {
	X, Y, R float64
	Color   [3]int
	Alpha   float64
}

// DiscPainter paints discs of any size into RGBA pixels (row-major, not
// premultiplied, as canvas ImageData holds them): where a canvas would take
// one arc call per disc, this is one image for all of them (the sampling
// room's thousands of points, sized by their probabilities). Each disc's
// centre is snapped to its pixel's centre and its radius to a quarter
// pixel; the edge is antialiased by each pixel's distance to the circle,
// from a coverage mask computed once per radius.
type DiscPainter struct {
	masks map[int]discMask // by radius in quarter pixels
}

// discMask is how much of each pixel of a (2 reach + 1)² square a disc
// centred on its middle pixel covers, in 1/256.
type discMask struct {
	reach int
	cover []int32
}

// NewDiscPainter returns a painter with no masks yet.
func NewDiscPainter() *DiscPainter { return &DiscPainter{masks: map[int]discMask{}} }

func (p *DiscPainter) mask(r float64) discMask {
	q := int(math.Round(4 * r))
	if m, ok := p.masks[q]; ok {
		return m
	}
	radius := float64(q) / 4
	m := discMask{reach: int(math.Ceil(radius + 0.5))}
	side := 2*m.reach + 1
	m.cover = make([]int32, side*side)
	for y := range side {
		for x := range side {
			dist := math.Hypot(float64(x-m.reach), float64(y-m.reach))
			m.cover[y*side+x] = int32(math.Round(256 * math.Min(1, math.Max(0, radius+0.5-dist))))
		}
	}
	p.masks[q] = m
	return m
}

// Paint paints the discs, in order (source over), over the w x h image in
// buf.
func (p *DiscPainter) Paint(buf []byte, w, h int, discs []Disc) {
	for _, d := range discs {
		if !(d.R > 0) || !(d.Alpha > 0) {
			continue
		}
		m := p.mask(d.R)
		side := 2*m.reach + 1
		alpha := int32(math.Round(255 * math.Min(d.Alpha, 1))) // in 1/255, as the image holds it
		src := [3]int32{int32(d.Color[0]), int32(d.Color[1]), int32(d.Color[2])}
		cx, cy := int(math.Floor(d.X)), int(math.Floor(d.Y))
		for y := max(cy-m.reach, 0); y <= min(cy+m.reach, h-1); y++ {
			row := (y - cy + m.reach) * side
			for x := max(cx-m.reach, 0); x <= min(cx+m.reach, w-1); x++ {
				cover := m.cover[row+x-cx+m.reach] * alpha / 255
				if cover == 0 {
					continue
				}
				o := 4 * (y*w + x)
				if cover == 256 {
					buf[o], buf[o+1], buf[o+2], buf[o+3] = byte(src[0]), byte(src[1]), byte(src[2]), 255
					continue
				}
				under := int32(buf[o+3])
				total := cover*255 + under*(256-cover) // the result's opacity, in 1/(256*255)
				for c := range 3 {
					buf[o+c] = byte((src[c]*cover*255 + int32(buf[o+c])*under*(256-cover) + total/2) / total)
				}
				buf[o+3] = byte((total + 128) / 256)
			}
		}
	}
}
