package playground

import "fmt"

// PictureServer computes the heatmaps of a model's run at a given round,
// for the page's picture worker (off the main thread): it keeps the run
// of the last model it was given and plays it forward, so that a request
// for a later round costs only the rounds between. The run is the one the
// page plays (NewRun of the same model), so its pictures are the page's
// to the last bit.
type PictureServer struct {
	version int
	model   *Model
	run     *Run
}

// PictureRequest asks for learners' heatmaps: the model of version Version
// (Raw, its encoding, is needed only when the version is new to the
// server), after Round rounds, on a Cells x Cells grid over Frame.
type PictureRequest struct {
	Version  int
	Raw      []byte
	Round    int
	Cells    int
	Frame    Frame
	Learners []int
}

// Heatmaps answers r: for each learner of r, in order, its Cells*Cells
// probabilities (PaintHeatmap's input, row-major, top row first) appended
// to probs and their colours to rgba.
func (s *PictureServer) Heatmaps(r PictureRequest, probs []float64, rgba []byte) ([]float64, []byte, error) {
	if r.Cells <= 0 || r.Cells > 512 {
		return probs, rgba, fmt.Errorf("pictures: a grid of %d cells a side (1 to 512)", r.Cells)
	}
	if s.model == nil || r.Version != s.version {
		if r.Raw == nil {
			return probs, rgba, fmt.Errorf("pictures: the model of version %d was never sent", r.Version)
		}
		m, err := DecodeModelRaw(r.Raw)
		if err != nil {
			return probs, rgba, fmt.Errorf("pictures: %w", err)
		}
		s.version, s.model, s.run = r.Version, m, nil
	}
	if s.run == nil || s.run.Played() > r.Round {
		run, err := NewRun(s.model)
		if err != nil {
			return probs, rgba, fmt.Errorf("pictures: %w", err)
		}
		s.run = run
	}
	if r.Round < 0 || r.Round > s.run.Total() {
		return probs, rgba, fmt.Errorf("pictures: round %d of a stream of %d", r.Round, s.run.Total())
	}
	s.run.Advance(r.Round - s.run.Played())
	n := r.Cells * r.Cells
	for _, i := range r.Learners {
		if i < 0 || i >= len(s.model.Learners) {
			return probs, rgba, fmt.Errorf("pictures: no learner %d (the model has %d)", i, len(s.model.Learners))
		}
		at := len(probs)
		probs = append(probs, make([]float64, n)...)
		s.run.Probabilities(i, probs[at:], r.Cells, r.Cells, r.Frame)
		rgbaAt := len(rgba)
		rgba = append(rgba, make([]byte, 4*n)...)
		PaintHeatmap(rgba[rgbaAt:], probs[at:])
	}
	return probs, rgba, nil
}
