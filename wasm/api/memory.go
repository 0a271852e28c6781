package api

import (
	"unitfree/core/catalog"
	"unitfree/core/eval"
	"unitfree/core/features"
)

// The memory a run keeps live, estimated from its request before it
// allocates its data and learners, so that a server can admit runs by
// memory as well as by cores (Options.Admit). The estimates bound what
// TestMemoryEstimatesBoundTheRuns measures and are within a small
// factor of it; the process's heap may grow to about twice its live
// memory between collections (GOGC=100), which the server's budget
// allows for.

// bodyCopies is how many times a request's size its body and decoded
// request take while it runs.
const bodyCopies = 3

// baseRunBytes is what any run keeps beside its data and learners: the
// decoded request, the answer, the buffers.
const baseRunBytes = 4 << 20

// learnerWords returns the float64s a learner with the given cost keeps
// for n coordinates: second-order learners hold matrices of n x n (full
// SOBA a triangular factor of the Kesler system beside its vectors),
// first-order ones a few vectors.
func learnerWords(c catalog.Cost, n int) int64 {
	if c == catalog.CostQuadratic {
		return 2*int64(n)*int64(n) + 16*int64(n)
	}
	return 16 * int64(n)
}

// linearRunBytes estimates a classify or regress run of rows rows of d
// raw features: the mapped rows (kept twice, for the learners and for the
// best predictor in hindsight, and once more as given), the learners, the hindsight solver's
// d x d system and the records kept.
func linearRunBytes(rows, d int, cfg eval.Config) int64 {
	n := int64(features.Size(d, max(cfg.Degree, 1), cfg.Bias))
	words := 3*int64(rows)*(n+3) + 4*n*n
	for _, spec := range cfg.Learners {
		if e, ok := catalog.Lookup(spec.ID); ok {
			words += learnerWords(e.Cost, int(n))
		}
	}
	passes := int64(max(cfg.Passes, 1))
	perRound := int64(2) // each learner's running loss and mistakes curve
	if cfg.Keep.Predictions {
		perRound++
	}
	if cfg.Keep.Losses {
		perRound++
	}
	words += perRound*int64(rows)*passes*int64(len(cfg.Learners)) + int64(rows)*passes
	return 8*words + baseRunBytes
}

// banditRunBytes estimates a bandit run of rows rows with nonZero non-zero
// raw features per row (d when dense) among d, k classes: the rows as
// given (dense, or by their non-zero entries: an index and a value each),
// the session's mapped rows (dense ones kept whole, and by their non-zero
// entries when at most half are non-zero), the learners over the k x d
// coordinates of the Kesler construction, the order, draws and records.
func banditRunBytes(rows, nonZero, d, k int, dense bool, cfg eval.BanditConfig) int64 {
	degree := max(cfg.Degree, 1)
	n := int64(features.Size(d, degree, cfg.Bias))
	nz := min(int64(features.Size(nonZero, degree, cfg.Bias)), n)
	const rowHeader = 6 // two slice headers
	words := 2 * int64(rows) * (2*nz + rowHeader)
	if dense {
		words += int64(rows) * (int64(d) + n + 2*rowHeader)
	}
	passes := int64(max(cfg.Passes, 1))
	kn := int64(k) * n
	for _, spec := range cfg.Learners {
		e, ok := catalog.LookupBandit(spec.ID)
		switch {
		case !ok:
		case e.Cost == catalog.CostQuadratic:
			// The second-order bandit learners keep a triangular factor of
			// the kn x kn Kesler system and write a row of it only when an
			// update touches it, at most 2 (nz + 1) rows per round.
			written := min(kn, int64(rows)*passes*2*(nz+1))
			words += written*kn + 16*kn
		default:
			words += learnerWords(e.Cost, int(kn))
		}
	}
	words += 4 * int64(rows) * passes
	if cfg.KeepRounds {
		words += 7 * int64(rows) * passes * int64(len(cfg.Learners))
	}
	return 8*words + baseRunBytes
}

// samplingRunBytes estimates a sampling run of n points of d features
// with pairs optimiser and sampler pairs: the objective's rows and its
// solution, and per pair the optimiser's state (SAGA's table of n
// gradients is the largest) and the sampler's n weights.
func samplingRunBytes(n, d, pairs int) int64 {
	words := 3*int64(n)*int64(d) + int64(d)*int64(d)
	words += int64(pairs) * (int64(n)*int64(d) + 8*int64(n) + 8*int64(d))
	return 8*words + baseRunBytes
}
