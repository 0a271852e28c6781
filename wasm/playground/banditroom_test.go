package playground

import (
	"math"
	"testing"

	"unitfree/core/bandit"
	"unitfree/core/eval"
)

// The room plays exactly the engine's run: SynSep with the same seeds gives
// the same mistakes, explorations and updates as eval.NewBandit directly.
func TestBanditRoomIsTheEngine(t *testing.T) {
	b := NewBanditRoom()
	if err := b.LoadPreset(BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba-diag", "banditron", "perceptron-mc"}
	b.Seed, b.DrawSeed, b.Gamma = 7, 9, 0.1
	r, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(1000)
	if !r.Done() || r.Session.Played() != 200 {
		t.Fatalf("played %d of 200", r.Session.Played())
	}
	x, y := bandit.SynSep(7, 200)
	s, err := eval.NewBandit(x, y, bandit.SynClasses, eval.BanditConfig{Learners: []eval.LearnerSpec{
		{ID: "soba-diag", Params: map[string]float64{"gamma": 0.1}}, {ID: "banditron", Params: map[string]float64{"gamma": 0.1}}, {ID: "perceptron-mc"}},
		DrawSeed: 9}, eval.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
	for i, want := range s.Results() {
		got := r.Session.Results()[i]
		if got.Mistakes != want.Mistakes || got.Explored != want.Explored || got.Updates != want.Updates {
			t.Errorf("%s: room %+v, engine %+v", want.ID, got, want)
		}
		if r.Mistakes[i][199] != float64(want.Mistakes) || r.Explored[i][199] != float64(want.Explored) {
			t.Errorf("%s: series end at %v mistakes, %v explorations", want.ID, r.Mistakes[i][199], r.Explored[i][199])
		}
	}
	if len(r.Screen) != 200 {
		t.Errorf("projection of %d rows", len(r.Screen))
	}
}

func TestBanditRoomPresetsAndLinks(t *testing.T) {
	for _, id := range BanditPresets {
		b := NewBanditRoom()
		if err := b.LoadPreset(id); err != nil {
			t.Fatal(err)
		}
		got, err := DecodeRaw[BanditRoom](b.Raw())
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if got.Data != b.Data || len(got.Points) != len(b.Points) {
			t.Errorf("%s: round trip changed the room", id)
		}
	}
	b := NewBanditRoom()
	if len(b.Classes) != 3 || len(b.Points) < 300 {
		t.Errorf("penguins: %d classes, %d points", len(b.Classes), len(b.Points))
	}
	for _, bad := range []func(*BanditRoom){
		func(b *BanditRoom) { b.Points[0].Class = 3 },
		func(b *BanditRoom) { b.Gamma = 0 },
		func(b *BanditRoom) { b.Learners = []string{"oracle"} },
		func(b *BanditRoom) { b.Data = "mnist" },
		func(b *BanditRoom) { b.Classes = append(b.Classes, "a", "b", "c", "d") },
	} {
		b := NewBanditRoom()
		bad(b)
		if _, err := DecodeRaw[BanditRoom](b.Raw()); err == nil {
			t.Errorf("a bad room was accepted: %+v", b.Learners)
		}
	}
}

// Points are standardized for the learners, and the region map predicts at
// the plot's coordinates: after three passes the full-information
// second-order Perceptron's map is right at most penguins' own places (one
// class everywhere, as a map in the wrong coordinates gives, is right at
// 44% at most).
func TestBanditRoomStandardizes(t *testing.T) {
	b := NewBanditRoom()
	b.Learners = []string{"sop-mc"}
	x, _, _ := b.Stream()
	mean, sq := 0.0, 0.0
	for _, row := range x {
		mean += row[0] / float64(len(x))
		sq += row[0] * row[0] / float64(len(x))
	}
	if math.Abs(mean) > 1e-12 || math.Abs(sq-1) > 1e-12 {
		t.Errorf("standardized feature has mean %v and mean square %v", mean, sq)
	}
	r, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(r.Session.Total())
	right := 0
	for _, p := range b.Points {
		if r.PredictAt(0, p.X, p.Y) == p.Class {
			right++
		}
	}
	acc := float64(right) / float64(len(b.Points))
	t.Logf("second-order Perceptron's map right at %.3f of the penguins", acc)
	if acc < 0.75 {
		t.Errorf("the region map is right at %.2f of the penguins", acc)
	}
}

// The room's a reaches the learners that have it, and only them.
func TestBanditRoomRegularization(t *testing.T) {
	b := NewBanditRoom()
	if b.A != 1 {
		t.Fatalf("a new room's a is %v, want the catalogue's 1", b.A)
	}
	b.A = 2.5
	b.Learners = []string{"soba", "soba-diag", "banditron"}
	specs := b.Specs()
	if specs[0].Params["a"] != 2.5 || specs[1].Params["a"] != 2.5 {
		t.Errorf("soba and soba-diag get %v", specs[:2])
	}
	if _, ok := specs[2].Params["a"]; ok {
		t.Errorf("the Banditron got a: %v", specs[2])
	}
	again, err := DecodeRaw[BanditRoom](b.Raw())
	if err != nil || again.A != 2.5 {
		t.Errorf("through a link: %v, %v", again, err)
	}
}

// With DeferUpdates (as the page plays it), full SOBA's update work is
// done a slice per Advance call: the run takes more calls, but plays the
// same rounds as without it, with the same mistakes and updates; an
// update reaches Updates (which the guesses follow) only when its work is
// done; and the run is not Done while the last update's work is pending.
func TestBanditRunDefersFullSOBAsUpdates(t *testing.T) {
	b := NewBanditRoom()
	if err := b.LoadPreset(BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba", "banditron"}
	b.Seed, b.DrawSeed, b.Gamma, b.Rounds = 7, 9, 0.25, 400
	plain, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	plain.Advance(1 << 20)
	deferred, _ := NewBanditRun(b)
	deferred.DeferUpdates()
	calls, sawPending := 0, false
	for !deferred.Done() {
		before := deferred.Session.Updates(0)
		deferred.Advance(1)
		calls++
		if deferred.Session.Pending() {
			sawPending = true
			if got := deferred.Session.Updates(0); got != before {
				t.Fatalf("call %d: Updates moved from %d to %d while the update's work is pending", calls, before, got)
			}
		}
		if calls > 1e6 {
			t.Fatal("the deferred run never ended")
		}
	}
	if !sawPending || calls <= plain.Played() {
		t.Fatalf("%d calls for %d rounds, pending seen %v: nothing was deferred", calls, plain.Played(), sawPending)
	}
	for i, want := range plain.Session.Results() {
		got := deferred.Session.Results()[i]
		if got.Mistakes != want.Mistakes || got.Updates != want.Updates || got.Explored != want.Explored {
			t.Errorf("%s: deferred %+v, whole %+v", want.ID, got, want)
		}
	}
	t.Logf("%d rounds in %d calls; soba updated %d times", plain.Played(), calls, plain.Session.Results()[0].Updates)
}

// A manual step plays exactly its rounds and lands the updates they made,
// even when the run defers full SOBA's update work (the Step button; it
// once stopped at the first pending update and showed no round played).
func TestStepPlaysItsRoundsWithDeferredUpdates(t *testing.T) {
	b := NewBanditRoom()
	if err := b.LoadPreset(BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba"}
	b.Seed, b.DrawSeed, b.Gamma, b.Rounds = 7, 9, 0.25, 300
	run, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	run.DeferUpdates()
	var p Player
	p.Restart(run)
	for i := 1; i <= 60; i++ {
		p.Step(5)
		if run.Played() != 5*i || run.Session.Pending() {
			t.Fatalf("after %d steps of 5: %d rounds played, pending %v", i, run.Played(), run.Session.Pending())
		}
	}
	if run.Session.Results()[0].Updates == 0 {
		t.Fatal("soba never updated: the test did not test")
	}
}
