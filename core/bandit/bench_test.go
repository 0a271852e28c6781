package bandit

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/rankone"
)

// BenchmarkPlay measures one round of soba against banditron (and the
// others) at k = 10, d = 64 (random data) and k = 9, d = 400 (SynNonSep),
// gamma = 0.05, after a warm-up of 2000 rounds.
func BenchmarkPlay(b *testing.B) {
	type setting struct {
		name string
		k, d int
		xs   [][]float64
		ys   []int
	}
	xs, ys := smallStream(1, 4000, 10, 64)
	syn, noisy, _ := SynNonSep(1, 4000)
	for _, s := range []setting{{"k=10,d=64", 10, 64, xs, ys}, {"k=9,d=400", 9, 400, syn, noisy}} {
		for _, id := range []string{"soba", "soba-diag", "banditron", "perceptron-mc"} {
			b.Run(fmt.Sprintf("%s/%s", id, s.name), func(b *testing.B) {
				var l Learner
				switch id {
				case "soba":
					l, _ = NewSOBA(s.k, s.d, 1, 0.05)
				case "soba-diag":
					l, _ = NewSOBADiag(s.k, s.d, 1, 0.05)
				case "banditron":
					l, _ = NewBanditron(s.k, s.d, 0.05)
				default:
					l, _ = NewPerceptronMC(s.k, s.d)
				}
				draws := NewSeededDraws(2)
				for t := range 2000 {
					u1, u2 := draws.Next()
					l.Play(s.xs[t], s.ys[t], u1, u2)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					t := 2000 + i%2000
					u1, u2 := draws.Next()
					l.Play(s.xs[t], s.ys[t], u1, u2)
				}
			})
		}
	}
}

// BenchmarkRankOneUpdate is one rank-one update of A's Cholesky factor at
// kd = 640; BenchmarkInverseFromScratch inverts A afresh with gonum at the
// same size.
func BenchmarkRankOneUpdate(b *testing.B) {
	const n = 640
	f := rankone.NewFactor(n, 1)
	u := make([]float64, n)
	for i := range u {
		u[i] = 1e-3 * float64(i%7)
	}
	b.ReportAllocs()
	for b.Loop() {
		f.AddOuter(u)
	}
}

func BenchmarkInverseFromScratch(b *testing.B) {
	const n = 640
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, 2)
		if i > 0 {
			A.SetSym(i, i-1, 0.5)
		}
	}
	var inv mat.Dense
	for b.Loop() {
		if err := inv.Inverse(A); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSOBAGrowth measures soba's time per round at k = 9 against the
// dimension (kd = 225 to 1800), after a warm-up of 1000 rounds, for the
// growth exponent `make bench` fits (its update is O((kd)^2)).
func BenchmarkSOBAGrowth(b *testing.B) {
	const k = 9
	for _, d := range []int{25, 50, 100, 200} {
		xs, ys := smallStream(3, 3000, k, d)
		b.Run(fmt.Sprintf("kd=%d", k*d), func(b *testing.B) {
			l, _ := NewSOBA(k, d, 1, 0.05)
			draws := NewSeededDraws(4)
			for t := range 1000 {
				u1, u2 := draws.Next()
				l.Play(xs[t], ys[t], u1, u2)
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				t := 1000 + i%2000
				u1, u2 := draws.Next()
				l.Play(xs[t], ys[t], u1, u2)
			}
		})
	}
}

// BenchmarkSOBAStream plays soba from scratch over the same 3000 rounds per
// operation (k = 9 and k = 10 with kd = 225 to 1800, gamma = 0.05) and
// reports ns per round: a fixed amount of work, so that two
// implementations are compared on the same rounds. (BenchmarkPlay and
// BenchmarkSOBAGrowth loop over their stream as long as the clock asks, so
// a faster implementation plays more rounds and reaches another state.)
func BenchmarkSOBAStream(b *testing.B) {
	const T = 3000
	for _, kd := range [][2]int{{9, 25}, {9, 50}, {10, 64}, {9, 100}, {9, 200}} {
		k, d := kd[0], kd[1]
		xs, ys := smallStream(3, T, k, d)
		b.Run(fmt.Sprintf("k=%d,d=%d", k, d), func(b *testing.B) {
			for b.Loop() {
				l, _ := NewSOBA(k, d, 1, 0.05)
				draws := NewSeededDraws(4)
				for t := range T {
					u1, u2 := draws.Next()
					l.Play(xs[t], ys[t], u1, u2)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*T), "ns/round")
		})
	}
}

// synSepRounds is the length of the SynSep benchmarks' stream.
const synSepRounds = 20_000

// benchSynSep plays full SOBA and SOBA-diag (gamma = 2^-6) from scratch per
// operation through run, and reports ns per round.
func benchSynSep(b *testing.B, run func(Learner) error) {
	for _, id := range []string{"soba", "soba-diag"} {
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				var l Learner
				if id == "soba" {
					l, _ = NewSOBA(SynClasses, SynFeatures, 1, 1.0/64)
				} else {
					l, _ = NewSOBADiag(SynClasses, SynFeatures, 1, 1.0/64)
				}
				if err := run(l); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*synSepRounds), "ns/round")
		})
	}
}

// BenchmarkSynSepRun plays the SOBA paper's SynSep stream (k = 9, d = 400,
// T = 20,000, gamma = 2^-6) with full SOBA and with SOBA-diag, and reports
// ns per round: `make bench` holds their ratio to its target.
func BenchmarkSynSepRun(b *testing.B) {
	xs, ys := SynSep(1, synSepRounds)
	benchSynSep(b, func(l Learner) error {
		_, err := Run(l, xs, ys, NewSeededDraws(1), false)
		return err
	})
}

// BenchmarkSynSepRunSparse is BenchmarkSynSepRun with the rows given by
// their non-zero entries (about 45 of 400) through RunSparse.
func BenchmarkSynSepRunSparse(b *testing.B) {
	xs, ys := SynSep(1, synSepRounds)
	rows := make([]SparseRow, len(xs))
	for i, x := range xs {
		rows[i] = Sparsify(x)
	}
	benchSynSep(b, func(l Learner) error {
		_, err := RunSparse(l, rows, ys, NewSeededDraws(1), false)
		return err
	})
}
