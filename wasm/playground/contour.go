package playground

// Segment is a piece of a contour line, in the frame's data coordinates.
type Segment struct{ X0, Y0, X1, Y1 float64 }

// Contour returns the line where the values v (cols x rows, row-major, top
// row first, sampled at the cell centres of the frame's box) cross level,
// by marching squares with linear interpolation: the decision boundary of a
// heatmap when v are probabilities and level is 1/2.
func Contour(v []float64, cols, rows int, f Frame, level float64) []Segment {
	at := func(c, r int) (x, y float64) {
		x = f.XMin + (float64(c)+0.5)/float64(cols)*(f.XMax-f.XMin)
		y = f.YMax - (float64(r)+0.5)/float64(rows)*(f.YMax-f.YMin)
		return
	}
	// cross returns where the level crosses the edge between two samples.
	cross := func(c0, r0, c1, r1 int) (float64, float64) {
		a, b := v[r0*cols+c0], v[r1*cols+c1]
		t := 0.5
		if a != b {
			t = (level - a) / (b - a)
		}
		x0, y0 := at(c0, r0)
		x1, y1 := at(c1, r1)
		return x0 + t*(x1-x0), y0 + t*(y1-y0)
	}
	var segs []Segment
	for r := 0; r+1 < rows; r++ {
		for c := 0; c+1 < cols; c++ {
			// corners: top-left, top-right, bottom-right, bottom-left
			idx := 0
			if v[r*cols+c] > level {
				idx |= 1
			}
			if v[r*cols+c+1] > level {
				idx |= 2
			}
			if v[(r+1)*cols+c+1] > level {
				idx |= 4
			}
			if v[(r+1)*cols+c] > level {
				idx |= 8
			}
			if idx == 0 || idx == 15 {
				continue
			}
			var pts [4][2]float64 // where the level crosses the cell's edges
			n := 0
			edges := [4][4]int{{c, r, c + 1, r}, {c + 1, r, c + 1, r + 1}, {c, r + 1, c + 1, r + 1}, {c, r, c, r + 1}}
			for _, e := range edges {
				a := v[e[1]*cols+e[0]] > level
				b := v[e[3]*cols+e[2]] > level
				if a != b {
					pts[n][0], pts[n][1] = cross(e[0], e[1], e[2], e[3])
					n++
				}
			}
			for k := 0; k+1 < n; k += 2 {
				segs = append(segs, Segment{pts[k][0], pts[k][1], pts[k+1][0], pts[k+1][1]})
			}
		}
	}
	return segs
}

// Boundary writes into path the decision boundary of a heatmap's
// probabilities (cells x cells over f, as Contour reads them), where
// P(+1) = 1/2, in the canvas's pixels: one Path2D text for all its
// segments, a call per segment having cost a phone's main thread more
// than computing them.
func Boundary(path *Path, probs []float64, cells int, f Frame) {
	path.Reset()
	for _, s := range Contour(probs, cells, cells, f, 0.5) {
		path.Break()
		path.Point(f.ToPixel(s.X0, s.Y0))
		path.Point(f.ToPixel(s.X1, s.Y1))
	}
}
