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

// TestWarmUpRoomsPlaysEachRoom: the rooms' warm-up plays each room's
// default run, at most warmUpRounds steps of it.
func TestWarmUpRoomsPlaysEachRoom(t *testing.T) {
	played, err := WarmUpRooms()
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 3 {
		t.Fatalf("the rooms' warm-up played %d rooms, want 3 (bandit, sampling, lecture)", len(played))
	}
	for i, n := range played {
		if n < 1 || n > warmUpRounds {
			t.Errorf("room %d: the warm-up played %d steps, want 1 to %d", i, n, warmUpRounds)
		}
	}
}
