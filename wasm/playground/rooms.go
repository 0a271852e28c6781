package playground

import (
	"strconv"
	"strings"
)

// The page's rooms, each with its own state in the link.
const (
	RoomUnits    = "units"    // the units playground
	RoomBandit   = "bandit"   // bandit exploration: SOBA against the Banditron
	RoomSampling = "sampling" // bandit sampling: MABS for SGD, SAGA, Prox-SVRG
	RoomLecture  = "lecture"  // the OGD lecture: FTL against OGD
	RoomBoard    = "board"    // every learner on one's own CSV
)

// Rooms lists the rooms in the order of the page's navigation.
var Rooms = []string{RoomUnits, RoomBandit, RoomSampling, RoomLecture, RoomBoard}

// ParseHash splits a location hash into a room and its encoded state (empty
// for the room's default). "#v1.…" is the units room's state, as links made
// before the other rooms existed read; "#bandit" a room's default;
// "#bandit/v1.…" a room with its state. An unknown room is the units room
// with the text as its state, so that decoding reports it.
func ParseHash(h string) (room, state string) {
	h = strings.TrimPrefix(h, "#")
	name, rest, _ := strings.Cut(h, "/")
	for _, r := range Rooms {
		if name == r {
			return r, rest
		}
	}
	return RoomUnits, h
}

// Hash returns the location hash of a room with an encoded state; the units
// room keeps its short form.
func Hash(room, state string) string {
	if room == RoomUnits {
		return "#" + state
	}
	if state == "" {
		return "#" + room
	}
	return "#" + room + "/" + state
}

// SplitRound splits a link's state from the round the stream was at when
// the link was made ("v2.…@37": round 37; no "@": round 0). States are
// base64url, which never holds an "@".
func SplitRound(state string) (string, int) {
	s, r, ok := strings.Cut(state, "@")
	if !ok {
		return state, 0
	}
	n, err := strconv.Atoi(r)
	if err != nil || n < 0 {
		return s, 0
	}
	return s, n
}

// WithRound appends the round to a link's state (nothing for round 0).
func WithRound(state string, round int) string {
	if round <= 0 {
		return state
	}
	return state + "@" + strconv.Itoa(round)
}

// HashAtRound returns a page's location hash with the round it shows: the
// link a visitor copies while a stream plays opens at the round on screen
// (the hash itself is rewritten only on a pause, a step or a change). A
// lesson step's hash is returned as it is: the step sets its own round.
func HashAtRound(hash string, round int) string {
	room, state := ParseHash(hash)
	if _, lesson := LessonStep(state); lesson || state == "" {
		return hash
	}
	state, _ = SplitRound(state)
	return Hash(room, WithRound(state, round))
}
