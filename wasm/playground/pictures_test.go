package playground

import (
	"math"
	"strings"
	"testing"
)

// pageHeatmap is what the page computes on its main thread: the run of
// the model played to round in steps of the given size, then each
// learner's heatmap.
func pageHeatmap(t *testing.T, m *Model, round, step, cells int, f Frame) ([]float64, []byte) {
	t.Helper()
	r, err := NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	for r.Played() < round {
		r.Advance(min(step, round-r.Played()))
	}
	var probs []float64
	var rgba []byte
	for i := range m.Learners {
		p := make([]float64, cells*cells)
		r.Probabilities(i, p, cells, cells, f)
		c := make([]byte, 4*cells*cells)
		PaintHeatmap(c, p)
		probs, rgba = append(probs, p...), append(rgba, c...)
	}
	return probs, rgba
}

// TestPictureServerMatchesThePage: the picture worker's heatmaps are the
// page's to the last bit, for rounds asked in any order (forward it plays
// on, backward it starts again), across a change of model and of units.
func TestPictureServerMatchesThePage(t *testing.T) {
	m := NewModel()
	rescaled := NewModel()
	if err := rescaled.SetUnit(0, UnitsFor(rescaled.Features[0].Base)[1].ID); err != nil {
		t.Fatal(err)
	}
	var s PictureServer
	const cells = 16
	all := []int{0, 1, 2, 3}
	for _, c := range []struct {
		version int
		m       *Model
		round   int
	}{{1, m, 0}, {1, m, 37}, {1, m, 400}, {1, m, 10}, {2, rescaled, 250}, {2, rescaled, 251}, {1, m, 90}} {
		f := c.m.DisplayFrame(320, 320, 28)
		raw := c.m.Raw()
		probs, rgba, err := s.Heatmaps(PictureRequest{Version: c.version, Raw: raw, Round: c.round, Cells: cells, Frame: f, Learners: all}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		wantProbs, wantRGBA := pageHeatmap(t, c.m, c.round, 7, cells, f)
		if len(probs) != len(wantProbs) || string(rgba) != string(wantRGBA) {
			t.Fatalf("version %d round %d: %d probabilities and colours unlike the page's", c.version, c.round, len(probs))
		}
		for k := range probs {
			if math.Float64bits(probs[k]) != math.Float64bits(wantProbs[k]) {
				t.Fatalf("version %d round %d: cell %d is %v, the page's %v", c.version, c.round, k, probs[k], wantProbs[k])
			}
		}
	}
	// A later request of a known version needs no encoding, and one
	// learner's heatmap is that learner's part of all four.
	f := m.DisplayFrame(320, 320, 28)
	one, _, err := s.Heatmaps(PictureRequest{Version: 1, Round: 120, Cells: cells, Frame: f, Learners: []int{2}}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := pageHeatmap(t, m, 120, 120, cells, f)
	for k := range one {
		if math.Float64bits(one[k]) != math.Float64bits(want[2*cells*cells+k]) {
			t.Fatalf("learner 2 alone, cell %d: %v, want %v", k, one[k], want[2*cells*cells+k])
		}
	}
}

// TestPictureServerRefusesBadRequests: each bad request is an error that
// names what was wrong, never a panic.
func TestPictureServerRefusesBadRequests(t *testing.T) {
	m := NewModel()
	f := m.DisplayFrame(320, 320, 28)
	for _, c := range []struct {
		r    PictureRequest
		want string
	}{
		{PictureRequest{Version: 5, Round: 1, Cells: 8, Frame: f}, "never sent"},
		{PictureRequest{Version: 1, Raw: []byte("not a model"), Round: 1, Cells: 8, Frame: f}, "pictures:"},
		{PictureRequest{Version: 1, Raw: m.Raw(), Round: 1, Cells: 0, Frame: f}, "cells a side"},
		{PictureRequest{Version: 1, Raw: m.Raw(), Round: 1 << 30, Cells: 8, Frame: f}, "of a stream of"},
		{PictureRequest{Version: 1, Raw: m.Raw(), Round: -3, Cells: 8, Frame: f}, "round -3 of a stream of"},
		{PictureRequest{Version: 1, Raw: m.Raw(), Round: 1, Cells: 8, Frame: f, Learners: []int{9}}, "no learner 9"},
	} {
		var s PictureServer
		_, _, err := s.Heatmaps(c.r, nil, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one saying %q", c.r, err, c.want)
		}
	}
}
