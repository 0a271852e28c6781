// Package bandit provides multiclass linear learners with bandit feedback
// (Beygelzimer, Orabona, Zhang, "Efficient online bandit multiclass
// learning with Õ(√T) regret", ICML 2017): each round the learner plays a
// label and hears only whether it was right.
//
// Conventions:
//   - Labels are 0..k-1; the scores are W x with one row of W per class,
//     and the greedy label is the first of the highest scores.
//   - A round plays with exploration: with probability γ a uniformly random
//     label, else the greedy one. The randomness comes from Draws, two
//     uniforms per round, so that every learner of a comparison sees the
//     same draws and a run can be replayed exactly.
//   - Round reports what a round showed: greedy and played labels, the
//     probability of the played one, explored or not, right or not,
//     updated or not.
//
// The learners: SOBA, the paper's Algorithm 1 (second-order, with the
// importance-weighted update and the margin test on cumulative quantities),
// its adaptive-γ variant and its diagonal version (the paper's experiments
// use the diagonal one); the Banditron (Kakade, Shalev-Shwartz, Tewari,
// ICML 2008); and two full-information references, the multiclass
// Perceptron and the multiclass second-order Perceptron on Kesler's
// construction. SynSep and SynNonSep are the paper's synthetic data;
// Protocol is its experiment (error rate against γ, averaged over seeds).
//
// Exactness: the full-matrix learners keep A = aI + Σ z zᵀ as an
// equilibrated Cholesky factor updated by Givens rotations (package
// rankone); their decisions match a 200-bit evaluation of the update rules,
// and their scores stay within exactTolerance (1e-9) of the size of their
// terms, or within a small multiple of a float64 LU solve where the system
// itself is too ill-conditioned for that.
package bandit
