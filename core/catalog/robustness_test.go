package catalog

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"unitfree/core/linear"
	"unitfree/core/loss"
)

// hostileStream decodes fuzz bytes into a stream of d-dimensional rounds
// with magnitudes from 1e-12 to 1e12, exact zeros, sign flips and repeated
// points.
func hostileStream(data []byte, d, T int) ([][]float64, []float64) {
	seed := uint64(len(data))
	if len(data) >= 8 {
		seed = binary.LittleEndian.Uint64(data)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(d)))
	xs := make([][]float64, T)
	ys := make([]float64, T)
	for t := range T {
		x := make([]float64, d)
		mode := rng.IntN(10)
		for i := range x {
			b := byte(rng.IntN(256))
			if len(data) > 0 {
				b ^= data[(t*d+i)%len(data)]
			}
			switch {
			case mode == 0 && t > 0: // repeat a point
				copy(x, xs[rng.IntN(t)])
			case b%7 == 0:
				x[i] = 0
			default:
				x[i] = math.Pow(10, -12+24*float64(b)/255)
				if b%2 == 1 {
					x[i] = -x[i]
				}
			}
		}
		xs[t], ys[t] = x, float64(2*rng.IntN(2)-1)
	}
	return xs, ys
}

// checkFinite runs every linear learner over the stream: raw with the
// Lipschitz losses (nothing may diverge), guarded with the squared loss.
func checkFinite(t *testing.T, xs [][]float64, ys []float64) {
	d := len(xs[0])
	for _, e := range Linear() {
		for _, name := range []string{"logistic", "hinge", "absolute", "squared"} {
			l, _ := loss.ByName(name)
			if e.BoundedLoss && math.IsInf(l.Lipschitz(), 1) {
				continue // the documented refusal of a coin bettor
			}
			raw, err := NewLinear(e.ID, d, l, nil)
			if err != nil {
				t.Fatal(err)
			}
			var learner linear.Learner = raw
			if name == "squared" {
				learner = linear.NewGuard(raw)
			}
			for i, x := range xs {
				if err := linear.CheckInput(x, ys[i]); err != nil {
					t.Fatalf("the generator made bad input: %v", err)
				}
				p := learner.Predict(x)
				yhat := learner.Learn(x, ys[i])
				if math.IsNaN(yhat) || math.IsInf(yhat, 0) || math.IsNaN(p) || math.IsInf(p, 0) {
					t.Fatalf("%s with %s loss, round %d, x = %v: predicted %v / %v", e.ID, name, i+1, x, p, yhat)
				}
			}
		}
	}
}

// FuzzLearnersStayFinite: no NaN or Inf leaves any learner on hostile
// streams (magnitudes 1e-12..1e12, zeros, repeats).
func FuzzLearnersStayFinite(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte("units do not matter here, magnitudes do"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := 1 + len(data)%5
		xs, ys := hostileStream(data, d, 300)
		checkFinite(t, xs, ys)
	})
}

// TestMillionRounds runs every learner for a million rounds of a hostile
// stream in 3 dimensions and checks that every prediction is finite.
func TestMillionRounds(t *testing.T) {
	const T = 1_000_000
	if runtime.GOOS == "js" {
		t.Log("under WASM the million-round run is replaced by 100,000 rounds (Node runs it ~10x slower)")
	}
	n := T
	if runtime.GOOS == "js" {
		n = T / 10
	}
	xs, ys := hostileStream([]byte("a million rounds"), 3, 1000)
	for _, e := range Linear() {
		for _, name := range []string{"logistic", "hinge"} {
			l, _ := loss.ByName(name)
			learner, _ := NewLinear(e.ID, 3, l, nil)
			for i := range n {
				k := i % len(xs)
				yhat := learner.Learn(xs[k], ys[k])
				if math.IsNaN(yhat) || math.IsInf(yhat, 0) {
					t.Fatalf("%s (%s) round %d: %v", e.ID, name, i+1, yhat)
				}
			}
		}
	}
}

// TestBadInputIsAnError checks that NaN, infinities and magnitudes out of the
// supported range are errors a caller sees before a learner does.
func TestBadInputIsAnError(t *testing.T) {
	for _, x := range [][]float64{{math.NaN(), 1}, {1, math.Inf(-1)}, {1e101, 0}, {0, -1e-101}} {
		if err := linear.CheckInput(x, 1); err == nil {
			t.Errorf("CheckInput(%v) accepted it", x)
		}
	}
	if err := linear.CheckInput([]float64{1, 2}, math.NaN()); err == nil {
		t.Error("a NaN label was accepted")
	}
	for _, x := range [][]float64{{0, 0}, {1e-12, -1e12}, {1e-100, 1e100}} {
		if err := linear.CheckInput(x, -1); err != nil {
			t.Errorf("CheckInput(%v) = %v", x, err)
		}
	}
}

// TestGuardStopsDivergence checks that a diverging learner (OGD with a huge
// step on the squared loss) is caught: the round is reported, and nothing
// non-finite comes out afterwards.
func TestGuardStopsDivergence(t *testing.T) {
	g := linear.NewGuard(linear.NewOGD(2, loss.Squared{}, 1e3, 0))
	x := []float64{1e6, -3e5}
	for range 200 {
		if yhat := g.Learn(x, 1); math.IsNaN(yhat) || math.IsInf(yhat, 0) {
			t.Fatalf("guard let %v through", yhat)
		}
	}
	if g.DivergedAt() == 0 {
		t.Fatal("divergence was not detected")
	}
	if p := g.Predict(x); p != 0 {
		t.Fatalf("a diverged learner predicts %v, want 0", p)
	}
}

// TestCatalogueValidation checks ids, parameter names and ranges.
func TestCatalogueValidation(t *testing.T) {
	if _, err := NewLinear("sgd-magic", 2, loss.Logistic{}, nil); err == nil {
		t.Error("an unknown id was accepted")
	}
	bad := []map[string]float64{{"alpha": 1.125}, {"alpha": math.NaN()}, {"beta": 1}, {"alpha": 1e9}}
	for _, p := range bad {
		if _, err := NewLinear("scinol-diag", 2, loss.Logistic{}, p); err == nil {
			t.Errorf("params %v accepted", p)
		}
	}
	if _, err := NewLinear("scinol-diag", 2, loss.Logistic{}, map[string]float64{"alpha": 1.2}); err != nil {
		t.Error(err)
	}
	seen := map[string]bool{}
	for _, e := range slices.Concat(Linear(), Bandit(), Samplers(), Optimizers()) {
		if seen[e.ID] {
			t.Errorf("duplicate id %q", e.ID)
		}
		seen[e.ID] = true
		if e.Name == "" || len(e.Paper.Authors) == 0 || e.Paper.Title == "" || e.Paper.Venue == "" || e.Algorithm == "" || e.Summary == "" || e.Loss == "" {
			t.Errorf("%s: incomplete entry %+v", e.ID, e)
		}
		for _, p := range e.Params {
			if err := p.Check(p.Default); err != nil {
				t.Errorf("%s: default out of range: %v", e.ID, err)
			}
		}
	}
	for _, id := range []string{"ogd", "ogd-sqrt", "ftl", "adagrad", "scinol-diag", "scinol-full", "omd-si-pnorm",
		"omd-si-diag", "vaw", "sop", "arow", "pa1", "perceptron", "scinol1", "scinol2", "nag"} {
		if !seen[id] {
			t.Errorf("the catalogue lacks %q", id)
		}
	}
}
