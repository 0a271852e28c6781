package playground

import (
	"reflect"
	"strings"
	"testing"

	"unitfree/core/eval"
)

func TestLinkRoundTrip(t *testing.T) {
	m := NewModel()
	m.LoadPreset("weather", 2)
	m.SetUnit(0, "F")
	m.SetLearners([]eval.LearnerSpec{{ID: "scinol-full", Params: map[string]float64{"alpha": 2}}, {ID: "ogd", Params: map[string]float64{"eta": 0.01}}})
	m.Seed, m.Passes, m.Degree = 42, 3, 2
	s := m.Encode()
	got, err := DecodeModel("#" + s)
	if err != nil {
		t.Fatal(err)
	}
	got.undo, got.redo, m.undo, m.redo = nil, nil, nil, nil
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("round trip changed the model:\n%+v\n%+v", got, m)
	}
	t.Logf("%d points in a %d-character link", len(m.Points), len(s))
}

func TestBadLinksAreRefused(t *testing.T) {
	good := NewModel().Encode()
	m := NewModel()
	m.Learners = []eval.LearnerSpec{{ID: "magic"}}
	badLearner := m.Encode()
	m = NewModel()
	m.Units[0] = "furlong"
	badUnit := m.Encode()
	for _, tc := range []struct{ link, want string }{
		{"", "format"},
		{"v2.!!!", "damaged"},
		{"v1.eyJwb2ludHMiOltdfQ", "earlier version"},
		{good[:len(good)-9], "damaged"},
		{badLearner, "not valid"},
		{badUnit, "not valid"},
		{"v9." + good[3:], "format"},
		{NewLecture().Encode(), "another room"},
	} {
		if _, err := DecodeModel(tc.link); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeModel(%.20q) = %v, want an error containing %q", tc.link, err, tc.want)
		}
	}
}

func FuzzDecodeModel(f *testing.F) {
	f.Add(NewModel().Encode())
	f.Add("v2.")
	f.Add(NewBanditRoom().Encode())
	f.Fuzz(func(t *testing.T, s string) {
		m, err := DecodeModel(s)
		if err == nil {
			if verr := m.Validate(); verr != nil {
				t.Fatalf("accepted an invalid model: %v", verr)
			}
		}
	})
}
