package playground

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"unitfree/core/catalog"
	"unitfree/core/loss"
)

// The lecture room: Orabona's online linear game on V = [-1, 1]
// (Orabona's lecture notes on online gradient descent, the example where Follow-the-Leader fails). Each round the learner plays x_t, the adversary
// reveals z_t and the learner pays z_t x_t.

// Sequences of the lecture room.
const (
	SequenceLecture   = "lecture"   // z_1 = -0.5, then +1, -1, +1, ... (the note's FTL failure)
	SequenceAdversary = "adversary" // the visitor clicks +1 or -1 each round
	SequenceRandom    = "random"    // seeded fair coin flips
)

// Limits of the lecture room.
const (
	MaxLectureRounds = 10000
	MinLectureEta    = 1e-4
	MaxLectureEta    = 10.0
)

// LectureLearners are the lecture's players, in panel order.
var LectureLearners = []string{"ftl", "ogd", "ogd-sqrt"}

// Lecture is the lecture room's state.
type Lecture struct {
	Sequence string
	Moves    []int8 // the adversary's z_t, each -1 or +1
	// The settings, described in LectureFields.
	Rounds int     // T of the lecture and random sequences
	Eta    float64 // the constant step of ogd
	Seed   uint64
}

// LectureFields returns the lecture room's settings.
func LectureFields() Fields[Lecture] {
	return Fields[Lecture]{
		{Param: catalog.Param{Name: "rounds", Doc: "rounds T", Default: 100, Min: 1, Max: MaxLectureRounds}, Integer: true, Step: 1,
			Ref: func(l *Lecture) any { return &l.Rounds }, Applies: func(l *Lecture) bool { return l.Sequence != SequenceAdversary }},
		// eta = 1/sqrt(100), the step the constant-step bound picks for T = 100;
		// the range is the slider's, inside the catalogue's (0, 1e6].
		{Param: catalog.Param{Name: "eta", Symbol: "η", Doc: "OGD's constant step", Default: 0.1, Min: MinLectureEta, Max: MaxLectureEta},
			Control: Log10Slider, Step: 0.01, Ref: func(l *Lecture) any { return &l.Eta }},
		seedField("seed", "seed of the random sequence", func(l *Lecture) any { return &l.Seed }),
	}
}

// NewLecture returns the lecture room's start: the note's sequence, 100
// rounds.
func NewLecture() *Lecture {
	l := &Lecture{Sequence: SequenceLecture}
	LectureFields().SetDefaults(l)
	return l
}

// Validate checks a lecture state read from a link or from storage.
func (l *Lecture) Validate() error {
	switch l.Sequence {
	case SequenceLecture, SequenceRandom:
	case SequenceAdversary:
		if len(l.Moves) > MaxLectureRounds {
			return fmt.Errorf("%d moves, more than %d", len(l.Moves), MaxLectureRounds)
		}
		for i, z := range l.Moves {
			if z != 1 && z != -1 {
				return fmt.Errorf("move %d is %d, not -1 or +1", i+1, z)
			}
		}
	default:
		return fmt.Errorf("unknown sequence %q (lecture, adversary or random)", l.Sequence)
	}
	return LectureFields().Validate(l)
}

// Raw returns the state before compression (the page deflates it).
func (l *Lecture) Raw() []byte { return rawState(l) }

func (l *Lecture) stateKind() byte { return 'L' }

func (l *Lecture) writeState(w *stateWriter) {
	w.str(l.Sequence)
	w.count(len(l.Moves))
	for _, z := range l.Moves {
		w.int(int(z))
	}
	LectureFields().write(w, l)
}

func (l *Lecture) readState(r *stateReader) {
	l.Sequence = r.str()
	l.readMoves(r)
	LectureFields().read(r, l)
}

func (l *Lecture) legacyKind() byte { return 'l' }

// readLegacy reads the state of links made before the settings became
// key and value pairs (their settings in a fixed order; a setting added
// since keeps its default).
func (l *Lecture) readLegacy(r *stateReader) {
	LectureFields().SetDefaults(l) // the settings the layout did not have
	l.Sequence = r.str()
	l.Rounds = r.int()
	l.readMoves(r)
	l.Eta = r.float()
	l.Seed = r.uint()
}

func (l *Lecture) readMoves(r *stateReader) {
	if n := r.count(MaxLectureRounds); n > 0 {
		l.Moves = make([]int8, n)
		for i := range l.Moves {
			z := r.int()
			if z != int(int8(z)) {
				r.fail(errors.New("a move is out of range"))
			}
			l.Moves[i] = int8(z)
		}
	}
}

