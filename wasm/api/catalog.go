package api

import (
	"net/http"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/loss"
	"unitfree/core/sampling"
	"unitfree/wasm/wire"
)

// learners answers GET /api/learners: the catalogue, the losses and tasks.
func learners(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"learners":   catalog.Linear(),
		"bandit":     catalog.Bandit(),
		"samplers":   catalog.Samplers(),
		"optimizers": catalog.Optimizers(),
		"objectives": sampling.Kinds(),
		"losses":     loss.Names(),
		"tasks":      []data.Task{data.Classify, data.Regress, wire.TaskBandit, wire.TaskSampling},
	})
}

// datasets answers GET /api/datasets: names, features with units, labels,
// sizes and licences of the shipped datasets.
func datasets(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"datasets": data.Datasets()})
}
