// Package catalog lists every learner, sampler and optimiser of unitfree
// with what the API and the page need: a stable id, names, the paper (a
// structured reference) and where in it the algorithm is, its parameters
// with defaults, ranges and units, the invariance it has, and its cost per
// round. Ids are a contract: the API, the URL state and the tests use
// exactly these.
//
// The four tables (linear learners, bandit learners, samplers, optimisers)
// have one shape: entries with constructors that return an error. Every
// New* function resolves the parameters first (defaults for the missing
// ones, unknown names and values outside a range refused with a message
// that names them), then builds.
package catalog
