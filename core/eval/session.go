package eval

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/linear"
)

// Session is a run in progress: the mapped stream, its order, and one
// player per learner. Step advances it; Result summarises it at any time.
type Session struct {
	cfg     *resolved
	rounds  *data.Rounds // labels and names (its raw features are not kept)
	mapped  [][]float64  // feature-mapped x of each data row
	order   []int        // data row of each round, all passes
	players []*player
	t       int       // rounds played
	scratch []float64 // the mapped x of Predict
	lim     Limits    // the comparator's search gets MaxWork too
}

// player is one learner and what is recorded about it.
type player struct {
	id          string
	params      map[string]float64
	learner     *linear.Guard
	loss        float64
	mistakes    int
	predictions []float64
	losses      []float64
}

// New checks the configuration against the data and the limits and returns
// a session at round 0.
func New(r *data.Rounds, cfg Config, lim Limits) (*Session, error) {
	if len(r.X) == 0 {
		return nil, errNoRounds
	}
	res, err := resolve(cfg, len(r.X[0]), len(r.X), lim)
	if err != nil {
		return nil, err
	}
	for i, x := range r.X {
		if err := linear.CheckInput(x, r.Y[i]); err != nil {
			return nil, &RowError{Row: r.Rows[i], Err: err}
		}
	}
	dim := res.fmap.Dim()
	mapped, flat := make([][]float64, len(r.X)), make([]float64, len(r.X)*dim) // one block: fewer objects for the collector
	for i, x := range r.X {
		mapped[i] = res.fmap.Apply(flat[i*dim:(i+1)*dim:(i+1)*dim], x)
		if err := linear.CheckInput(mapped[i], r.Y[i]); err != nil {
			return nil, &RowError{Row: r.Rows[i], Err: err, Mapped: true}
		}
	}
	return start(r, mapped, res, lim)
}

// Again returns a new session at round 0 on the same rounds, with the
// learners, order and records of cfg, sharing s's mapped rows (read only):
// a board plays the same rows many times, and mapping them is the larger
// part of starting a session. cfg must map the features as s does (the
// same Bias and Degree).
func (s *Session) Again(cfg Config) (*Session, error) {
	res, err := resolve(cfg, s.cfg.fmap.RawDim(), len(s.mapped), s.lim)
	if err != nil {
		return nil, err
	}
	if res.Degree != s.cfg.Degree || res.Bias != s.cfg.Bias {
		return nil, fmt.Errorf("a session again on the same rows must map them as it did (degree %d, bias %v)", s.cfg.Degree, s.cfg.Bias)
	}
	return start(s.rounds, s.mapped, res, s.lim)
}

// start returns a session at round 0 on checked, mapped rows. It keeps
// the rounds' labels and names, not their raw features: it needs only the
// mapped ones, and the caller may let the raw ones go.
func start(r *data.Rounds, mapped [][]float64, res *resolved, lim Limits) (*Session, error) {
	if r.X != nil {
		kept := *r
		kept.X = nil
		r = &kept
	}
	s := &Session{cfg: res, rounds: r, mapped: mapped, lim: lim}
	s.order = playOrder(len(mapped), res.Passes, res.Shuffle, res.Seed)
	for i, e := range res.entries {
		l, err := catalog.NewLinear(e.ID, res.fmap.Dim(), res.loss, res.params[i])
		if err != nil {
			return nil, err
		}
		p := &player{id: e.ID, params: res.params[i], learner: linear.NewGuard(l)}
		if res.Keep.Predictions {
			p.predictions = make([]float64, 0, len(s.order))
		}
		if res.Keep.Losses {
			p.losses = make([]float64, 0, len(s.order))
		}
		s.players = append(s.players, p)
	}
	return s, nil
}

