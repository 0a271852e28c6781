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
}

// Reset empties the path, keeping its memory.
func (p *Path) Reset() { p.b, p.start = p.b[:0], true }

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
