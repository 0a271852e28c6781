package playground

import "testing"

// countRun is a run of total steps that counts the calls it gets.
type countRun struct {
	played, total, calls int
}

func (c *countRun) Advance(n int) { c.calls++; c.played = min(c.total, c.played+n) }
func (c *countRun) Played() int   { return c.played }
func (c *countRun) Done() bool    { return c.played >= c.total }

func TestPlayerEditReplaysToTheSamePositionAndPlaysOn(t *testing.T) {
	var p Player
	p.Restart(&countRun{total: 100})
	if !p.Toggle(nil) || !p.Playing() {
		t.Fatal("Play did not start the stream")
	}
	for range 4 {
		p.Tick(7.5, nil)
	}
	if p.Position() != 30 {
		t.Fatalf("4 frames at 7.5 steps: at %d, want 30", p.Position())
	}
	p.Replace(&countRun{total: 100}, nil)
	if p.Position() != 30 || !p.Playing() {
		t.Fatalf("after an edit: at %d, playing %v; want 30 and still playing", p.Position(), p.Playing())
	}
	p.Restart(&countRun{total: 100})
	if p.Position() != 0 || p.Playing() {
		t.Fatalf("Restart: at %d, playing %v; want 0 and paused", p.Position(), p.Playing())
	}
}

func TestPlayerReplayWithinBudgetGoesOnNextFrames(t *testing.T) {
	var p Player
	p.Restart(&countRun{total: 1000})
	p.Step(500)
	calls := 0
	budget := func() bool { calls++; return calls%3 != 0 } // two chunks per frame
	p.Replace(&countRun{total: 1000}, budget)
	if !p.CatchingUp() || p.Position() != 3 { // chunks 1 and 2
		t.Fatalf("after the first frame: at %d, catching up %v; want 3 and true", p.Position(), p.CatchingUp())
	}
	for frames := 0; p.CatchingUp(); frames++ {
		if frames > 20 {
			t.Fatal("the replay never reached its step")
		}
		p.Tick(1, budget)
	}
	if p.Position() != 500 || p.Playing() {
		t.Fatalf("replay ended at %d, playing %v; want 500, paused", p.Position(), p.Playing())
	}
}

func TestPlayerEndsAndPlaysAgainFromTheStart(t *testing.T) {
	var p Player
	p.Restart(&countRun{total: 10})
	p.Toggle(nil)
	p.Tick(100, nil)
	if !p.Run().Done() || p.Playing() {
		t.Fatalf("at the end: done %v, playing %v; want true, false", p.Run().Done(), p.Playing())
	}
	fresh := &countRun{total: 10}
	if !p.Toggle(func() Stepper { return fresh }) || p.Run() != Stepper(fresh) || p.Position() != 0 {
		t.Fatal("Play at the end did not start again from step 0")
	}
	if p.Toggle(nil); p.Playing() {
		t.Fatal("a second Toggle did not pause")
	}
	empty := &countRun{}
	p.Restart(empty)
	if p.Toggle(func() Stepper { return &countRun{} }) {
		t.Fatal("Toggle reported playing a run with nothing to play")
	}
	p.Replace(nil, nil)
	if p.Step(1) || p.Playing() {
		t.Fatal("a state that cannot run was stepped")
	}
}

func TestPlayerSlowStepsDoNotPileUp(t *testing.T) {
	var p Player
	r := &countRun{total: 1000}
	p.Restart(r)
	p.Toggle(nil)
	budget := func() bool { return r.calls == 0 } // time for one chunk only
	p.Tick(100, budget)
	if p.Position() != 1 {
		t.Fatalf("one chunk of time: at %d, want 1", p.Position())
	}
	r.calls = 0
	p.Tick(0.5, nil)
	if p.Position() != 1 {
		t.Fatalf("the 99 steps out of time were carried over: at %d, want 1", p.Position())
	}
}

func TestPlayerSeek(t *testing.T) {
	var p Player
	p.Seek(&countRun{total: 100}, 40, nil)
	if p.Position() != 40 || p.Playing() {
		t.Fatalf("seek to 40: at %d, playing %v", p.Position(), p.Playing())
	}
	p.Seek(&countRun{total: 100}, -1, nil)
	if !p.Run().Done() || p.CatchingUp() {
		t.Fatalf("seek to the end: at %d, catching up %v", p.Position(), p.CatchingUp())
	}
	calls := 0
	p.Seek(&countRun{total: 1000}, -1, func() bool { calls++; return calls%4 != 0 })
	for frames := 0; p.CatchingUp(); frames++ {
		if frames > 30 {
			t.Fatal("a seek within a budget never ended")
		}
		p.Tick(1, func() bool { calls++; return calls%4 != 0 })
	}
	if !p.Run().Done() {
		t.Fatalf("the seek stopped at %d of 1000", p.Position())
	}
}
