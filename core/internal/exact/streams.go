package exact

import (
	"fmt"
	"math/rand/v2"

	"unitfree/core/data"
)

// Stream is a sequence of rounds in natural units: features as measured,
// in file order, no bias column. Y holds ±1 (the first class in sorted
// order against the rest), Class the class index of each round.
type Stream struct {
	Name  string
	X     [][]float64
	Y     []float64
	Class []int
	K     int // classes
}

// Streams returns the first n rounds of three shipped datasets with their
// features in their physical units (penguins in mm and g, cars in lb, cu in
// and hp, Seattle weather in mm, °C and m/s), and a synthetic stream whose
// five features have scales 1e-3, 1e-1, 1, 1e1 and 1e3.
func Streams(n int) ([]Stream, error) {
	var out []Stream
	for _, name := range []string{"penguins", "cars", "seattle-weather"} {
		t, ds, err := data.Load(name)
		if err != nil {
			return nil, err
		}
		var feats []string
		for _, f := range ds.Features {
			feats = append(feats, f.Name)
		}
		mr, err := t.SelectClasses(feats, ds.Labels[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ds.Name, err)
		}
		s := Stream{Name: ds.Name, K: len(mr.Classes)}
		for i := 0; i < n && i < len(mr.X); i++ {
			s.add(mr.X[i], mr.Labels[i])
		}
		out = append(out, s)
	}
	rng := rand.New(rand.NewPCG(19, 1))
	scales := []float64{1e-3, 1e-1, 1, 1e1, 1e3}
	syn := Stream{Name: "scales 1e-3..1e3", K: 3}
	for range n {
		x := make([]float64, len(scales))
		s := 0.0
		for i := range x {
			z := 1 + rng.NormFloat64()
			x[i] = scales[i] * z
			s += z * float64(i%3-1)
		}
		c := 0
		if s > 0.5 {
			c = 1
		} else if s < -0.5 {
			c = 2
		}
		syn.add(x, c)
	}
	return append(out, syn), nil
}

func (s *Stream) add(x []float64, class int) {
	y := -1.0
	if class == 0 {
		y = 1
	}
	s.X, s.Y, s.Class = append(s.X, x), append(s.Y, y), append(s.Class, class)
}
