package playground

import "math"

// Dot is a disc to stamp: its centre in pixels, the colour inside and the
// colour of its rim.
type Dot struct {
	X, Y       float64
	Fill, Ring [3]int
}

// DotStamper paints discs of one size into RGBA pixels (row-major, not
// premultiplied, as canvas ImageData holds them): thousands of points cost
// one image instead of thousands of canvas calls. A disc's outer rim
// pixels take its ring colour, and its edges are antialiased by each
// pixel's distance to the circle; centres are snapped to pixel centres.
type DotStamper struct {
	reach        int
	cover, inner []int32 // per pixel of the (2 reach + 1)² square, in 1/256: how much the disc covers, how much of that is fill
}

// NewDotStamper precomputes the disc of the given radius and rim width (in
// pixels).
func NewDotStamper(radius, rim float64) *DotStamper {
	s := &DotStamper{reach: int(math.Ceil(radius + 1))}
	side := 2*s.reach + 1
	s.cover, s.inner = make([]int32, side*side), make([]int32, side*side)
	for y := range side {
		for x := range side {
			dist := math.Hypot(float64(x-s.reach), float64(y-s.reach))
			s.cover[y*side+x] = int32(math.Round(256 * clamp01(radius+0.5-dist)))
			s.inner[y*side+x] = int32(math.Round(256 * clamp01(radius-rim+0.5-dist)))
		}
	}
	return s
}

// Stamp paints the dots, in order, over the w x h image in buf.
func (s *DotStamper) Stamp(buf []byte, w, h int, dots []Dot) {
	side := 2*s.reach + 1
	for _, d := range dots {
		cx, cy := int(math.Floor(d.X)), int(math.Floor(d.Y))
		for y := max(cy-s.reach, 0); y <= min(cy+s.reach, h-1); y++ {
			row := (y - cy + s.reach) * side
			for x := max(cx-s.reach, 0); x <= min(cx+s.reach, w-1); x++ {
				k := row + x - cx + s.reach
				cover := s.cover[k]
				if cover == 0 {
					continue
				}
				in := s.inner[k]
				o := 4 * (y*w + x)
				if cover == 256 && in == 256 {
					buf[o], buf[o+1], buf[o+2], buf[o+3] = byte(d.Fill[0]), byte(d.Fill[1]), byte(d.Fill[2]), 255
					continue
				}
				under := int32(buf[o+3])
				alpha := cover*255 + under*(256-cover) // in 1/(256*255)
				for c := range 3 {
					src := int32(d.Ring[c]) + in*int32(d.Fill[c]-d.Ring[c])/256
					dst := int32(buf[o+c])
					buf[o+c] = byte((src*cover*255 + dst*under*(256-cover) + alpha/2) / alpha)
				}
				buf[o+3] = byte((alpha + 128) / 256)
			}
		}
	}
}

func clamp01(v float64) float64 { return math.Min(1, math.Max(0, v)) }
