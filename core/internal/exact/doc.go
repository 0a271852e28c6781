// Package exact evaluates the second-order learners' update rules in
// 200-bit floating point (math/big), from the same float64 inputs: the
// reference against which the float64 implementations' round-off is
// measured in tests. It is slow (O(n³) big-float operations per solve) and
// meant for a few hundred rounds in small dimensions. Streams returns the
// real data in natural units the tests run it on.
package exact
