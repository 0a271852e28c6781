//go:build js && (rooms || single)

package main

// firstDrawings spreads the first drawings of a room's parts (each
// learner's panel, each chart) over animation frames while the room is
// built, unseen: a part's first drawing is its costly one on a phone (its
// axes and images made, its code run for the first time), so a frame draws
// one part for the first time, and more only within firstDrawingMs of the
// frame's start, leaving the others to the next frames. On a phone slowed
// 4x a room's first picture, all of it in one frame, was 130-230 ms of
// script. Once the room is seen, every picture draws every part (at once),
// so that all of it shows one state.
type firstDrawings struct {
	seen    bool    // the room is seen: every part is drawn
	start   float64 // the frame's start (clock)
	taken   bool    // a part had its first drawing in this frame
	waiting bool    // a part waits for its first drawing
}

// firstDrawingMs is the time a frame may spend on first drawings beyond
// the first one: a desktop draws a room's parts in one or two frames, a
// slow phone one a frame.
const firstDrawingMs = 12

// newFirstDrawings starts a frame's drawings; seen says the room is seen.
func newFirstDrawings(seen bool) firstDrawings { return firstDrawings{seen: seen, start: clock()} }

// turn reports whether a part may be drawn in this frame: always once it
// was drawn or the room is seen, otherwise if it is the frame's first
// first drawing or time is left; drawn is set when it is.
func (f *firstDrawings) turn(drawn *bool) bool {
	switch {
	case *drawn:
		return true
	case f.seen:
		*drawn = true
		return true
	case f.taken && clock()-f.start >= firstDrawingMs:
		f.waiting = true
		return false
	}
	f.taken, *drawn = true, true
	return true
}

// ahead gives a part's preparation (its axes, drawn off screen) a first
// drawing of its own while the room is unseen, in a frame before the
// part's: a panel's axes and its first picture in one frame were a task of
// about 140 ms on a phone slowed 4x. It reports whether the part waits for
// a later frame (its preparation was made, or refused, in this one);
// prepared says the preparation was made.
func (f *firstDrawings) ahead(drawn bool, prepared *bool, prepare func()) (wait bool) {
	if drawn || f.seen || *prepared {
		return false
	}
	if f.turn(prepared) {
		prepare()
	}
	f.waiting = true // the part's first drawing is still to come
	return true
}
