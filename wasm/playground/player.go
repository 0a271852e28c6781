package playground

import "math"

// Stepper is a room's run as the Player drives it: it advances by steps
// (rounds, or gradient evaluations), says how many it has played, and when
// it is over.
type Stepper interface {
	// Advance plays up to n more steps.
	Advance(n int)
	// Played returns the steps played so far.
	Played() int
	// Done reports whether the run is over.
	Done() bool
}

// maxChunk bounds the steps of one call to Advance.
const maxChunk = 1 << 16

// Player is the one lifecycle every room shares: play, pause, step,
// restart, and, after an edit, a replay to the step the stream was at (and
// on playing if it was), so that an edit compares like with like; only
// Restart goes back to step 0. A replay longer than a frame's budget goes
// on in the next frames (Tick) before the stream moves on.
type Player struct {
	run     Stepper // nil while the room's state cannot run
	playing bool
	target  int     // the step a replay catches up to
	accum   float64 // fractional steps of slow speeds
	chunk   int     // steps per call to Advance: doubles while time is left, halves when not
}

// Run returns the run being played, or nil.
func (p *Player) Run() Stepper { return p.run }

// Playing reports whether the stream plays.
func (p *Player) Playing() bool { return p.playing }

// Position returns the step the stream is at (0 without a run).
func (p *Player) Position() int {
	if p.run == nil {
		return 0
	}
	return p.run.Played()
}

// CatchingUp reports whether a replay has not reached its step yet.
func (p *Player) CatchingUp() bool {
	return p.run != nil && p.run.Played() < p.target && !p.run.Done()
}

// Replace puts the run of an edited state in place of the current one: it
// replays to the current position within the budget (more reports whether
// the frame has time left; nil means no limit), and the stream plays on if
// it played. A nil run (a state that cannot run) stops the stream.
func (p *Player) Replace(r Stepper, more func() bool) {
	p.target = max(p.target, p.Position())
	p.run, p.accum, p.chunk = r, 0, 1
	if r == nil {
		p.playing, p.target = false, 0
		return
	}
	p.catchUp(more)
}

// Restart puts a fresh run in place and pauses at step 0.
func (p *Player) Restart(r Stepper) {
	p.run, p.playing, p.target, p.accum, p.chunk = r, false, 0, 0, 1
}

// Seek puts a fresh run in place and replays it to step n (a negative n:
// to the end) within the budget, going on in the next frames (Tick) when
// the budget ends first; the stream is paused.
func (p *Player) Seek(r Stepper, n int, more func() bool) {
	p.Restart(r)
	if r == nil {
		return
	}
	if n < 0 {
		n = math.MaxInt
	}
	p.target = n
	p.catchUp(more)
}

// Pause stops the stream where it is.
func (p *Player) Pause() { p.playing, p.accum = false, 0 }

// Toggle plays or pauses. At the end of the run, Play starts again from
// step 0 with the run fresh returns. It reports false when there is
// nothing to play (no run, or a fresh run that is over at once).
func (p *Player) Toggle(fresh func() Stepper) bool {
	if p.playing {
		p.Pause()
		return true
	}
	if p.run == nil {
		return false
	}
	if p.run.Done() {
		p.Restart(fresh())
		if p.run == nil || p.run.Done() {
			return false
		}
	}
	p.playing = true
	return true
}

// Step pauses and plays n more steps; it reports whether any was played.
func (p *Player) Step(n int) bool {
	p.Pause()
	p.target = 0
	if p.run == nil || p.run.Done() {
		return false
	}
	// A run's Advance may return early (with work it spreads over frames);
	// a manual step plays its n steps and finishes that work.
	for target := p.run.Played() + n; p.run.Played() < target && !p.run.Done(); {
		p.run.Advance(target - p.run.Played())
	}
	if s, ok := p.run.(settler); ok {
		s.Settle()
	}
	return true
}

// settler is a run that can finish, at once, work it otherwise spreads
// over frames (BanditRun: deferred updates).
type settler interface{ Settle() }

// Tick is one animation frame: it first finishes a replay, then, while
// playing, advances rate steps per frame (fractions add up over frames),
// in growing chunks while more reports time left. It reports whether the
// run moved; the stream pauses by itself at the end of the run.
func (p *Player) Tick(rate float64, more func() bool) bool {
	if p.run == nil {
		return false
	}
	before := p.run.Played()
	if p.CatchingUp() {
		p.catchUp(more)
	} else if p.playing {
		p.accum += rate
		n := int(p.accum)
		p.accum -= float64(n)
		if n > 0 && !p.advance(before+n, more) {
			p.accum = 0 // out of time: slow steps do not pile up
		}
	}
	if p.run.Done() {
		p.Pause()
	}
	return p.run.Played() != before
}

// catchUp replays towards the target within the budget.
func (p *Player) catchUp(more func() bool) {
	if p.advance(p.target, more) || p.run.Done() {
		p.target = 0
	}
}

// advance plays up to step target in chunks that double while more
// reports time left (and halve when it does not, so that the next frame
// starts at a size that fits); it reports whether it got there (or the run
// ended).
func (p *Player) advance(target int, more func() bool) bool {
	p.chunk = max(1, p.chunk)
	for p.run.Played() < target && !p.run.Done() {
		if more != nil && !more() {
			p.chunk = max(1, p.chunk/2)
			return false
		}
		p.run.Advance(min(p.chunk, target-p.run.Played()))
		p.chunk = min(2*p.chunk, maxChunk)
	}
	return true
}
