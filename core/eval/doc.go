// Package eval is unitfree's evaluation engine, shared by the page and the
// API so that both give the same numbers for the same request.
//
//   - Session plays full-information linear learners over a stream with
//     progressive validation (each round: predict, then learn), in a seeded
//     order over the passes, and records loss, mistakes and predictions;
//     Result measures regret against the best fixed linear predictor in
//     hindsight (package hindsight). A prediction that stops being finite
//     marks the learner as diverged at that round; it predicts 0 after.
//   - BanditSession plays bandit multiclass learners (package bandit) on
//     the same rounds with the same exploration draws.
//   - SamplingSession plays optimiser and sampler pairs (package sampling)
//     on one finite sum for the same budget of gradient evaluations.
//
// Every session can be stepped a little at a time (the page does a few
// rounds per frame) or run to the end (the API); both give the same bits.
// Limits bound the work of a run before it starts: learners, passes,
// features after the map, classes, kept records, and the coordinate
// updates of the whole run (the comparator's search shares that budget).
package eval
