// Package playground is the playground's view logic in plain Go: the drawn
// points, the learner session that replays them, the map between data and
// canvas coordinates, and the colours of the prediction heatmap. It has no
// DOM; the js adapter in wasm/cmd/playground draws what it computes.
package playground
