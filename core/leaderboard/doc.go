// Package leaderboard runs every full-information learner of the catalogue,
// at its default parameters, on the real datasets that ship with unitfree:
// once in the features' natural units and once with each feature multiplied
// by a seeded random factor 10^U[-3, 3], beside the best fixed linear
// predictor in hindsight. It reports each learner's progressive error and
// loss in both runs and how much its predictions changed, and renders the
// board as Markdown (assets/docs/leaderboard.md) and as an
// HTML table (the page's experiment panel).
package leaderboard
