package boardroom

import (
	"reflect"
	"strings"
	"testing"
)

// TestSettingsRoundTrip: a link's state gives back the settings it was
// made from; the default is the empty state; a bad field is named.
func TestSettingsRoundTrip(t *testing.T) {
	if got := Default().Encode(); got != "" {
		t.Errorf("the default settings encode as %q, want nothing", got)
	}
	s := Settings{Dataset: "penguins", Label: "species", Task: "classify", Positive: "Adelie", Negative: "Gentoo",
		Columns: []string{"bill_length_mm", "body_mass_g"}, Orders: 7, Rescalings: 0, Seed: 42, Show: []string{"vaw"}}
	got, err := Decode(s.Encode())
	if err != nil || !reflect.DeepEqual(got, s) {
		t.Errorf("%q decodes to %+v, %v; want %+v", s.Encode(), got, err, s)
	}
	none := Default()
	none.Show, none.Dataset = nil, ""
	if !strings.Contains(none.Encode(), "data=&") {
		t.Errorf("one's own file: %q", none.Encode())
	}
	if got, err := Decode(none.Encode()); err != nil || got.Show != nil || got.Dataset != "" {
		t.Errorf("no curves shown: %+v, %v", got, err)
	}
	for state, want := range map[string]string{
		"orders=0":              "orders",
		"rescalings=21":         "rescalings",
		"seed=-1":               "seed",
		"seed=9007199254740992": "to 9007199254740991",
		"task=sort":             "classify or regress",
		"colour=red":            `unknown field "colour"`,
		"label=%zz":             "board settings",
	} {
		if _, err := Decode(state); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", state, err, want)
		}
	}
	if o := s.Own(); !reflect.DeepEqual(o.Classes, []string{"Adelie", "Gentoo"}) || o.Positive != "" {
		t.Errorf("two classes: %+v", o)
	}
	s.Negative = ""
	if o := s.Own(); o.Positive != "Adelie" || o.Classes != nil {
		t.Errorf("one against the rest: %+v", o)
	}
}

// FuzzDecode: no state panics, and what decodes encodes to a state that
// decodes to the same settings.
func FuzzDecode(f *testing.F) {
	f.Add("data=penguins&label=species&pos=Adelie&orders=3")
	f.Add("show=&cols=a,b&seed=9007199254740991")
	f.Fuzz(func(t *testing.T, state string) {
		s, err := Decode(state)
		if err != nil {
			return
		}
		again, err := Decode(s.Encode())
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Errorf("%q -> %+v -> %q -> %+v, %v", state, s, s.Encode(), again, err)
		}
	})
}
