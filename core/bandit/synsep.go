package bandit

import (
	"fmt"
	"math/rand/v2"
)

// Synthetic multiclass data of Kakade, Shalev-Shwartz and Tewari (2008), as
// the SOBA paper uses it (Beygelzimer, Orabona, Zhang, ICML 2017, the experiments): 9 classes, 400 binary
// features mimicking bag-of-words text.
const (
	SynClasses  = 9
	SynFeatures = 400
	synRare     = 120 // the first 120 coordinates are the "rare words"
)

// SynSep returns T rounds of SynSep, linearly separable: each class has a
// prototype of 20 to 40 rare words; an example switches 5 of its prototype's
// words off and 20 common words (coordinates 121..400) on.
func SynSep(seed uint64, T int) ([][]float64, []int) {
	xs := make([][]float64, T)
	ys := synSep(seed, T, func(t int, x []float64) { xs[t] = x }, func() []float64 { return make([]float64, SynFeatures) })
	return xs, ys
}

// synSep draws T rounds of SynSep, handing each row to emit; a row is
// written into fresh(), zeroed.
func synSep(seed uint64, T int, emit func(t int, x []float64), fresh func() []float64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x73796e))
	protos := make([][]int, SynClasses)
	for r := range protos {
		n := 20 + rng.IntN(21)
		protos[r] = rng.Perm(synRare)[:n]
	}
	ys := make([]int, T)
	for t := range ys {
		y := rng.IntN(SynClasses)
		x := fresh()
		for _, j := range protos[y] {
			x[j] = 1
		}
		for _, k := range rng.Perm(len(protos[y]))[:5] {
			x[protos[y][k]] = 0
		}
		for _, j := range rng.Perm(SynFeatures - synRare)[:20] {
			x[synRare+j] = 1
		}
		emit(t, x)
		ys[t] = y
	}
	return ys
}

// SynNonSep returns SynSep with 5% label noise: exactly round(0.05 T)
// examples, chosen at random, get a label drawn uniformly from the 8 other
// classes (our reading of the paper's description). It returns the noisy
// labels (the feedback) and the clean ones.
func SynNonSep(seed uint64, T int) (xs [][]float64, noisy, clean []int) {
	xs, clean = SynSep(seed, T)
	return xs, synNoise(seed, clean), clean
}

// synNoise returns SynNonSep's noisy labels for SynSep's clean ones.
func synNoise(seed uint64, clean []int) []int {
	T := len(clean)
	noisy := append([]int(nil), clean...)
	rng := rand.New(rand.NewPCG(seed, 0x6e6f697365))
	for _, t := range rng.Perm(T)[:(T*5+50)/100] {
		noisy[t] = (clean[t] + 1 + rng.IntN(SynClasses-1)) % SynClasses
	}
	return noisy
}

// Generators are the names of the synthetic datasets Generate makes.
var Generators = []string{"synsep", "synnonsep"}

// Generate returns T rounds of the named synthetic dataset: "synsep", or
// "synnonsep" with its noisy labels (the feedback the learners get).
func Generate(name string, seed uint64, T int) ([][]float64, []int, error) {
	switch name {
	case "synsep":
		x, y := SynSep(seed, T)
		return x, y, nil
	case "synnonsep":
		x, y, _ := SynNonSep(seed, T)
		return x, y, nil
	}
	return nil, nil, fmt.Errorf("unknown generator %q (known: synsep, synnonsep)", name)
}

// GenerateSparse is Generate with the rows kept by their non-zero entries
// (about 45 of SynSep's 400 features): the same rounds in a ninth of the
// memory (50,000 rounds: 36 MB instead of 160 MB).
func GenerateSparse(name string, seed uint64, T int) ([]SparseRow, []int, error) {
	if name != "synsep" && name != "synnonsep" {
		return nil, nil, fmt.Errorf("unknown generator %q (known: synsep, synnonsep)", name)
	}
	rows := make([]SparseRow, T)
	scratch := make([]float64, SynFeatures)
	labels := synSep(seed, T, func(t int, x []float64) { rows[t] = Sparsify(x) },
		func() []float64 { clear(scratch); return scratch })
	if name == "synnonsep" {
		labels = synNoise(seed, labels)
	}
	return rows, labels, nil
}
