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
	rng := rand.New(rand.NewPCG(seed, 0x73796e))
	protos := make([][]int, SynClasses)
	for r := range protos {
		n := 20 + rng.IntN(21)
		protos[r] = rng.Perm(synRare)[:n]
	}
	xs := make([][]float64, T)
	ys := make([]int, T)
	for t := range xs {
		y := rng.IntN(SynClasses)
		x := make([]float64, SynFeatures)
		for _, j := range protos[y] {
			x[j] = 1
		}
		for _, k := range rng.Perm(len(protos[y]))[:5] {
			x[protos[y][k]] = 0
		}
		for _, j := range rng.Perm(SynFeatures - synRare)[:20] {
			x[synRare+j] = 1
		}
		xs[t], ys[t] = x, y
	}
	return xs, ys
}

// SynNonSep returns SynSep with 5% label noise: exactly round(0.05 T)
// examples, chosen at random, get a label drawn uniformly from the 8 other
// classes (our reading of the paper's description). It returns the noisy
// labels (the feedback) and the clean ones.
func SynNonSep(seed uint64, T int) (xs [][]float64, noisy, clean []int) {
	xs, clean = SynSep(seed, T)
	noisy = append([]int(nil), clean...)
	rng := rand.New(rand.NewPCG(seed, 0x6e6f697365))
	for _, t := range rng.Perm(T)[:(T*5+50)/100] {
		noisy[t] = (clean[t] + 1 + rng.IntN(SynClasses-1)) % SynClasses
	}
	return xs, noisy, clean
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
