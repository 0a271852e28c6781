package playground

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"unitfree/core/eval"
)

func TestUnits(t *testing.T) {
	f, _ := FindUnit("°C", "F")
	if got := f.Convert(100); got != 212 {
		t.Fatalf("100 °C = %v °F", got)
	}
	if got := f.Invert(32); got != 0 {
		t.Fatalf("32 °F = %v °C", got)
	}
	if len(UnitsFor("")) != 13 || UnitsFor("")[0].Scale != 1 {
		t.Fatalf("drawn units: %v", UnitsFor(""))
	}
	kg, ok := FindUnit("g", "kg")
	if !ok || kg.Convert(3750) != 3.75 {
		t.Fatal("3750 g is not 3.75 kg")
	}
}

func TestUndoRedo(t *testing.T) {
	m := NewModel()
	n := len(m.Points)
	m.Add(Point{0.1, 0.2, 1})
	m.Move(n, 0.3, 0.3, true)
	m.Remove(0)
	if len(m.Points) != n {
		t.Fatalf("%d points", len(m.Points))
	}
	m.Undo()
	m.Undo()
	if len(m.Points) != n+1 || m.Points[n].X != 0.1 {
		t.Fatalf("after two undos: %d points, last %v", len(m.Points), m.Points[len(m.Points)-1])
	}
	m.Redo()
	if m.Points[n].X != 0.3 {
		t.Fatalf("redo did not restore the move: %v", m.Points[n])
	}
	m.Clear()
	if len(m.Points) != 0 || !m.Undo() || len(m.Points) != n+1 {
		t.Fatal("clear is not undoable")
	}
	if m.Add(Point{math.NaN(), 0, 1}) == nil || m.Add(Point{0, 0, 3}) == nil {
		t.Fatal("bad points accepted")
	}
}

// TestRunMeters switches one unit by 1000x and a temperature to °F, and
// checks the invariance meters and the heatmaps.
func TestRunMeters(t *testing.T) {
	m := NewModel()
	m.LoadPreset("penguins", 1)
	m.Passes = 2
	if err := m.SetUnit(1, "kg"); err != nil {
		t.Fatal(err)
	}
	r, err := NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Advance(37)
	}
	for i, l := range m.Learners {
		s := r.Stats(i)
		switch l.ID {
		case "scinol2", "scinol-full", "scinol-diag":
			if s.Meter > MeterTolerance {
				t.Errorf("%s: meter %g after g -> kg", l.ID, s.Meter)
			}
		case "ogd":
			if s.Meter < 0.1 {
				t.Errorf("ogd: meter %g after g -> kg; it should move", s.Meter)
			}
		}
		if s.Rounds != 2*len(m.Points) {
			t.Errorf("%s: %d rounds", l.ID, s.Rounds)
		}
	}
	// Heatmaps of an invariant learner: identical cells in kg and in g.
	rg, _ := NewRun(&Model{Features: m.Features, Points: m.Points, Units: [2]string{"mm", "g"}, Learners: m.Learners,
		Bias: true, Degree: 1, Shuffle: true, Passes: 2})
	for !rg.Done() {
		rg.Advance(100)
	}
	a, b := make([]byte, 4*16*16), make([]byte, 4*16*16)
	pa, pb := make([]float64, 16*16), make([]float64, 16*16)
	r.Probabilities(0, pa, 16, 16, m.DisplayFrame(100, 100, 0))
	PaintHeatmap(a, pa)
	base := *m
	base.Units = [2]string{"mm", "g"}
	rg.Probabilities(0, pb, 16, 16, base.DisplayFrame(100, 100, 0))
	PaintHeatmap(b, pb)
	if string(a) != string(b) {
		t.Error("scinol2's heatmap changed with the unit")
	}

	w := NewModel()
	w.LoadPreset("weather", 1)
	w.Passes = 1
	w.SetLearners([]eval.LearnerSpec{{ID: "scinol-full"}, {ID: "scinol2"}})
	w.SetUnit(0, "F")
	r, err = NewRun(w)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Advance(100)
	}
	if s := r.Stats(0); s.Meter > 1e-6 {
		t.Errorf("scinol-full with a bias: meter %g after °C -> °F", s.Meter)
	}
	if s := r.Stats(1); s.Meter < 1e-3 {
		t.Errorf("scinol2: meter %g after °C -> °F; an offset must move it", s.Meter)
	}
	if _, err := r.Regrets(); err != nil {
		t.Fatal(err)
	}
}

