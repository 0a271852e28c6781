// Package linear provides the full-information online learners of linear
// prediction: each round the learner predicts ŷ = ⟨w, x⟩ (or, for the
// second-order forecasters, a function of x and the past), then sees the
// label y and suffers ℓ(y, ŷ) from package loss.
//
// Conventions:
//   - Prediction comes before learning. Learn(x, y) returns the prediction
//     made before the update, so a loop over Learn is progressive
//     validation; Predict(x) never changes the learner.
//   - Classification labels are ±1 and a round is a mistake when y·ŷ <= 0
//     (a prediction of exactly 0 is a mistake); regression labels are real.
//   - Inputs are checked by the caller (CheckInput, package eval): a learner
//     assumes x has Dim() finite entries.
//   - Every learner starts at w = 0 and is deterministic: the same stream
//     gives the same bits on every platform (the vector loops of
//     internal/vec add in index order).
//
// The learners and where they come from:
//   - OGD, OGD with η/√t, FTL: Orabona, "Online gradient descent" (lecture
//     notes), §2 and its Follow-the-Leader failure example.
//   - ScinolDiag and ScinolFull: Kotłowski, "Scale-invariant unconstrained
//     online learning" (ALT 2017), Algorithm 1 (per coordinate) and
//     Algorithm 2 (invariant to any invertible linear map of the inputs).
//   - Scinol (ScInOL1, ScInOL2): Kempka, Kotłowski, Warmuth (ICML 2019).
//   - OMDSIPNorm, OMDSIDiag, VAW, SOP, AROW, PA-I, Perceptron: Orabona,
//     Crammer, Cesa-Bianchi, "A generalized online mirror descent with
//     applications to classification and regression" (Machine Learning
//     2015), its scale-invariant regularizers (12) and (13) and the
//     algorithms it recovers (§4 to §6).
//   - AdaGrad: Duchi, Hazan, Singer (JMLR 2011); NAG: Ross, Mineiro,
//     Langford (UAI 2013).
//
// Invariance: ScinolDiag, Scinol and NAG give the same predictions when a
// feature is multiplied by a positive factor, ScinolFull when the features
// go through any invertible linear map (an affine change of units with a
// bias feature). The tests measure it to the last bits the arithmetic
// allows.
//
// Exactness: the second-order learners (VAW, SOP, AROW) keep their matrix
// as an L D Lᵀ factor updated by rank-one terms (package rankone), never as
// an explicit inverse; their predictions stay within exactTolerance (1e-9,
// relative) of a 200-bit evaluation of the same update rules on real data
// in natural units (the test's named constant).
package linear
