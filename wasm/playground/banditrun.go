package playground

import (
	"errors"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"unitfree/core/catalog"
	"unitfree/core/eval"
)

// BanditRun is the bandit room's stream in progress.
type BanditRun struct {
	Session  *eval.BanditSession
	X        [][]float64 // the rows
	Labels   []int
	K        int
	Names    []string
	Screen   [][2]float64 // each row's position on the plot: the points, or a 2-D projection of SynSep
	Mistakes [][]float64  // cumulative mistakes of each learner after each round
	Explored [][]float64  // cumulative explorations of each learner after each round

	guesses []guessCache // each learner's greedy class at each row (banditguesses.go)

	center, scale [2]float64 // the standardization of the points
	at            [2]float64 // PredictAt's point, kept (no allocation per point of a region map)
}

// PredictAt returns learner i's greedy class at the plot's point (x, y).
func (r *BanditRun) PredictAt(i int, x, y float64) int {
	r.at = [2]float64{(x - r.center[0]) / r.scale[0], (y - r.center[1]) / r.scale[1]}
	return r.Session.Predict(i, r.at[:])
}

// bandit limits of the page: the room's own bounds are checked by
// Validate; the engine's work limit is generous (the page shows progress).
var banditLimits = eval.Limits{MaxLearners: MaxLearners, MaxPasses: MaxPasses, MaxDim: 500, MaxWork: 1e13, MaxClasses: eval.DefaultLimits.MaxClasses,
	MaxKept: math.Inf(1)}

// NewBanditRun builds the room's run at round 0 (an empty room gives an
// error that says so).
func NewBanditRun(b *BanditRoom) (*BanditRun, error) {
	x, labels, k := b.Stream()
	if len(x) == 0 {
		return nil, errors.New("no points: draw some, or pick a dataset")
	}
	s, err := eval.NewBandit(x, labels, k, b.Config(), banditLimits)
	if err != nil {
		return nil, err
	}
	r := &BanditRun{Session: s, X: x, Labels: labels, K: k,
		Mistakes: make([][]float64, len(b.Learners)), Explored: make([][]float64, len(b.Learners))}
	for _, id := range b.Learners {
		e, _ := catalog.LookupBandit(id)
		r.Names = append(r.Names, e.Name)
	}
	if b.Data == BanditPoints {
		r.center, r.scale = b.standardization()
		for _, p := range b.Points {
			r.Screen = append(r.Screen, [2]float64{p.X, p.Y})
		}
	} else {
		rows, _ := synthetic(b.Data, b.Seed, b.Rounds) // the rows Stream returned
		r.Screen = rows.screen
	}
	return r, nil
}

// DeferUpdates leaves full SOBA's O((kd)^2) update work to Advance, a
// slice per call (eval.BanditSession.DeferUpdates): the page's frames then
// never wait for a whole update of a 3600 x 3600 factor (30 to 70 ms); the
// room waits for it, a few frames, with every learner on the same round.
func (r *BanditRun) DeferUpdates() { r.Session.DeferUpdates() }

// workRows is the update work one Advance call does when an update is
// pending: 128 rows of a factor, about 0.3 ms of 3600-row SOBA in WASM.
const workRows = 32

// Advance plays up to n rounds and extends the series. With an update's
// work pending it does a slice of that work instead and returns: its
// caller looks at the clock between calls.
func (r *BanditRun) Advance(n int) {
	for range n {
		if r.Session.Pending() {
			r.Session.Work(workRows)
			return
		}
		if r.Session.Step(1) == 0 {
			return
		}
		for i := range r.Mistakes {
			round, _ := r.Session.LastRound(i)
			m, e := 0.0, 0.0
			if t := len(r.Mistakes[i]); t > 0 {
				m, e = r.Mistakes[i][t-1], r.Explored[i][t-1]
			}
			if !round.Correct {
				m++
			}
			if round.Explored {
				e++
			}

			r.Mistakes[i] = append(r.Mistakes[i], m)
			r.Explored[i] = append(r.Explored[i], e)
		}
	}
}

// Settle finishes the work of a deferred update at once (a manual step).
func (r *BanditRun) Settle() {
	for r.Session.Pending() {
		r.Session.Work(math.MaxInt)
	}
}

// Played returns the rounds played.
func (r *BanditRun) Played() int { return r.Session.Played() }

// Done reports whether every round was played and its updates' work done.
func (r *BanditRun) Done() bool {
	return r.Session.Played() >= r.Session.Total() && !r.Session.Pending()
}

// Current returns the row of the last round played, or -1 before the first.
func (r *BanditRun) Current() int {
	if t := r.Session.Played(); t > 0 {
		return r.Session.Row(t - 1)
	}
	return -1
}

// project2 returns the rows' coordinates on their first two principal
// components, the view of high-dimensional data. The components come from
// power iteration on the covariance (gonum's BLAS-backed products): an SVD
// would add gonum's LAPACK, 400 KB, to the page's download. The covariance
// is summed over each row's non-zero entries, Σ x xᵀ − n μ μᵀ: SynSep's rows
// have about 45 of 400, which makes it 80 times cheaper than the product of
// the centred matrix with itself.
func project2(x [][]float64) [][2]float64 {
	n, d := len(x), len(x[0])
	mean := make([]float64, d)
	for _, row := range x {
		floats.Add(mean, row)
	}
	floats.Scale(1/float64(n), mean)
	sums := make([]float64, d*d)
	nonzero := make([]int, 0, d)
	for _, row := range x {
		nonzero = nonzero[:0]
		for j, v := range row {
			if v != 0 {
				nonzero = append(nonzero, j)
			}
		}
		for _, a := range nonzero {
			xa, line := row[a], sums[a*d:(a+1)*d]
			for _, b := range nonzero {
				line[b] += xa * row[b]
			}
		}
	}
	for a := range d {
		floats.AddScaled(sums[a*d:(a+1)*d], -float64(n)*mean[a], mean)
	}
	cov := mat.NewDense(d, d, sums)
	rng := rand.New(rand.NewPCG(1, 2))
	var comps [2]*mat.VecDense
	for c := range comps {
		v := mat.NewVecDense(d, nil)
		for j := range d {
			v.SetVec(j, rng.NormFloat64())
		}
		last := mat.NewVecDense(d, nil)
		for range 200 {
			for _, prev := range comps[:c] { // deflate: stay orthogonal to the first component
				v.AddScaledVec(v, -mat.Dot(v, prev), prev)
			}
			last.CopyVec(v)
			v.MulVec(cov, v)
			norm := v.Norm(2)
			if !(norm > 0) {
				break
			}
			v.ScaleVec(1/norm, v)
			if last.SubVec(last, v); last.Norm(2) < 1e-12 { // converged
				break
			}
		}
		for _, prev := range comps[:c] { // the last product may lean towards the first component
			v.AddScaledVec(v, -mat.Dot(v, prev), prev)
		}
		if norm := v.Norm(2); norm > 0 {
			v.ScaleVec(1/norm, v)
		}
		comps[c] = v
	}
	out := make([][2]float64, n)
	for i, row := range x {
		for j, v := range row {
			if v -= mean[j]; v != 0 {
				out[i][0] += v * comps[0].AtVec(j)
				out[i][1] += v * comps[1].AtVec(j)
			}
		}
	}
	return out
}
