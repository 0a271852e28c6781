package catalog

import (
	"fmt"
	"math"

	"unitfree/core/linear"
	"unitfree/core/loss"
)

// Common parameters.
var (
	paramAlpha = Param{Name: "alpha", Symbol: "α", Doc: "exponent scale of the potential; the bounds need α > 9/8",
		Default: 1.5, Min: 9.0 / 8, MinExclusive: true, Max: 1e3}
	paramRadius = Param{Name: "radius", Symbol: "D", Doc: "radius of the L2 ball the iterate is projected on (0: no projection)",
		Default: 0, Min: 0, Max: 1e6, Unit: "1/feature units"}
	paramOMDEta = Param{Name: "eta", Symbol: "η", Doc: "step; C/√2 when every |u_i x_i| <= C",
		Default: math.Sqrt2 / 2, Min: 0, MinExclusive: true, Max: 1e6, Unit: "prediction units"}
)

// linearBuild builds a linear learner for d-dimensional inputs and a loss.
type linearBuild = func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error)

var linearLearners = table[linearBuild]{kind: "learner", items: []item[linearBuild]{
	{Entry{ID: "ogd", Name: "OGD", Family: FamilyFirstOrder, Paper: paperOGD, Algorithm: "projected online gradient descent, constant step (§2)",
		Summary: "w ← Π(w − η ∇ℓ): the baseline; its step has the units of the features, so a change of units changes it",
		Loss:    "any", Invariance: InvariantNone,
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "constant step", Default: 0.5, Min: 0, MinExclusive: true, Max: 1e6}, paramRadius}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewOGD(d, l, p["eta"], p["radius"]), nil
		}},
	{Entry{ID: "ogd-sqrt", Name: "OGD, η/√t", Family: FamilyFirstOrder, Paper: paperOGD, Algorithm: "projected online gradient descent, step η/√t (§2)",
		Summary: "OGD with a decaying step: O(√T) regret on a bounded domain without knowing T",
		Loss:    "any", Invariance: InvariantNone,
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "step of round 1 (D/L for the note's bound)", Default: 1, Min: 0, MinExclusive: true, Max: 1e6}, paramRadius}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewOGDSqrt(d, l, p["eta"], p["radius"]), nil
		}},
	{Entry{ID: "ftl", Name: "Follow the Leader", Family: FamilyFirstOrder, Paper: paperOGD, Algorithm: "FTL on the linearized losses over an L2 ball (§2.3's failure example)",
		Summary: "plays the best point for the past: linear regret on the lecture's alternating sequence",
		Loss:    "any", Invariance: InvariantNone,
		Params: []Param{{Name: "radius", Symbol: "D", Doc: "radius of the ball FTL plays in", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "1/feature units"}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewFTL(d, l, p["radius"]), nil
		}},
	{Entry{ID: "adagrad", Name: "AdaGrad", Family: FamilyScaleFree, Paper: paperAdaGrad, Algorithm: "diagonal AdaGrad, mirror-descent form",
		Summary: "per-coordinate steps η/√(Σg²): adapts to gradient sizes, not to feature units",
		Loss:    "any", Invariance: InvariantNone,
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "step", Default: 0.5, Min: 0, MinExclusive: true, Max: 1e6},
			{Name: "delta", Symbol: "δ", Doc: "added to √G_i in the denominator", Default: 0, Min: 0, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewAdaGrad(d, l, p["eta"], p["delta"]), nil
		}},
	{Entry{ID: "scinol-diag", Name: "SI coordinate-wise", Family: FamilyScaleInvariant, Paper: paperKotlowski, Algorithm: "Algorithm 1",
		Summary: "per-coordinate exponential potential; invariant to each feature's unit; starts slowly by design",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantPerFeature, Params: []Param{paramAlpha}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewScinolDiag(d, l, p["alpha"]), nil
		}},
	{Entry{ID: "scinol-full", Cost: CostQuadratic, Name: "SI full", Family: FamilyScaleInvariant, Paper: paperKotlowski, Algorithm: "Algorithm 2",
		Summary: "second-order potential with S⁺: invariant to any invertible linear map of the inputs (affine units with a bias)",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantLinear, Params: []Param{paramAlpha}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewScinolFull(d, l, p["alpha"]), nil
		}},
	{Entry{ID: "omd-si-pnorm", Name: "OMD scale-invariant p-norm", Family: FamilyScaleInvariant, Paper: paperOMD, Algorithm: "regularizer (12), derived form",
		Summary: "p-norm OMD with p = 2 ln m on features scaled by their maxima: log-dimension bound",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantPerFeature, Variant: "The paper gives regularizer (12) and its bound; the update's closed form is derived here from the regularizer, not taken from the authors' code.",
		Params: []Param{paramOMDEta, {Name: "delta", Symbol: "δ", Doc: "initial value under β's square root (≥ e L²)", Default: math.E, Min: math.E, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewOMDSIPNorm(d, l, p["eta"], p["delta"]), nil
		}},
	{Entry{ID: "omd-si-diag", Name: "OMD scale-invariant diagonal", Family: FamilyScaleInvariant, Paper: paperOMD, Algorithm: "regularizer (13), derived form",
		Summary: "AdaGrad-like per-coordinate OMD on features scaled by their maxima",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantPerFeature, Variant: "The paper gives regularizer (13) and its bound; the update's closed form is derived here from the regularizer, not taken from the authors' code.",
		Params: []Param{paramOMDEta, {Name: "delta", Symbol: "δ", Doc: "initial value under β's square root (≥ L²)", Default: 1, Min: 1, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewOMDSIDiag(d, l, p["eta"], p["delta"]), nil
		}},
	{Entry{ID: "vaw", Cost: CostQuadratic, Name: "Vovk–Azoury–Warmuth", Family: FamilySecondOrder, Paper: paperOMD, Algorithm: "Vovk–Azoury–Warmuth forecaster (§4)",
		Summary: "online ridge regression that includes the current x: the classic for the squared loss",
		Loss:    "squared (built in)", Invariance: InvariantNone,
		Params: []Param{{Name: "a", Symbol: "a", Doc: "ridge regularization", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "feature units²"}}},
		func(d int, _ loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewVAW(d, p["a"]), nil
		}},
	{Entry{ID: "sop", Cost: CostQuadratic, Name: "Second-order Perceptron", Family: FamilySecondOrder, Paper: paperOMD, Algorithm: "second-order Perceptron (§6)",
		Summary: "Perceptron with a whitening matrix built from its mistakes",
		Loss:    "mistakes (built in)", Invariance: InvariantNone,
		Params: []Param{{Name: "a", Symbol: "a", Doc: "regularization of the correlation matrix", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "feature units²"}}},
		func(d int, _ loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewSOP(d, p["a"]), nil
		}},
	{Entry{ID: "arow", Cost: CostQuadratic, Name: "AROW", Family: FamilySecondOrder, Paper: paperOMD, Algorithm: "AROW (§6)",
		Summary: "confidence-weighted updates of a mean and a covariance on margin errors",
		Loss:    "squared hinge (built in)", Invariance: InvariantNone,
		Params: []Param{{Name: "r", Symbol: "r", Doc: "regularization", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "feature units²"}}},
		func(d int, _ loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewAROW(d, p["r"]), nil
		}},
	{Entry{ID: "pa1", Name: "PA-I", Family: FamilyFirstOrder, Paper: paperOMD, Algorithm: "Passive-Aggressive PA-I (§6)",
		Summary: "smallest change that fixes the hinge loss, capped by C",
		Loss:    "hinge (built in)", Invariance: InvariantNone,
		Params: []Param{{Name: "C", Symbol: "C", Doc: "aggressiveness: the cap on each step", Default: 1, Min: 0, MinExclusive: true, Max: 1e6}}},
		func(d int, _ loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewPA1(d, p["C"]), nil
		}},
	{Entry{ID: "perceptron", Name: "Perceptron", Family: FamilyFirstOrder, Paper: paperOMD, Algorithm: "Perceptron (§6)",
		Summary: "w ← w + y x on every mistake",
		Loss:    "mistakes (built in)", Invariance: InvariantNone},
		func(d int, _ loss.Loss, _ map[string]float64) (linear.Learner, error) {
			return linear.NewPerceptron(d), nil
		}},
	{Entry{ID: "scinol1", Name: "ScInOL1", Family: FamilyScaleInvariant, Paper: paperScinol, Algorithm: "ScInOL1",
		Summary: "coin betting per coordinate: parameter-free and unit-free, without Algorithm 1's slow start",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantPerFeature,
		Params: []Param{{Name: "eps", Symbol: "ε", Doc: "initial wealth per coordinate", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "prediction units"}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewScinol1(d, l, p["eps"]), nil
		}},
	{Entry{ID: "scinol2", Name: "ScInOL2", Family: FamilyScaleInvariant, Paper: paperScinol, Algorithm: "ScInOL2",
		Summary: "ScInOL with a wealth that grows with the reward: the paper's best",
		Loss:    "any (bounds for 1-Lipschitz)", Invariance: InvariantPerFeature,
		Params: []Param{{Name: "eps", Symbol: "ε", Doc: "initial wealth per coordinate", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "prediction units"}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewScinol2(d, l, p["eps"]), nil
		}},
	{Entry{ID: "nag", Name: "NAG", Family: FamilyNormalized, Paper: paperNAG, Algorithm: "Normalized Adaptive Gradient (as in Vowpal Wabbit)",
		Summary: "AdaGrad on features normalized by their running maxima",
		Loss:    "any", Invariance: InvariantPerFeature,
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "step", Default: 0.5, Min: 0, MinExclusive: true, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewNAG(d, l, p["eta"]), nil
		}},
	{Entry{ID: "kt", Name: "KT coin betting", Family: FamilyParameterFree, Paper: paperKT, Algorithm: "the KT bettor per coordinate (§5), features divided by their running maxima",
		Summary: "bets a fraction of its winnings on each coordinate's next gradient sign: no step to tune, wealth never negative",
		Loss:    boundedLosses, BoundedLoss: true, Invariance: InvariantPerFeature, Variant: "Each coin is divided by its own round's maximum |x_i|, so that every coin bet on lies in [−1, 1] as the KT wealth guarantee needs; the authors' yamall divides the sum of the raw coins by the current maximum, squared. Both are invariant to a feature's unit. Measured on the leaderboard's four classification tasks (logistic loss, seeded order): 153, 600, 149 and 1,233 mistakes against yamall's 155, 619, 147 and 1,240; the predictions differ by a median of 2% to 34% relative.",
		Params: []Param{{Name: "eps", Symbol: "ε", Doc: "initial wealth per coordinate", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "prediction units"}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewKT(d, l, p["eps"])
		}},
	{Entry{ID: "cocob", Name: "COCOB", Family: FamilyParameterFree, Paper: paperCOCOB, Algorithm: "COCOB (Algorithm 1) per coordinate, with COCOB-Backprop's running maximum of each gradient and its reward clipped at 0",
		Summary: "bets tanh(θ/(G+L)) of its wealth on each coordinate: no step to tune, invariant to each feature's unit, any loss",
		Loss:    "any", Invariance: InvariantPerFeature, Variant: "The paper's Algorithm 1 needs each coordinate's gradient bound L_i in advance; here L_i is the running maximum of |g_i|, and the reward is clipped at 0, both as COCOB-Backprop (Algorithm 2) does; there is no warm-up and the initial wealth ε is in loss units, which makes it invariant to a feature's unit. The authors' COCOB-Backprop is cocob-backprop. Measured on the leaderboard (natural units): 45.0%, 15.3%, 23.7% and 35.0% wrong against COCOB-Backprop's 49.4%, 19.7%, 33.7% and 35.0%.",
		Params: []Param{{Name: "eps", Symbol: "ε", Doc: "initial wealth per coordinate", Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "prediction units"}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewCOCOB(d, l, p["eps"]), nil
		}},
	{Entry{ID: "cocob-backprop", Name: "COCOB-Backprop", Family: FamilyParameterFree, Paper: paperCOCOB, Algorithm: "COCOB-Backprop (Algorithm 2) per coordinate, as the authors' optimizer computes it",
		Summary: "the authors' COCOB for deep networks: a wealth that starts at the largest gradient and a warm-up; no step to tune, but units of features matter",
		Loss:    "any", Invariance: InvariantNone,
		Params: []Param{{Name: "alpha", Symbol: "α", Doc: "warm-up: the first steps are divided by at least α times the largest gradient", Default: 100, Min: 1, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewCocobBackprop(d, l, p["alpha"]), nil
		}},
	{Entry{ID: "pistol", Name: "PiSTOL", Family: FamilyParameterFree, Paper: paperPiSTOL, Algorithm: "PiSTOL per coordinate, in the form of the author's yamall library",
		Summary: "an exponential potential of each coordinate's gradient sum: no step to tune, but its weights scale as c^(-1/2) with a feature's unit",
		Loss:    boundedLosses, BoundedLoss: true, Invariance: InvariantNone, Variant: "The per-coordinate form of the author's yamall library (b grows as √A_i), not the paper's kernel algorithm, which needs a known bound and a kernel.",
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "scale of every weight", Default: 1, Min: 0, MinExclusive: true, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewPiSTOL(d, l, p["eta"])
		}},
	{Entry{ID: "freerex", Name: "FreeRex", Family: FamilyParameterFree, Paper: paperFreeRex, Algorithm: "FreeRex (Algorithm 1, k = √5) per coordinate",
		Summary: "FTRL whose regularizer learns the gradients' scale and the comparator's size as it goes: nothing to set; units of features still matter",
		Loss:    "any", Invariance: InvariantNone, Variant: "Run on each coordinate, as a one-dimensional game, so that it needs no norm of the whole vector."},
		func(d int, l loss.Loss, _ map[string]float64) (linear.Learner, error) {
			return linear.NewFreeRex(d, l), nil
		}},
	{Entry{ID: "solo-ftrl", Name: "SOLO FTRL", Family: FamilyScaleFree, Paper: paperSOLO, Algorithm: "SOLO FTRL (§3) per coordinate, regularizer w²/(2η)",
		Summary: "w_i = −η θ_i/√Σg_i²: unchanged when every loss is scaled, but a feature's unit scales its share of the prediction",
		Loss:    "any", Invariance: InvariantNone, Variant: "Run on each coordinate with the regularizer w²/(2η); the paper's scale-free mirror descent is left out: the same paper shows it has no useful bound on an unbounded domain.",
		Params: []Param{{Name: "eta", Symbol: "η", Doc: "scale of the regularizer w²/(2η)", Default: 0.5, Min: 0, MinExclusive: true, Max: 1e6}}},
		func(d int, l loss.Loss, p map[string]float64) (linear.Learner, error) {
			return linear.NewSOLO(d, l, p["eta"]), nil
		}},
}}

// Linear returns the entries of the full-information linear learners, in
// catalogue order.
func Linear() []Entry { return linearLearners.entries() }

// LinearIDs returns the ids of the linear learners.
func LinearIDs() []string { return linearLearners.ids() }

// boundedLosses is the Loss of the learners with BoundedLoss.
const boundedLosses = "logistic, hinge or absolute (a known bound on the derivative)"

// Lookup returns the linear learner's entry with the given id.
func Lookup(id string) (Entry, bool) { return linearLearners.lookup(id) }

// NewLinear builds the linear learner id for d-dimensional inputs and the
// loss l, with params (missing ones take their defaults). Unknown ids,
// unknown parameters and values out of range are errors that name them.
func NewLinear(id string, d int, l loss.Loss, params map[string]float64) (linear.Learner, error) {
	if d < 1 {
		return nil, fmt.Errorf("learner %q: dimension must be at least 1, got %d", id, d)
	}
	build, p, err := linearLearners.resolve(id, params)
	if err != nil {
		return nil, err
	}
	if e, _ := Lookup(id); e.BoundedLoss && math.IsInf(l.Lipschitz(), 1) {
		return nil, fmt.Errorf("learner %q needs a loss whose derivative has a known bound (logistic, hinge or absolute); the %s loss has none", id, l.Name())
	}
	return build(d, l, p)
}
