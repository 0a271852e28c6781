// Package rankone keeps a symmetric positive definite matrix that grows by
// rank-one terms, A += x x^T, factorised, for the second-order learners
// (VAW, the second-order Perceptron, AROW, SOBA and its full-information
// reference, and Kotłowski's full algorithm): O(n^2) per term, never an
// inversion.
//
// Why not the inverse: an explicit A^{-1} kept by Sherman–Morrison costs
// the same but cancels catastrophically when A is badly conditioned, as it
// is with features in natural units (penguins' body mass in grams beside a
// ridge of 1: x x^T has entries of 1.6e7), and lost up to seven digits of a
// prediction. With a factorisation the learners predict x^T A^{-1} theta as
// a product of two triangular solves' results, to about 1e-12.
//
// Two factorisations, each where it measured better:
//
//   - LDL (A = L D L^T, Method C1 of Gill, Golub, Murray and Saunders,
//     1974): two multiply-adds per entry and per term, proposed into spare
//     storage and accepted or not, for VAW, SOP and AROW, which predict
//     from the factorisation's by-products.
//   - Factor (A = R^T R, Givens rotations): six operations per entry, but
//     the weights W = A^{-1} theta that SOBA forms from it every update are
//     accurate to 5.6e-16 of their terms on penguins, against 4.5e-9 with
//     C1; and Kotłowski's algorithm grows it by bordering.
//
// The loops are in kernels*.go: SSE2 assembly on amd64 and Go elsewhere,
// the same bits on both.
package rankone
