// Package hindsight computes the best fixed linear predictor in hindsight,
// the comparator u* = argmin_u Σ_t ℓ(y_t, ⟨u, x_t⟩) against which regret is
// measured, with gonum's optimisers (BFGS in features scaled to unit RMS,
// with a ridge of 1e-6 there so that separable data keep a finite
// minimiser). Its search can be bounded by a number of passes over the
// rounds and stopped by a context; a bounded search says so.
package hindsight
