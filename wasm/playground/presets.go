package playground

import (
	"fmt"
	"math"
	"math/rand/v2"

	"unitfree/core/data"
)

// Feature is one of the plot's two features: its name and its base unit
// (the unit its values are stored in; "" for drawn data, which gets a unit
// scale).
type Feature struct {
	Name string
	Base string
}

// Preset is a ready-made dataset for the plot.
type Preset struct {
	ID       string
	Label    string
	Features [2]Feature
	Points   []Point
	Degree   int     // the polynomial degree it needs (XOR and circles need 2)
	Source   *Source // the dataset choice, for the dataset presets
	Task     string  // "" (classify) or TaskRegress
}

// PresetLabel names a preset in the menu, in words that say what it is.
func PresetLabel(id string) string {
	switch id {
	case "penguins":
		return "Penguins: Adelie or Gentoo"
	case "weather":
		return "Seattle weather: sun or rain"
	}
	if p, err := LoadPreset(id, 1); err == nil {
		return p.Label
	}
	return id
}

// PresetIDs lists the presets in menu order.
var PresetIDs = []string{"separable", "noisy", "xor", "circles", "scales", "plane", "penguins", "weather"}

// LoadPreset returns the preset with the given id, generated from seed.
func LoadPreset(id string, seed uint64) (Preset, error) {
	rng := rand.New(rand.NewPCG(seed, 0x707265736574))
	drawn := [2]Feature{{"x₁", ""}, {"x₂", ""}}
	blob := func(n int, cx, cy, sd, label float64) []Point {
		out := make([]Point, n)
		for i := range out {
			out[i] = Point{cx + sd*rng.NormFloat64(), cy + sd*rng.NormFloat64(), label}
		}
		return out
	}
	switch id {
	case "separable":
		return Preset{ID: id, Label: "Separable", Features: drawn, Degree: 1,
			Points: append(blob(30, 0.45, 0.4, 0.18, 1), blob(30, -0.45, -0.35, 0.18, -1)...)}, nil
	case "noisy":
		pts := append(blob(40, 0.25, 0.2, 0.35, 1), blob(40, -0.25, -0.2, 0.35, -1)...)
		return Preset{ID: id, Label: "Noisy", Features: drawn, Degree: 1, Points: clampAll(pts)}, nil
	case "xor":
		var pts []Point
		for _, q := range [][3]float64{{0.5, 0.5, 1}, {-0.5, -0.5, 1}, {0.5, -0.5, -1}, {-0.5, 0.5, -1}} {
			pts = append(pts, blob(20, q[0], q[1], 0.15, q[2])...)
		}
		return Preset{ID: id, Label: "XOR (needs degree 2)", Features: drawn, Degree: 2, Points: clampAll(pts)}, nil
	case "circles":
		var pts []Point
		for i := range 60 {
			r, label := 0.25*math.Sqrt(rng.Float64()), 1.0
			if i%2 == 1 {
				r, label = 0.6+0.25*rng.Float64(), -1
			}
			a := 2 * math.Pi * rng.Float64()
			pts = append(pts, Point{r * math.Cos(a), r * math.Sin(a), label})
		}
		return Preset{ID: id, Label: "Circles (needs degree 2)", Features: drawn, Degree: 2, Points: pts}, nil
	case "scales":
		var pts []Point
		for i := range 60 {
			label := 1.0
			if i%2 == 1 {
				label = -1
			}
			u := 0.4*rng.NormFloat64() + 0.5*label
			v := 0.4*rng.NormFloat64() - 0.3*label
			pts = append(pts, Point{1e-3 * u, 1e3 * v, label})
		}
		return Preset{ID: id, Label: "Wildly different scales", Features: drawn, Degree: 1, Points: pts}, nil
	case "plane":
		// Regression: targets on a tilted plane, 2 x1 - x2 + 0.5, with noise.
		var pts []Point
		for range 60 {
			x, y := 2*rng.Float64()-1, 2*rng.Float64()-1
			pts = append(pts, Point{x, y, 2*x - y + 0.5 + 0.1*rng.NormFloat64()})
		}
		return Preset{ID: id, Label: "Plane (regression)", Features: drawn, Degree: 1, Points: pts, Task: TaskRegress}, nil
	case "penguins", "weather":
		return FromDataset(DefaultSource(id))
	}
	return Preset{}, fmt.Errorf("unknown preset %q (known: %v)", id, PresetIDs)
}

// Source says which two features and which two classes of a shipped
// dataset the plot shows.
type Source struct {
	Preset  string
	Dataset string
	X       string
	Y       string
	Label   string
	Pos     string // the class that is +1
	Neg     string // the class that is -1
}

// DefaultSource returns the starting choice of a dataset preset.
func DefaultSource(preset string) Source {
	if preset == "weather" {
		return Source{Preset: preset, Dataset: "seattle-weather", X: "temp_max", Y: "precipitation", Label: "weather", Pos: "sun", Neg: "rain"}
	}
	return Source{Preset: "penguins", Dataset: "penguins", X: "bill_depth_mm", Y: "body_mass_g", Label: "species", Pos: "Adelie", Neg: "Gentoo"}
}

// FromDataset takes two features and two classes of a shipped dataset.
func FromDataset(src Source) (Preset, error) {
	if src.X == src.Y {
		return Preset{}, fmt.Errorf("pick two different features, not %q twice", src.X)
	}
	tab, ds, err := data.Load(src.Dataset)
	if err != nil {
		return Preset{}, err
	}
	r, err := tab.Select(data.Classify, data.Selection{Features: []string{src.X, src.Y}, Label: src.Label, Classes: []string{src.Pos, src.Neg}})
	if err != nil {
		return Preset{}, err
	}
	id, fx, fy := src.Preset, src.X, src.Y
	label := fmt.Sprintf("%s: %s vs %s", ds.Title, src.Pos, src.Neg)
	unit := func(name string) string {
		for _, f := range ds.Features {
			if f.Name == name {
				return f.Unit
			}
		}
		return ""
	}
	p := Preset{ID: id, Label: label, Degree: 1, Features: [2]Feature{{fx, unit(fx)}, {fy, unit(fy)}}, Source: &src}
	for i, x := range r.X {
		p.Points = append(p.Points, Point{x[0], x[1], r.Y[i]})
	}
	return p, nil
}

// clampAll keeps drawn points inside the default plot [-1, 1]^2.
func clampAll(pts []Point) []Point {
	for i := range pts {
		pts[i].X = math.Max(-0.98, math.Min(0.98, pts[i].X))
		pts[i].Y = math.Max(-0.98, math.Min(0.98, pts[i].Y))
	}
	return pts
}
