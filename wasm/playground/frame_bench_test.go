package playground

import (
	"math"
	"testing"
)

// frameModel is the performance scenario of the units playground: the four
// default learners, 500 points, played for 2000 rounds.
func frameRun(b *testing.B) (*Run, *Model) {
	m := NewModel()
	m.Clear()
	for i := range 500 {
		x, y := math.Sin(float64(i)*1.7), math.Cos(float64(i)*2.3)
		label := 1.0
		if x+0.3*y < 0 {
			label = -1
		}
		m.Add(Point{X: 0.9 * x, Y: 0.9 * y, Label: label})
	}
	r, err := NewRun(m)
	if err != nil {
		b.Fatal(err)
	}
	r.Advance(2000)
	return r, m
}

// BenchmarkHeatmap is one learner's 64x64 probability grid.
func BenchmarkHeatmap(b *testing.B) {
	r, m := frameRun(b)
	probs := make([]float64, 64*64)
	f := m.DisplayFrame(320, 320, 34)
	for i, l := range m.Learners {
		b.Run(l.ID, func(b *testing.B) {
			for b.Loop() {
				r.Probabilities(i, probs, 64, 64, f)
			}
		})
	}
}

// BenchmarkStep10 is 10 rounds of the four learners and their meters.
func BenchmarkStep10(b *testing.B) {
	r, _ := frameRun(b)
	for b.Loop() {
		if r.Done() {
			b.StopTimer()
			r, _ = frameRun(b)
			b.StartTimer()
		}
		r.Advance(10)
	}
}

// BenchmarkRegrets is the comparator in hindsight after 2000 rounds.
func BenchmarkRegrets(b *testing.B) {
	r, _ := frameRun(b)
	for b.Loop() {
		r.Regrets()
	}
}

// BenchmarkBoundary is one panel's decision boundary from its 64x64
// heatmap, as a canvas path.
func BenchmarkBoundary(b *testing.B) {
	r, m := frameRun(b)
	probs := make([]float64, 64*64)
	f := m.DisplayFrame(320, 320, 34)
	r.Probabilities(0, probs, 64, 64, f)
	var path Path
	for b.Loop() {
		Boundary(&path, probs, 64, f)
	}
}
