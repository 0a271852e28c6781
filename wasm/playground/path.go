package playground

import (
	"math"
	"strconv"
)

// Path builds an SVG path of straight segments ("M x y L x y ..."), the
// form a canvas's Path2D takes whole: a chart hands a browser one string
// per curve instead of one call per point.
type Path struct {
	b     []byte
	start bool // the next point begins a new subpath

	// what Swings reads: the points' count and horizontal extent, the
	// vertical distance the joined segments travel, the last point
	points     int
	minX, maxX float64
	travel     float64
	lastY      float64
}

// Reset empties the path, keeping its memory.
func (p *Path) Reset() {
	p.b, p.start = p.b[:0], true
	p.points, p.minX, p.maxX, p.travel = 0, math.Inf(1), math.Inf(-1), 0
}

// Break ends the current subpath: the next point is moved to, not joined.
func (p *Path) Break() { p.start = true }

// Point adds a point (in pixels, kept to hundredths), joined to the one
// before it unless a subpath begins.
func (p *Path) Point(x, y float64) {
	cmd := byte('L')
	if p.start || len(p.b) == 0 {
		cmd = 'M'
	}
	p.start = false
	if len(p.b) > 0 {
		p.b = append(p.b, ' ')
	}
	p.b = append(p.b, cmd, ' ')
	p.b = appendHundredths(p.b, x)
	p.b = append(p.b, ' ')
	p.b = appendHundredths(p.b, y)
	if cmd == 'L' {
		p.travel += math.Abs(y - p.lastY)
	}
	if p.points == 0 {
		p.minX, p.maxX = x, x
	}
	p.points, p.lastY = p.points+1, y
	p.minX, p.maxX = math.Min(p.minX, x), math.Max(p.maxX, x)
}

// Swings reports whether the path swings up and down between points a few
// pixels apart, as a player alternating between -1 and 1 does: its points
// are less than 4 px apart on average and its segments travel more than
// eight times its width up and down. Such a curve reads as a band; drawn
// 2 px wide its strokes merge into one, and a canvas without a GPU takes
// three to four times as long to paint it as drawn 1 px wide.
func (p *Path) Swings() bool {
	w := p.maxX - p.minX
	return p.points >= 3 && w > 0 && w/float64(p.points-1) < 4 && p.travel > 8*w
}

// appendHundredths appends v with two decimals, as strconv's 'f' format
// with precision 2 writes it (rounded half away from zero), through
// integers: in WASM, AppendFloat was a phone's main thread's largest cost
// of drawing a decision boundary. Values beyond ±1e15 pixels are written
// by AppendFloat.
func appendHundredths(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e15) {
		return strconv.AppendFloat(b, v, 'f', 2, 64)
	}
	n := int64(math.Round(math.Abs(v) * 100))
	if v < 0 && n != 0 {
		b = append(b, '-')
	}
	b = strconv.AppendInt(b, n/100, 10)
	return append(b, '.', byte('0'+n%100/10), byte('0'+n%10))
}

// String returns the path's commands.
func (p *Path) String() string { return string(p.b) }
