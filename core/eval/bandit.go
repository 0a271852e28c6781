package eval

import (
	"context"
	"errors"
	"fmt"

	"unitfree/core/bandit"
	"unitfree/core/catalog"
	"unitfree/core/features"
	"unitfree/core/linear"
)

// BanditConfig defines a run of bandit multiclass learners.
type BanditConfig struct {
	Learners   []LearnerSpec
	Bias       bool
	Degree     int
	Shuffle    bool
	Seed       uint64    // seed of the order
	Passes     int       // 0 means 1
	DrawSeed   uint64    // seed of the exploration draws, shared by all learners
	Draws      []float64 // or the draws themselves, two per round (then DrawSeed is unused)
	KeepRounds bool      // keep every learner's rounds
}

// BanditSession is a bandit run in progress: every learner sees the same
// rounds and the same two uniform draws per round, so that their plays can
// be compared round by round.
type BanditSession struct {
	k       int
	mapped  [][]float64        // the rows through the feature map (nil when given sparse)
	sparse  []bandit.SparseRow // the mapped rows' non-zero entries, when given so or at most half are non-zero
	dense   []float64          // a sparse row made dense, for a learner without PlaySparse (NewBanditSparse)
	labels  []int
	order   []int
	draws   bandit.Draws
	players []*banditPlayer
	t       int
	keep    bool
	fm      *features.Map
	at      []float64 // Predict's mapped point, kept: a picture's region maps predict at thousands of points
}

type banditPlayer struct {
	id       string
	params   map[string]float64
	learner  bandit.Learner
	mistakes int
	updates  int
	explored int
	rounds   []bandit.Round
}

// BanditResult is one bandit learner's record.
type BanditResult struct {
	ID        string             `json:"id"`               // the learner's id
	Params    map[string]float64 `json:"params"`           // every parameter, defaults filled in
	Mistakes  int                `json:"mistakes"`         // rounds whose played label was wrong
	ErrorRate float64            `json:"errorRate"`        // mistakes / rounds
	Updates   int                `json:"updates"`          // rounds where the model changed
	Explored  int                `json:"explored"`         // rounds that played a random label
	Rounds    []bandit.Round     `json:"rounds,omitempty"` // with keep: rounds, every round
}

// CheckBandit checks a bandit run of rows rows of d raw features and k
// classes against the configuration's rules and the limits, without the
// data: a caller that generates its data calls it first.
func CheckBandit(rows, k, d int, cfg BanditConfig, lim Limits) error {
	_, _, err := checkBandit(rows, k, d, cfg, lim)
	return err
}

// checkBandit validates a run's shape and returns its feature map and
// players (learners not yet built).
func checkBandit(rows, k, d int, cfg BanditConfig, lim Limits) (*features.Map, []*banditPlayer, error) {
	if rows == 0 {
		return nil, nil, errNoRounds
	}
	if k < 2 {
		return nil, nil, fmt.Errorf("%d classes; at least 2 are needed", k)
	}
	if k > lim.MaxClasses {
		return nil, nil, fmt.Errorf("%d classes, more than the limit of %d", k, lim.MaxClasses)
	}
	fm, err := featureMap(d, max(cfg.Degree, 1), cfg.Bias, lim)
	if err != nil {
		return nil, nil, err
	}
	passes := max(cfg.Passes, 1)
	if passes > lim.MaxPasses {
		return nil, nil, fmt.Errorf("passes = %d: 1 to %d are accepted", cfg.Passes, lim.MaxPasses)
	}
	if len(cfg.Learners) == 0 {
		return nil, nil, errors.New("no learners: name at least one")
	}
	if len(cfg.Learners) > lim.MaxLearners {
		return nil, nil, fmt.Errorf("%d learners, more than the limit of %d", len(cfg.Learners), lim.MaxLearners)
	}
	var players []*banditPlayer
	work := 0.0
	n := k * fm.Dim()
	for i, spec := range cfg.Learners {
		e, ok := catalog.LookupBandit(spec.ID)
		if !ok {
			_, err := catalog.NewBandit(spec.ID, k, 1, nil)
			return nil, nil, fmt.Errorf("learners[%d]: %w", i, err)
		}
		p, err := e.Resolve(spec.Params)
		if err != nil {
			return nil, nil, fmt.Errorf("learners[%d]: %w", i, err)
		}
		work += e.Cost.Work(n)
		players = append(players, &banditPlayer{id: e.ID, params: p})
	}
	if total := work * float64(rows) * float64(passes); total > lim.MaxWork {
		return nil, nil, fmt.Errorf("the run needs about %.3g coordinate updates, more than the limit of %.3g", total, lim.MaxWork)
	}
	if cfg.KeepRounds { // a round is seven numbers
		if err := checkKept(7*float64(rows*passes*len(players)), lim); err != nil {
			return nil, nil, err
		}
	}
	return fm, players, nil
}

