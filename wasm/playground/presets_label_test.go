package playground

import "testing"

func TestPlainNames(t *testing.T) {
	for _, id := range PresetIDs {
		if l := PresetLabel(id); l == id || l == "" {
			t.Errorf("preset %q has no name in words: %q", id, l)
		}
	}
	if got := (SamplingPair{"saga", "is"}).Name(); got != "SAGA + Importance sampling" {
		t.Errorf("saga + is reads %q", got)
	}
}