// Zs returns the adversary's sequence z_1..z_T.
func (l *Lecture) Zs() []float64 {
	switch l.Sequence {
	case SequenceAdversary:
		z := make([]float64, len(l.Moves))
		for i, m := range l.Moves {
			z[i] = float64(m)
		}
		return z
	case SequenceRandom:
		rng := rand.New(rand.NewPCG(l.Seed, 0x6c6563))
		z := make([]float64, l.Rounds)
		for i := range z {
			z[i] = float64(2*rng.IntN(2) - 1)
		}
		return z
	}
	z := make([]float64, l.Rounds)
	for i := range z {
		switch t := i + 1; {
		case t == 1:
			z[i] = -0.5
		case t%2 == 0:
			z[i] = 1
		default:
			z[i] = -1
		}
	}
	return z
}

// LecturePlayer is one learner's record of the game.
type LecturePlayer struct {
	ID      string
	Name    string
	Plays   []float64 // x_t
	CumLoss []float64 // sum_{s<=t} z_s x_s
	Regret  []float64 // CumLoss minus the best fixed point's loss
	Bound   []float64 // the regret bound the note proves for this player (nil for FTL)
}

// LectureGame is the whole game played out.
type LectureGame struct {
	Z       []float64
	Best    []float64 // the best fixed point's cumulative loss, min_{|u|<=1} u sum z = -|sum z|
	Players []LecturePlayer
}

// Play plays the sequence against the three learners: FTL over [-1, 1],
// OGD with the constant step eta and OGD with eta_t = D/(L sqrt t), D = 2,
// L = 1, both projected onto [-1, 1] and starting at x_1 = 0.
func (l *Lecture) Play() (*LectureGame, error) {
	z := l.Zs()
	params := map[string]map[string]float64{
		"ftl":      {"radius": 1},
		"ogd":      {"eta": l.Eta, "radius": 1},
		"ogd-sqrt": {"eta": 2, "radius": 1},
	}
	g := &LectureGame{Z: z, Best: make([]float64, len(z))}
	sum, sumSq := 0.0, 0.0
	for t, zt := range z {
		sum += zt
		g.Best[t] = -math.Abs(sum)
	}
	for _, id := range LectureLearners {
		learner, err := catalog.NewLinear(id, 1, loss.Linear{}, params[id])
		if err != nil {
			return nil, err
		}
		e, _ := catalog.Lookup(id)
		p := LecturePlayer{ID: id, Name: e.Name, Plays: make([]float64, len(z)), CumLoss: make([]float64, len(z)),
			Regret: make([]float64, len(z))}
		cum := 0.0
		sumSq = 0
		for t, zt := range z {
			x := learner.Learn([]float64{1}, zt) // plays x_t, then sees z_t
			p.Plays[t] = x
			cum += zt * x
			p.CumLoss[t] = cum
			p.Regret[t] = cum - g.Best[t]
			sumSq += zt * zt
			switch id {
			case "ogd":
				// Constant step: R_T(u) <= ||u - x_1||^2/(2 eta) + (eta/2) sum ||g_t||^2,
				// with ||u - x_1|| <= 1 on [-1, 1] from x_1 = 0.
				p.Bound = append(p.Bound, 1/(2*l.Eta)+l.Eta/2*sumSq)
			case "ogd-sqrt":
				// eta_t = D/(L sqrt t): R_T <= (3/2) D L sqrt(T) - D L/2 = 3 sqrt(T) - 1.
				p.Bound = append(p.Bound, 3*math.Sqrt(float64(t+1))-1)
			}
		}
		g.Players = append(g.Players, p)
	}
	return g, nil
}

// LectureRun shows a played-out game round by round: the game costs
// microseconds per round, so it is played whole and revealed.
type LectureRun struct {
	Game  *LectureGame
	shown int
}

// Advance shows up to n more rounds.
func (r *LectureRun) Advance(n int) { r.shown = min(len(r.Game.Z), r.shown+n) }

// Played returns the rounds shown.
func (r *LectureRun) Played() int { return r.shown }

// Done reports whether every round is shown.
func (r *LectureRun) Done() bool { return r.shown >= len(r.Game.Z) }

// NewLectureRun plays the game and shows none of it yet, except the
// visitor's own game as the adversary, which is shown whole: every round of
// it is a move they made.
func NewLectureRun(l *Lecture) (*LectureRun, error) {
	g, err := l.Play()
	if err != nil {
		return nil, err
	}
	r := &LectureRun{Game: g}
	if l.Sequence == SequenceAdversary {
		r.shown = len(g.Z)
	}
	return r, nil
}