// NewBandit checks the configuration and returns a session at round 0 for
// the rows x with labels in 0..k-1.
func NewBandit(x [][]float64, labels []int, k int, cfg BanditConfig, lim Limits) (*BanditSession, error) {
	if len(x) == 0 {
		return nil, errNoRounds
	}
	s, err := newBandit(len(x), len(x[0]), labels, k, cfg, lim)
	if err != nil {
		return nil, err
	}
	for i, row := range x {
		if err := linear.CheckInput(row, 0); err != nil {
			return nil, &RowError{Row: i + 1, Err: err}
		}
		s.mapped = append(s.mapped, s.fm.Apply(nil, row))
	}
	s.sparse = sparseRows(s.mapped)
	return s, nil
}

// NewBanditSparse is NewBandit for rows of d features given by their
// non-zero entries. The session keeps the mapped rows' non-zero entries
// only: the learners that can play them (bandit.SparseLearner) do, and the
// others get each round's row made dense in one buffer.
func NewBanditSparse(rows []bandit.SparseRow, d int, labels []int, k int, cfg BanditConfig, lim Limits) (*BanditSession, error) {
	if len(rows) == 0 {
		return nil, errNoRounds
	}
	s, err := newBandit(len(rows), d, labels, k, cfg, lim)
	if err != nil {
		return nil, err
	}
	raw, mapped := make([]float64, d), make([]float64, s.fm.Dim())
	s.sparse = make([]bandit.SparseRow, len(rows))
	for i, row := range rows {
		if err := row.Check(d); err != nil {
			return nil, &RowError{Row: i + 1, Err: err}
		}
		for n, j := range row.Index { // the magnitudes dense rows are held to
			if err := linear.CheckFeature(j, row.Value[n]); err != nil {
				return nil, &RowError{Row: i + 1, Err: err}
			}
		}
		for n, j := range row.Index {
			raw[j] = row.Value[n]
		}
		s.sparse[i] = bandit.Sparsify(s.fm.Apply(mapped, raw)) // the map of a bias or products, as on dense rows
		for _, j := range row.Index {
			raw[j] = 0
		}
	}
	s.dense = make([]float64, s.fm.Dim())
	return s, nil
}

// newBandit checks a run of rows rows of d raw features and returns its
// session with the learners built, the order and the draws, but no rows.
func newBandit(rows, d int, labels []int, k int, cfg BanditConfig, lim Limits) (*BanditSession, error) {
	if len(labels) != rows {
		return nil, fmt.Errorf("%d labels for %d rows", len(labels), rows)
	}
	fm, players, err := checkBandit(rows, k, d, cfg, lim)
	if err != nil {
		return nil, err
	}
	for i, y := range labels {
		if y < 0 || y >= k {
			return nil, fmt.Errorf("row %d: label %d is outside 0..%d", i+1, y, k-1)
		}
	}
	s := &BanditSession{k: k, labels: labels, keep: cfg.KeepRounds, fm: fm, players: players}
	s.order = playOrder(rows, max(cfg.Passes, 1), cfg.Shuffle, cfg.Seed)
	if cfg.Draws != nil {
		d, err := bandit.NewReplayDraws(cfg.Draws, len(s.order))
		if err != nil {
			return nil, err
		}
		s.draws = d
	} else {
		s.draws = bandit.NewSeededDraws(cfg.DrawSeed)
	}
	for _, pl := range s.players {
		l, err := catalog.NewBandit(pl.id, k, fm.Dim(), pl.params)
		if err != nil {
			return nil, err
		}
		pl.learner = l
	}
	return s, nil
}

// DeferUpdates makes the learners that can (bandit.Deferring) leave their
// updates' work to Work: Step then stops at a round after which one has
// work pending, and Work does it a slice at a time. The rounds are the
// same; the page uses it to keep its frames short.
func (s *BanditSession) DeferUpdates() {
	for _, p := range s.players {
		if d, ok := p.learner.(bandit.Deferring); ok {
			d.Defer()
		}
	}
}

// Pending reports whether a learner has update work left (DeferUpdates).
func (s *BanditSession) Pending() bool {
	for _, p := range s.players {
		if pending(p.learner) {
			return true
		}
	}
	return false
}

