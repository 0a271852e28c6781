package playground

import (
	"math"
	"testing"
)

// On the note's sequence FTL loses T - 1 - 0.5 x_1 (Orabona's lecture notes on online gradient descent, the example where Follow-the-Leader fails;
// x_1 is FTL's first play), and the best fixed point gains |sum z| = 0.5 for
// even T, while OGD with eta/sqrt(t) stays under 3 sqrt(T) - 1.
func TestLectureGameReproducesTheNote(t *testing.T) {
	l := NewLecture()
	g, err := l.Play()
	if err != nil {
		t.Fatal(err)
	}
	T := l.Rounds
	ftl, sqrt := g.Players[0], g.Players[2]
	if got, want := ftl.Regret[T-1], float64(T-1)-0.5*ftl.Plays[0]+0.5; got != want || got < 90 {
		t.Errorf("FTL regret after %d rounds = %v, want T - 1 - x_1/2 + |sum z| = %v", T, got, want)
	}
	if got, bound := sqrt.Regret[T-1], 3*math.Sqrt(float64(T))-1; got > bound || bound != sqrt.Bound[T-1] {
		t.Errorf("OGD-sqrt regret %v, bound %v (reported %v)", got, bound, sqrt.Bound[T-1])
	}
	for i, p := range g.Players[1:] {
		for s := range p.Regret {
			if p.Regret[s] > p.Bound[s]+1e-12 {
				t.Fatalf("%s round %d: regret %v above its bound %v", LectureLearners[i+1], s+1, p.Regret[s], p.Bound[s])
			}
			if math.Abs(p.Plays[s]) > 1 {
				t.Fatalf("%s round %d played %v outside [-1, 1]", p.ID, s+1, p.Plays[s])
			}
		}
	}
}

// The constant-step bound is smallest near eta = 1/sqrt(T): the trade-off
// the room's slider shows.
func TestLectureBoundTradeOff(t *testing.T) {
	bound := func(eta float64) float64 {
		l := NewLecture()
		l.Eta = eta
		g, err := l.Play()
		if err != nil {
			t.Fatal(err)
		}
		return g.Players[1].Bound[l.Rounds-1]
	}
	best := bound(0.1)
	for _, eta := range []float64{0.01, 0.03, 0.3, 1} {
		if b := bound(eta); b <= best {
			t.Errorf("bound at eta %v = %v, not above %v at eta = 1/sqrt(T)", eta, b, best)
		}
	}
}

func TestLectureAdversaryAndLinks(t *testing.T) {
	l := &Lecture{Sequence: SequenceAdversary, Moves: []int8{1, -1, -1, 1}, Eta: 0.5, Seed: 3}
	got, err := DecodeRaw[Lecture](l.Raw())
	if err != nil {
		t.Fatal(err)
	}
	g, err := got.Play()
	if err != nil || len(g.Z) != 4 || g.Z[1] != -1 {
		t.Fatalf("adversary game %v, %v", g, err)
	}
	for _, bad := range []*Lecture{
		{Sequence: "chaos", Rounds: 5, Eta: 1},
		{Sequence: SequenceAdversary, Moves: []int8{2}, Eta: 1},
		{Sequence: SequenceLecture, Rounds: 0, Eta: 1},
		{Sequence: SequenceLecture, Rounds: 5, Eta: math.NaN()},
	} {
		if _, err := DecodeRaw[Lecture](bad.Raw()); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestParseHash(t *testing.T) {
	for _, tc := range []struct{ hash, room, state string }{
		{"", RoomUnits, ""},
		{"#v1.abc", RoomUnits, "v1.abc"},
		{"#bandit", RoomBandit, ""},
		{"#lecture/v1.xyz", RoomLecture, "v1.xyz"},
		{"#nowhere/v1", RoomUnits, "nowhere/v1"},
	} {
		room, state := ParseHash(tc.hash)
		if room != tc.room || state != tc.state {
			t.Errorf("ParseHash(%q) = %q, %q", tc.hash, room, state)
		}
		if tc.room != RoomUnits || tc.state == "" || tc.state[0] == 'v' {
			if r2, s2 := ParseHash(Hash(room, state)); r2 != room || s2 != state {
				t.Errorf("Hash does not round-trip %q", tc.hash)
			}
		}
	}
}