func TestDisplayFrameKeepsPointsOnScreen(t *testing.T) {
	m := NewModel()
	m.LoadPreset("weather", 1)
	p := m.Points[5]
	f := m.DisplayFrame(400, 400, 30)
	px, py := f.ToPixel(m.Unit(0).Convert(p.X), m.Unit(1).Convert(p.Y))
	m.SetUnit(0, "F")
	m.SetUnit(1, "cm")
	g := m.DisplayFrame(400, 400, 30)
	qx, qy := g.ToPixel(m.Unit(0).Convert(p.X), m.Unit(1).Convert(p.Y))
	if math.Abs(px-qx) > 1e-9 || math.Abs(py-qy) > 1e-9 {
		t.Fatalf("the point moved from (%v, %v) to (%v, %v)", px, py, qx, qy)
	}
}

func TestPresets(t *testing.T) {
	for _, id := range PresetIDs {
		p, err := LoadPreset(id, 3)
		if err != nil || len(p.Points) < 20 {
			t.Fatalf("%s: %v, %d points", id, err, len(p.Points))
		}
	}
	if _, err := LoadPreset("moons", 1); err == nil {
		t.Fatal("unknown preset accepted")
	}
}

func TestContourOfALinearBoundary(t *testing.T) {
	const n = 20
	f := Frame{XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	v := make([]float64, n*n)
	for r := range n {
		for c := range n {
			x := -1 + (float64(c)+0.5)/n*2
			v[r*n+c] = x + 0.3 // crosses 0 at x = -0.3
		}
	}
	segs := Contour(v, n, n, f, 0)
	if len(segs) != n-1 {
		t.Fatalf("%d segments, want %d", len(segs), n-1)
	}
	for _, s := range segs {
		if math.Abs(s.X0+0.3) > 1e-9 || math.Abs(s.X1+0.3) > 1e-9 {
			t.Fatalf("segment %+v is off the line x = -0.3", s)
		}
	}
}

func TestRunSeriesMatchStats(t *testing.T) {
	m := NewModel()
	r, _ := NewRun(m)
	for !r.Done() {
		r.Advance(13)
	}
	regrets, err := r.Regrets()
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Learners {
		n := len(r.ComparatorLoss)
		if got := r.CumLoss[i][n-1] - r.ComparatorLoss[n-1]; math.Abs(got-regrets[i]) > 1e-6*math.Max(1, math.Abs(regrets[i])) {
			t.Fatalf("%s: regret series ends at %v, regret %v", m.Learners[i].ID, got, regrets[i])
		}
	}
	for i := range m.Learners {
		s := r.Stats(i)
		n := len(r.CumLoss[i])
		if n != s.Rounds || math.Abs(r.CumLoss[i][n-1]-s.Loss) > 1e-9*s.Loss || int(r.CumMistakes[i][n-1]) != s.Mistakes {
			t.Fatalf("%s: series end at %v loss, %v mistakes over %d rounds; stats %+v", m.Learners[i].ID, r.CumLoss[i][n-1], r.CumMistakes[i][n-1], n, s)
		}
	}
}

func TestCSVImportExport(t *testing.T) {
	m := NewModel()
	m.LoadPreset("penguins", 1)
	m.SetUnit(1, "kg")
	text := ExportCSV(m)
	p, err := ImportCSV(text, CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Points) != len(m.Points) || math.Abs(p.Points[0].Y-m.Points[0].Y/1000) > 1e-12 {
		t.Fatalf("%d points, first %v (original %v)", len(p.Points), p.Points[0], m.Points[0])
	}
	for _, bad := range []string{"", "a,b\n1,2\n", "a,b,label\n1,x,1\n2,3,-1\n", "a,b,label\n1,2,p\n3,4,p\n"} {
		if _, err := ImportCSV(bad, CSVChoice{}); err == nil {
			t.Errorf("ImportCSV(%q) accepted it", bad)
		}
	}
	before := len(m.Points)
	if _, err := ImportCSV("a;b\n", CSVChoice{}); err == nil || len(m.Points) != before {
		t.Fatal("a bad file must leave the data alone")
	}
}

func TestDatasetChoice(t *testing.T) {
	m := NewModel()
	m.LoadPreset("penguins", 1)
	src := *m.Source
	src.X, src.Y, src.Pos, src.Neg = "flipper_length_mm", "bill_length_mm", "Chinstrap", "Gentoo"
	if err := m.SetSource(src); err != nil {
		t.Fatal(err)
	}
	if m.Features[0].Name != "flipper_length_mm" || len(m.Points) != 68+123 {
		t.Fatalf("features %v, %d points", m.Features, len(m.Points))
	}
	src.Y = src.X
	if err := m.SetSource(src); err == nil || len(m.Points) != 191 {
		t.Fatal("the same feature twice was accepted")
	}
	link, err := DecodeRaw[Model](m.Raw())
	if err != nil || link.Source == nil || link.Source.Pos != "Chinstrap" {
		t.Fatalf("the choice did not survive the link: %v %+v", err, link)
	}
}

// TestCSVExportQuotesNames: names with quotes, commas and markup survive an
// export and an import unchanged (quotes doubled, RFC 4180; they were
// escaped with backslashes, which CSV readers keep as text).
func TestCSVExportQuotesNames(t *testing.T) {
	m := NewModel()
	names := [2]string{`<img src=x onerror="alert(1)">`, `a, "b"`}
	p, err := ImportCSV(csvField(names[0])+","+csvField(names[1])+",label\n1,2,1\n3,4,-1\n", CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	m.SetData(p.Preset)
	back, err := ImportCSV(ExportCSV(m), CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Features[0].Name != names[0] || back.Features[1].Name != names[1] {
		t.Fatalf("names after export and import: %q, %q", back.Features[0].Name, back.Features[1].Name)
	}
}

// TestImportedDataIsInView: data imported in any range and offset (cm and
// kg, 160-190 and 50-95) is inside the plot's box, not outside a fixed
// [-1, 1]² (#16, defect 1); drawn data keeps that box.
func TestImportedDataIsInView(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("height_cm,weight_kg,label\n")
	for i := range 40 {
		fmt.Fprintf(&csv, "%d,%d,%d\n", 160+i*30/39, 50+(i*7)%46, 2*(i%2)-1)
	}
	p, err := ImportCSV(csv.String(), CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel()
	m.SetData(p.Preset)
	f := m.DisplayFrame(300, 300, 20)
	for _, pt := range m.Points {
		if px, py := f.ToPixel(pt.X, pt.Y); !f.Inside(px, py) {
			t.Fatalf("point (%v, %v) is outside the plot (box %v..%v x %v..%v)", pt.X, pt.Y, f.XMin, f.XMax, f.YMin, f.YMax)
		}
	}
	if f.XMax-f.XMin > 2*30 || f.YMax-f.YMin > 2*45 {
		t.Errorf("the box %v..%v x %v..%v is far wider than the data", f.XMin, f.XMax, f.YMin, f.YMax)
	}
	m.LoadPreset("circles", 1)
	if xmin, xmax, ymin, ymax := m.BaseBounds(); xmin != -1 || xmax != 1 || ymin != -1 || ymax != 1 {
		t.Errorf("drawn data's box is %v..%v x %v..%v, want [-1, 1]²", xmin, xmax, ymin, ymax)
	}
}

// TestCSVImportChoosesColumns: string labels are labels, a feature named y
// is a feature when a label column exists, and every column not used is
// reported, never dropped silently (#16, defect 8: "x,y,label" with cat and
// dog was refused, and "x,y,z,label" used x and z and dropped y).
func TestCSVImportChoosesColumns(t *testing.T) {
	for _, c := range []struct {
		text, f0, f1, unused string
		positives            int
	}{
		{"x,y,label\n1,2,cat\n3,4,dog\n5,6,cat\n", "x", "y", "", 2},
		{"x,y,animal\n1,2,cat\n3,4,dog\n", "x", "y", "", 1},
		{"x,y,z,label\n1,2,3,1\n2,3,4,-1\n", "x", "y", "z", 1},
		{"a,b,y\n1,2,1\n2,3,-1\n", "a", "b", "", 1},
		{"name,x,y,label\nrex,1,2,dog\ntom,3,4,cat\n", "x", "y", "name", 1},
	} {
		imp, err := ImportCSV(c.text, CSVChoice{})
		p, unused := imp.Preset, imp.Unused
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		pos := 0
		for _, pt := range p.Points {
			if pt.Label > 0 {
				pos++
			}
		}
		if p.Features[0].Name != c.f0 || p.Features[1].Name != c.f1 || strings.Join(unused, ",") != c.unused || pos != c.positives {
			t.Errorf("%q: features %q, %q; unused %q; %d positives (want %q, %q, %q, %d)",
				c.text, p.Features[0].Name, p.Features[1].Name, unused, pos, c.f0, c.f1, c.unused, c.positives)
		}
	}
	if _, err := ImportCSV("x,y\n1,2\n3,4\n", CSVChoice{}); err == nil || !strings.Contains(err.Error(), "label column") {
		t.Errorf("no label column: %v", err)
	}
}

// The visitor picks the features and the label of an imported CSV; a bad
// choice is refused with the reason.
func TestCSVChoice(t *testing.T) {
	text := "x,y,z,kind\n1,2,30,cat\n3,4,10,dog\n5,6,20,cat\n"
	imp, err := ImportCSV(text, CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if imp.Choice != (CSVChoice{X: "x", Y: "y", Label: "kind"}) || fmt.Sprint(imp.Unused) != "[z]" || fmt.Sprint(imp.Numeric) != "[x y z]" {
		t.Fatalf("default: %+v, unused %v, numeric %v", imp.Choice, imp.Unused, imp.Numeric)
	}
	imp, err = ImportCSV(text, CSVChoice{X: "x", Y: "z", Label: "kind"})
	if err != nil || imp.Features[1].Name != "z" || imp.Points[0].Y != 30 || fmt.Sprint(imp.Unused) != "[y]" {
		t.Fatalf("x, z: %+v, %v", imp, err)
	}
	for _, bad := range []CSVChoice{{X: "x", Y: "x", Label: "kind"}, {X: "x", Y: "kind", Label: "y"}, {X: "x", Y: "y", Label: "nope"}} {
		if _, err := ImportCSV(text, bad); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
}

// TestBoundaryIsTheContourInPixels: the boundary's path is the contour at
// 1/2, each segment a subpath from one end to the other, in the frame's
// pixels; a heatmap the level never crosses has an empty one.
func TestBoundaryIsTheContourInPixels(t *testing.T) {
	const n = 20
	f := Frame{Width: 200, Height: 200, XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	v := make([]float64, n*n)
	for r := range n {
		for c := range n {
			v[r*n+c] = Sigmoid(4 * (-1 + (float64(c)+0.5)/n*2 + 0.3))
		}
	}
	var p Path
	Boundary(&p, v, n, f)
	var want Path
	for _, s := range Contour(v, n, n, f, 0.5) {
		want.Break()
		want.Point(f.ToPixel(s.X0, s.Y0))
		want.Point(f.ToPixel(s.X1, s.Y1))
	}
	if p.String() != want.String() || strings.Count(p.String(), "M") != n-1 {
		t.Fatalf("boundary %q, want the %d segments of the contour %q", p.String(), n-1, want.String())
	}
	for i := range v {
		v[i] = 0.9
	}
	if Boundary(&p, v, n, f); p.String() != "" {
		t.Fatalf("a heatmap above 1/2 everywhere has the boundary %q", p.String())
	}
}