// playOrder returns the data row of every round: the rows in data order, or
// shuffled afresh each pass by a PCG seeded with seed.
func playOrder(n, passes int, shuffle bool, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x756e6974667265)) // "unitfre"
	order := make([]int, 0, n*passes)
	for range passes {
		pass := make([]int, n)
		for i := range pass {
			pass[i] = i
		}
		if shuffle {
			rng.Shuffle(n, func(i, j int) { pass[i], pass[j] = pass[j], pass[i] })
		}
		order = append(order, pass...)
	}
	return order
}

// Step plays up to k rounds for every learner and returns how many it played.
func (s *Session) Step(k int) int {
	played := 0
	for ; played < k && s.t < len(s.order); played++ {
		row := s.order[s.t]
		x, y := s.mapped[row], s.rounds.Y[row]
		for _, p := range s.players {
			yhat := p.learner.Learn(x, y)
			l := s.cfg.loss.Value(y, yhat)
			if math.IsInf(l, 0) || math.IsNaN(l) {
				// A finite prediction with an infinite loss: the learner
				// has diverged; from now on it predicts 0.
				p.learner.Diverge()
				yhat, l = 0, s.cfg.loss.Value(y, 0)
			}
			p.loss += l
			if s.cfg.Task == data.Classify && y*yhat <= 0 {
				p.mistakes++
			}
			if s.cfg.Keep.Predictions {
				p.predictions = append(p.predictions, yhat)
			}
			if s.cfg.Keep.Losses {
				p.losses = append(p.losses, l)
			}
		}
		s.t++
	}
	return played
}

// Run plays the session to its end.
func (s *Session) Run() { s.Step(len(s.order)) }

// RunContext plays the session to its end, or until ctx is done (a client
// that went away), which it returns.
func (s *Session) RunContext(ctx context.Context) error {
	return runInChunks(ctx, s.Step, s.Done)
}

// checkEvery is how many rounds a run plays between looks at its context.
const checkEvery = 256

// runInChunks calls step(checkEvery) until done, returning early with the
// context's error when it ends.
func runInChunks(ctx context.Context, step func(int) int, done func() bool) error {
	for !done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		step(checkEvery)
	}
	return nil
}

// Played returns the number of rounds played so far.
func (s *Session) Played() int { return s.t }

// Total returns the number of rounds of the whole run.
func (s *Session) Total() int { return len(s.order) }

// Done reports whether every round has been played.
func (s *Session) Done() bool { return s.t == len(s.order) }

// Order returns the 1-based source row of each round played so far.
func (s *Session) Order() []int {
	out := make([]int, s.t)
	for i, row := range s.order[:s.t] {
		out[i] = s.rounds.Rows[row]
	}
	return out
}

// FeatureNames returns the names of the mapped features.
func (s *Session) FeatureNames() []string { return s.cfg.fmap.Names(s.rounds.Features) }

// LossName returns the name of the loss the session measures.
func (s *Session) LossName() string { return s.cfg.lossNm }

// Predict returns learner i's prediction for the raw (unmapped) features x.
// It reuses a buffer of the session: like every method of a session it is
// not safe for concurrent use.
func (s *Session) Predict(i int, x []float64) float64 {
	s.scratch = s.cfg.fmap.Apply(s.scratch, x)
	return s.players[i].learner.Predict(s.scratch)
}

// Learners returns the number of learners.
func (s *Session) Learners() int { return len(s.players) }

// Progress returns learner i's record so far, without the comparator (its
// Regret is 0; Result computes it): cheap enough to call every frame. The
// slices are the session's own and must not be modified.
func (s *Session) Progress(i int) LearnerResult {
	p := s.players[i]
	lr := LearnerResult{ID: p.id, Params: p.params, Loss: p.loss, DivergedAt: p.learner.DivergedAt(),
		Predictions: p.predictions, Losses: p.losses}
	if s.cfg.Task == "classify" {
		m := p.mistakes
		lr.Mistakes = &m
	}
	return lr
}

// RoundRow returns the data row (an index into the rounds given to New) of
// round t (0-based).
func (s *Session) RoundRow(t int) int { return s.order[t] }