// pending reports whether l has deferred update work left.
func pending(l bandit.Learner) bool {
	d, ok := l.(bandit.Deferring)
	return ok && d.Pending()
}

// Work does about rows rows of the pending update work of each learner
// that has some, and reports whether none is left.
func (s *BanditSession) Work(rows int) bool {
	done := true
	for _, p := range s.players {
		if d, ok := p.learner.(bandit.Deferring); ok && d.Pending() {
			done = d.Work(rows) && done
		}
	}
	return done
}

// Step plays up to k rounds and returns how many it played; it stops early
// at update work left pending (DeferUpdates).
func (s *BanditSession) Step(k int) int {
	played := 0
	for ; played < k && s.t < len(s.order) && !s.Pending(); played++ {
		row := s.order[s.t]
		u1, u2 := s.draws.Next()
		for _, p := range s.players {
			var r bandit.Round
			if sl, ok := p.learner.(bandit.SparseLearner); ok && s.sparse != nil {
				r = sl.PlaySparse(s.sparse[row], s.labels[row], u1, u2)
			} else {
				r = p.learner.Play(s.mappedRow(row), s.labels[row], u1, u2)
			}
			if !r.Correct {
				p.mistakes++
			}
			if r.Updated {
				p.updates++
			}
			if r.Explored {
				p.explored++
			}
			if s.keep {
				p.rounds = append(p.rounds, r)
			}
		}
		s.t++
	}
	return played
}

// Run plays to the end.
func (s *BanditSession) Run() { s.Step(len(s.order)) }

// RunContext plays the run to its end, or until ctx is done, which it
// returns.
func (s *BanditSession) RunContext(ctx context.Context) error {
	return runInChunks(ctx, s.Step, func() bool { return s.t == len(s.order) })
}

// Played returns the rounds played.
func (s *BanditSession) Played() int { return s.t }

// Results returns every learner's record so far.
func (s *BanditSession) Results() []BanditResult {
	out := make([]BanditResult, len(s.players))
	for i, p := range s.players {
		out[i] = BanditResult{ID: p.id, Params: p.params, Mistakes: p.mistakes, Updates: p.updates,
			Explored: p.explored, Rounds: p.rounds}
		if s.t > 0 {
			out[i].ErrorRate = float64(p.mistakes) / float64(s.t)
		}
	}
	return out
}

// Row returns the data row of round t (0-based) of the play order.
func (s *BanditSession) Row(t int) int { return s.order[t] }

// Total returns the rounds of the whole run.
func (s *BanditSession) Total() int { return len(s.order) }

// Predict returns learner i's greedy label for the raw row x (mapped to
// features as the rounds are).
func (s *BanditSession) Predict(i int, x []float64) int {
	s.at = s.fm.Apply(s.at, x)
	return s.players[i].learner.Predict(s.at)
}

// PredictRow returns learner i's greedy label on row of the stream, whose
// features the session has already mapped.
func (s *BanditSession) PredictRow(i, row int) int {
	return s.players[i].learner.Predict(s.mappedRow(row))
}

// mappedRow returns the mapped features of a row of the stream: the
// session's copy, or a sparse row made dense in the session's buffer
// (valid until the next call).
func (s *BanditSession) mappedRow(row int) []float64 {
	if s.mapped != nil {
		return s.mapped[row]
	}
	s.sparse[row].DenseInto(s.dense)
	return s.dense
}

// Updates returns how many updates of learner i have reached its model:
// the rounds it updated on, less one whose work is still pending.
func (s *BanditSession) Updates(i int) int {
	p := s.players[i]
	if pending(p.learner) {
		return p.updates - 1
	}
	return p.updates
}

// LastRound returns learner i's last round (with KeepRounds), and false
// before the first.
func (s *BanditSession) LastRound(i int) (bandit.Round, bool) {
	r := s.players[i].rounds
	if len(r) == 0 {
		return bandit.Round{}, false
	}
	return r[len(r)-1], true
}

// sparseRows returns the rows' non-zero entries when at most half of all
// entries are non-zero (SynSep: about 45 of 400), so that the learners that
// can play them in O(k nnz) and the copy takes no more memory than the
// rows; otherwise nil.
func sparseRows(rows [][]float64) []bandit.SparseRow {
	nonZero, all := 0, 0
	for _, x := range rows {
		all += len(x)
		for _, v := range x {
			if v != 0 {
				nonZero++
			}
		}
	}
	if 2*nonZero > all {
		return nil
	}
	out := make([]bandit.SparseRow, len(rows))
	for i, x := range rows {
		out[i] = bandit.Sparsify(x)
	}
	return out
}
