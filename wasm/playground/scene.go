package playground

import (
	"encoding/json"
	"fmt"
	"math"

	"unitfree/core/features"
	"unitfree/core/linear"
	"unitfree/core/loss"
)

// Point is one drawn example: a position in data coordinates and a label
// y in {-1, +1}.
type Point struct {
	X, Y  float64
	Label float64
}

// MaxPasses is how many passes over the drawn points a session makes before
// it rests.
const MaxPasses = 50

// Scene is the drawn data and the learner that replays it as a stream: round
// t shows the learner point t mod n (in the order drawn), predict then learn,
// for MaxPasses passes. Any change of the data replays the stream from the
// start with a fresh learner, so what the page shows is a function of the
// points alone.
type Scene struct {
	points  []Point
	eta     float64
	fmap    *features.Map
	learner *linear.OGD
	x       []float64 // mapped features of the current round, reused
	rounds  int       // rounds learned since the learner was created
	rest    int       // rounds left before resting
}

// NewScene returns an empty scene whose learner is OGD with step eta on the
// logistic loss, over the two coordinates plus a bias term.
func NewScene(eta float64) *Scene {
	fmap, err := features.New(2, 1, true)
	if err != nil {
		panic(err) // constant arguments: cannot fail
	}
	s := &Scene{eta: eta, fmap: fmap}
	s.reset()
	return s
}

// reset starts a fresh learner.
func (s *Scene) reset() {
	s.learner = linear.NewOGD(s.fmap.Dim(), loss.Logistic{}, s.eta, 0)
	s.rounds = 0
	s.rest = MaxPasses * len(s.points)
}

// Add appends a point; it must have finite coordinates and a label of ±1.
func (s *Scene) Add(p Point) error {
	if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
		return fmt.Errorf("point (%v, %v) is not finite", p.X, p.Y)
	}
	if p.Label != 1 && p.Label != -1 {
		return fmt.Errorf("label %v is not -1 or +1", p.Label)
	}
	s.points = append(s.points, p)
	s.reset()
	return nil
}

// Clear removes every point and restarts the learner.
func (s *Scene) Clear() {
	s.points = nil
	s.reset()
}

// Points returns the drawn points (the caller must not modify them).
func (s *Scene) Points() []Point { return s.points }

// Rounds returns the number of rounds the learner has played.
func (s *Scene) Rounds() int { return s.rounds }

// Resting reports whether the session has finished its passes.
func (s *Scene) Resting() bool { return s.rest <= 0 || len(s.points) == 0 }

// Step plays up to k rounds and returns how many it played.
func (s *Scene) Step(k int) int {
	played := 0
	for ; played < k && !s.Resting(); played++ {
		p := s.points[s.rounds%len(s.points)]
		s.x = s.fmap.Apply(s.x, []float64{p.X, p.Y})
		s.learner.Learn(s.x, p.Label)
		s.rounds++
		s.rest--
	}
	return played
}

// Probability returns the learner's P(y = +1) at the data point (x, y).
func (s *Scene) Probability(x, y float64) float64 {
	s.x = s.fmap.Apply(s.x, []float64{x, y})
	return Sigmoid(s.learner.Predict(s.x))
}

// PaintHeatmap fills rgba (4 bytes per cell, row-major, top row first) with
// the colours of the learner's predictions at the centres of a cols x rows
// grid over the frame's data box.
func (s *Scene) PaintHeatmap(rgba []byte, cols, rows int, f Frame) {
	for r := range rows {
		y := f.YMax - (float64(r)+0.5)/float64(rows)*(f.YMax-f.YMin)
		for c := range cols {
			x := f.XMin + (float64(c)+0.5)/float64(cols)*(f.XMax-f.XMin)
			col := ProbabilityRGBA(s.Probability(x, y))
			copy(rgba[4*(r*cols+c):], col[:])
		}
	}
}

// MarshalPoints encodes the points for the browser's storage.
func (s *Scene) MarshalPoints() ([]byte, error) { return json.Marshal(s.points) }

// UnmarshalPoints replaces the points by the stored ones and restarts the
// learner; a stored point that is not valid is an error and nothing changes.
func (s *Scene) UnmarshalPoints(data []byte) error {
	var pts []Point
	if err := json.Unmarshal(data, &pts); err != nil {
		return fmt.Errorf("stored points: %w", err)
	}
	fresh := NewScene(s.eta)
	for i, p := range pts {
		if err := fresh.Add(p); err != nil {
			return fmt.Errorf("stored point %d: %w", i+1, err)
		}
	}
	s.points = fresh.points
	s.reset()
	return nil
}
