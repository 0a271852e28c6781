// Package sampling is stochastic optimisation with bandit sampling
// (Salehi, Celis, Thiran, "Stochastic optimization with bandit sampling",
// arXiv 1708.02544).
//
// An Objective is a finite sum F(w) = (1/n) Σ φ_i(⟨x_i, w⟩) + λ r(w) over
// n points of a linear model: ridge regression, L1-regularised logistic
// regression, or the squared hinge with an L2 term. A Sampler chooses the
// point of each step: Uniform (the paper's _U), Importance (p_i ∝ L_i, the
// smoothness constants, _IS), or MABS, the paper's EXP3-style sampler that
// learns which points reduce the variance (§5.3, its step δ from §5.5 in
// TheoryDelta). The optimisers SGD, SAGA and Prox-SVRG use the drawn point
// through the unbiased estimator ∇φ_i / (n p_i) and count their gradient
// evaluations, the axis on which runs are compared.
//
// Conventions: every optimiser starts at w = 0; randomness comes only from
// the *rand.Rand passed to Step, so a seeded run replays exactly;
// EffectiveVariance is the paper's V_e(p) = Σ a_i / p_i, the measure a
// sampler minimises. F* comes from Optimum (gonum), bounded by
// OptimumWithin when the work must be limited. TauPoints makes the
// paper's kind of synthetic data: points whose smoothness constants have
// max/mean τ.
package sampling
