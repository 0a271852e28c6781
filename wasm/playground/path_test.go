package playground

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

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
	// (20.005 is a half to the path, which rounds it away from zero.)
	if got, want := p.String(), "M 1.00 2.00 L 3.14 -0.50 M 10.00 20.01 L 11.00 21.00"; got != want {
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

// TestHundredthsAsStrconvWrites: the path's numbers read as strconv's
// two-decimal format does, but for the halves, which round away from zero
// (strconv rounds a binary value's exact decimal: the two differ by at most
// a hundredth of a pixel), and -0.00, written 0.00.
func TestHundredthsAsStrconvWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		v := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.IntN(8)-2))
		got := string(appendHundredths(nil, v))
		want := strconv.FormatFloat(v, 'f', 2, 64)
		if want == "-0.00" {
			want = "0.00"
		}
		if got != want {
			g, _ := strconv.ParseFloat(got, 64)
			w, _ := strconv.ParseFloat(want, 64)
			if math.Abs(g-w) > 0.0100001 {
				t.Fatalf("%v: %s, strconv %s", v, got, want)
			}
		}
	}
	if got := string(appendHundredths(nil, 1e20)); got != "100000000000000000000.00" {
		t.Errorf("1e20: %s", got)
	}
}

// TestPathSwings: a player alternating between -1 and 1 over 100 rounds
// swings on a phone's chart (2.3 px a round) and not on a desktop's
// (6.7 px a round); a smooth curve of 400 points, a flat one and a single
// point do not.
func TestPathSwings(t *testing.T) {
	zigzag := func(rounds int, width float64) *Path {
		var p Path
		p.Reset()
		for i := range rounds {
			y := 20.0
			if i%2 == 1 {
				y = 200
			}
			p.Point(40+width*float64(i)/float64(rounds-1), y)
		}
		return &p
	}
	if !zigzag(100, 230).Swings() {
		t.Error("100 alternating plays over 230 px: want it to swing")
	}
	if zigzag(100, 670).Swings() {
		t.Error("100 alternating plays over 670 px: want it not to swing (6.7 px apart)")
	}
	var smooth, flat, one Path
	smooth.Reset()
	flat.Reset()
	one.Reset()
	for i := range 400 {
		x := 40 + 300*float64(i)/399
		smooth.Point(x, 110+90*math.Sin(float64(i)/40))
		flat.Point(x, 50)
	}
	one.Point(10, 10)
	for name, p := range map[string]*Path{"a smooth curve": &smooth, "a flat line": &flat, "one point": &one} {
		if p.Swings() {
			t.Errorf("%s: want it not to swing", name)
		}
	}
	// Reset forgets the swings.
	p := zigzag(100, 230)
	p.Reset()
	p.Point(0, 0)
	p.Point(100, 0)
	p.Point(200, 0)
	if p.Swings() {
		t.Error("after Reset, a flat line: want it not to swing")
	}
}
