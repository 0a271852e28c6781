package playground

import "testing"

// TestPathJoinsPointsAndBreaksSubpaths checks the SVG path a chart hands
// to Path2D: the first point moved to, the next ones joined, a break
// starting a new subpath, coordinates to hundredths, Reset starting over.
func TestPathJoinsPointsAndBreaksSubpaths(t *testing.T) {
	var p Path
	p.Reset()
	p.Point(1, 2)
	p.Point(3.14159, -0.5)
	p.Break()
	p.Break()
	p.Point(10, 20.005)
	p.Point(11, 21)
	if got, want := p.String(), "M 1.00 2.00 L 3.14 -0.50 M 10.00 20.00 L 11.00 21.00"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	p.Reset()
	p.Point(5, 6)
	if got, want := p.String(), "M 5.00 6.00"; got != want {
		t.Errorf("after Reset %q, want %q", got, want)
	}
	var fresh Path // the zero Path works without Reset
	fresh.Point(0, 0)
	fresh.Point(1, 1)
	if got, want := fresh.String(), "M 0.00 0.00 L 1.00 1.00"; got != want {
		t.Errorf("zero path %q, want %q", got, want)
	}
}
