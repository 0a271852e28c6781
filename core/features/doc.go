// Package features maps raw inputs to the vectors the linear learners see:
// a constant bias term and polynomial monomials of the raw features up to
// degree 3. A per-feature rescaling of the raw inputs rescales every
// monomial, so per-feature scale invariance survives the map; with a bias,
// an affine change of units becomes an invertible linear map of the mapped
// features, which Kotłowski's Algorithm 2 absorbs.
package features
