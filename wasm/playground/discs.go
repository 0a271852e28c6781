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
		x0, x1 := max(cx-m.reach, 0), min(cx+m.reach, w-1)
		if x0 > x1 {
			continue
		}
		for y := max(cy-m.reach, 0); y <= min(cy+m.reach, h-1); y++ {
			// the mask's row and the image's, from x0 to x1, as slices
			// (one bounds check a row instead of five a pixel)
			row := (y-cy+m.reach)*side - cx + m.reach
			covers := m.cover[row+x0 : row+x1+1]
			line := buf[4*(y*w+x0) : 4*(y*w+x1+1)]
			for i, c := range covers {
				cover := c * alpha / 255
				if cover == 0 {
					continue
				}
				px := line[4*i : 4*i+4 : 4*i+4]
				if cover == 256 {
					px[0], px[1], px[2], px[3] = byte(src[0]), byte(src[1]), byte(src[2]), 255
					continue
				}
				under := int32(px[3])
				if under == 0 { // on nothing: the colour at the cover, as the blend below gives it
					px[0], px[1], px[2], px[3] = byte(src[0]), byte(src[1]), byte(src[2]), byte((cover*255+128)/256)
					continue
				}
				total := cover*255 + under*(256-cover) // the result's opacity, in 1/(256*255)
				for c := range 3 {
					px[c] = byte((src[c]*cover*255 + int32(px[c])*under*(256-cover) + total/2) / total)
				}
				px[3] = byte((total + 128) / 256)
			}
		}
	}
}
