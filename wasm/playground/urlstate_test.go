package playground

import (
	"reflect"
	"testing"

	"unitfree/core/eval"
)

// TestStateRoundTrip: a model's state, written and read back, is the model
// (package links adds the compression and its own round trip).
func TestStateRoundTrip(t *testing.T) {
	m := NewModel()
	m.LoadPreset("weather", 2)
	m.SetUnit(0, "F")
	m.SetLearners([]eval.LearnerSpec{{ID: "scinol-full", Params: map[string]float64{"alpha": 2}}, {ID: "ogd", Params: map[string]float64{"eta": 0.01}}})
	m.Seed, m.Passes, m.Degree = 42, 3, 2
	raw := m.Raw()
	got, err := DecodeModelRaw(raw)
	if err != nil {
		t.Fatal(err)
	}
	got.undo, got.redo, m.undo, m.redo = nil, nil, nil, nil
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("round trip changed the model:\n%+v\n%+v", got, m)
	}
	t.Logf("%d points in %d bytes before compression", len(m.Points), len(raw))
}
