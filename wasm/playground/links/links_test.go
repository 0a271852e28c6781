package links

import (
	"bytes"
	"strings"
	"testing"

	"unitfree/core/eval"
	"unitfree/wasm/playground"
)

// TestLinkRoundTrip: a model written as a link and read back has the same
// state, with or without the hash sign and the round a link was made at.
func TestLinkRoundTrip(t *testing.T) {
	m := playground.NewModel()
	m.LoadPreset("weather", 2)
	m.SetUnit(0, "F")
	m.SetLearners([]eval.LearnerSpec{{ID: "scinol-full", Params: map[string]float64{"alpha": 2}}, {ID: "ogd", Params: map[string]float64{"eta": 0.01}}})
	m.Seed, m.Passes, m.Degree = 42, 3, 2
	s := Encode(m)
	for _, link := range []string{s, "#" + s} {
		got, err := Decode[playground.Model](link)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Raw(), m.Raw()) {
			t.Fatalf("%.20q: the round trip changed the model:\n%+v\n%+v", link, got, m)
		}
		if !Same(link, m.Raw()) {
			t.Fatalf("%.20q: Same says the link differs from its own state", link)
		}
	}
	m.Seed++
	if Same(s, m.Raw()) {
		t.Fatal("Same says the link holds a changed model")
	}
	t.Logf("%d points in a %d-character link", len(m.Points), len(s))
}

func TestBadLinksAreRefused(t *testing.T) {
	good := Encode(playground.NewModel())
	m := playground.NewModel()
	m.Learners = []eval.LearnerSpec{{ID: "magic"}}
	badLearner := Encode(m)
	m = playground.NewModel()
	m.Units[0] = "furlong"
	badUnit := Encode(m)
	for _, tc := range []struct{ link, want string }{
		{"", "format"},
		{"v2.!!!", "damaged"},
		{"v1.eyJwb2ludHMiOltdfQ", "earlier version"},
		{good[:len(good)-9], "damaged"},
		{badLearner, "not valid"},
		{badUnit, "not valid"},
		{"v9." + good[3:], "format"},
		{Encode(playground.NewLecture()), "another room"},
	} {
		if _, err := Decode[playground.Model](tc.link); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%.20q) = %v, want an error containing %q", tc.link, err, tc.want)
		}
	}
}

// TestTooLargeIsRefused: a link that inflates past MaxLinkBytes is refused
// without inflating it all.
func TestTooLargeIsRefused(t *testing.T) {
	big := &rawState{make([]byte, playground.MaxLinkBytes+10)}
	if _, err := Inflate(Encode(big)); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("Inflate of %d bytes: %v, want too large", len(big.b), err)
	}
}

// rawState is a state that is just bytes.
type rawState struct{ b []byte }

func (r *rawState) Raw() []byte { return r.b }

func FuzzDecodeModel(f *testing.F) {
	f.Add(Encode(playground.NewModel()))
	f.Add("v2.")
	f.Add(Encode(playground.NewBanditRoom()))
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Decode[playground.Model](s)
		if err == nil {
			if verr := m.Validate(); verr != nil {
				t.Fatalf("accepted an invalid model: %v", verr)
			}
		}
	})
}

// TestLegacyRoomLinksStillOpen opens links the rooms made before their
// settings were key and value pairs (made by that version of the page).
func TestLegacyRoomLinksStillOpen(t *testing.T) {
	b, err := Decode[playground.BanditRoom]("v2.SmIrrswrTi2AUgxgcIOFhaU4PymRF0ToJqYkFpRklqVyJiXmpWSWFOXnsRXnF-jmJkMUH7CH0Bfs2Tk5AAEAAP__")
	if err != nil {
		t.Fatal(err)
	}
	if b.Data != playground.BanditSynSep || b.Rounds != 300 || b.Gamma != 0.125 || b.GammaMax != 0.25 || b.Seed != 7 || b.DrawSeed != 9 || b.Passes != 4 {
		t.Errorf("the bandit link reads as %+v", b)
	}
	s, err := Decode[playground.SamplingRoom]("v2.KmYuSSx9wc4ABikODALFhaWJRakpuhmZeempujlG1SLr3B9WtdgzMxenp7CX5mWm5RflgthMmcUgiiU3Mal41kwQWGkvwQwIAAD__w")
	if err != nil {
		t.Fatal(err)
	}
	if s.Tau != 160 || s.N != 500 || s.Lambda != 0.01 || s.Gamma != 0.05 || s.Epochs != 12 || s.Seed != 3 || len(s.Pairs) != 3 {
		t.Errorf("the sampling link reads as %+v", s)
	}
	l, err := Decode[playground.Lecture]("v2.ymErSsxLyc_9wsxgDAaX7VkBAQAA__8")
	if err != nil {
		t.Fatal(err)
	}
	if l.Sequence != playground.SequenceRandom || l.Rounds != 250 || l.Eta != 0.3 || l.Seed != 5 {
		t.Errorf("the lecture link reads as %+v", l)
	}
	// Written again, they take today's layout and read back the same.
	if again, err := Decode[playground.BanditRoom](Encode(b)); err != nil || again.Gamma != 0.125 || again.Passes != 4 {
		t.Errorf("the bandit room rewritten: %+v, %v", again, err)
	}
}
