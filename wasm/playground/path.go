package playground

import "strconv"

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
	p.b = strconv.AppendFloat(p.b, x, 'f', 2, 64)
	p.b = append(p.b, ' ')
	p.b = strconv.AppendFloat(p.b, y, 'f', 2, 64)
}

// String returns the path's commands.
func (p *Path) String() string { return string(p.b) }
