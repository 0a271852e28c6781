package playground

import "testing"

// TestWarmUpPlaysTheDefaults: the warm-up plays the default model's rounds
// (all of them if the stream is shorter) without an error.
func TestWarmUpPlaysTheDefaults(t *testing.T) {
	played, err := WarmUp()
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRun(NewModel())
	if err != nil {
		t.Fatal(err)
	}
	if want := min(warmUpRounds, r.Total()); played != want {
		t.Errorf("the warm-up played %d rounds, want %d", played, want)
	}
}
