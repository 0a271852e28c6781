package api

// Example is a request of the API reference; the conformance suite sends
// each to every runtime and expects a 200 answer without an error.
type Example struct {
	About        string // what the request shows, one sentence
	Method, Path string
	Body         string // JSON, or "" for a GET
}

// Examples are the reference's requests, in its order.
var Examples = []Example{
	{About: "Is the API up, and which version and runtime answer?", Method: "GET", Path: "/api/health"},
	{About: "The catalogue of learners, samplers and optimisers.", Method: "GET", Path: "/api/learners"},
	{About: "The shipped datasets with their units.", Method: "GET", Path: "/api/datasets"},
	{About: "A run on inline data: scale multiplies feature 1 by 1000 (a change of units); scinol-diag's predictions do not change, OGD's do.",
		Method: "POST", Path: "/api/run", Body: `{"task": "classify",
  "data": {"features": ["x1", "x2"], "x": [[0.1, 2.0], [0.3, 1.0], [-0.2, 1.5], [0.4, -1.0]], "y": [1, -1, 1, -1]},
  "scale": [1000, 1], "features": {"bias": true, "degree": 1},
  "learners": [{"id": "scinol-diag"}, {"id": "ogd", "params": {"eta": 0.1}}],
  "order": {"shuffle": true, "seed": 0}, "passes": 1, "keep": ["predictions"]}`},
	{About: "A shipped dataset: penguins, Gentoo against the rest, grams turned into kilograms.",
		Method: "POST", Path: "/api/run", Body: `{"task": "classify", "dataset": "penguins",
  "columns": ["bill_length_mm", "body_mass_g"], "label": "species", "positive": "Gentoo",
  "scale": [1, 0.001], "features": {"bias": true},
  "learners": [{"id": "scinol2"}, {"id": "scinol-full"}, {"id": "ogd"}], "passes": 2}`},
	{About: "A regression on your own CSV text, with the absolute loss.",
		Method: "POST", Path: "/api/run", Body: `{"task": "regress", "csv": "area_m2,rooms,price\n50,2,200\n80,3,310\n65,3,260\n",
  "label": "price", "loss": "absolute", "features": {"bias": true}, "learners": [{"id": "scinol2"}, {"id": "vaw"}]}`},
	{About: "A bandit run on the SOBA paper's SynNonSep data: every learner sees the same rounds and exploration draws.",
		Method: "POST", Path: "/api/run", Body: `{"task": "bandit", "generator": {"name": "synnonsep", "rounds": 5000, "seed": 1},
  "learners": [{"id": "soba-diag", "params": {"gamma": 0.125}}, {"id": "banditron", "params": {"gamma": 0.125}},
  {"id": "perceptron-mc"}], "drawSeed": 7}`},
	{About: "A bandit run on sparse rows (0-based feature indices, dim features).",
		Method: "POST", Path: "/api/run", Body: `{"task": "bandit", "data": {"dim": 6, "sparse": [{"index": [0, 4], "value": [1, 2]},
  {"index": [1], "value": [3]}, {"index": [2, 5], "value": [-1, 1]}, {"index": [0, 3], "value": [2, 1]}], "y": [0, 1, 2, 0]},
  "features": {"bias": true}, "passes": 20, "learners": [{"id": "soba", "params": {"gamma": 0.1}}], "drawSeed": 1}`},
	{About: "A board on your own CSV text: every learner in 2 orders, each in natural units and under 2 random rescalings of every feature.",
		Method: "POST", Path: "/api/run", Body: `{"task": "board", "kind": "regress", "label": "price", "orders": 2, "rescalings": 2,
  "csv": "area_m2,rooms,price\n50,2,200\n80,3,310\n65,3,260\n120,4,480\n45,1,150\n70,2,270\n"}`},
	{About: "A sampling run: SGD with uniform sampling against SGD with MABS on an L1-regularised logistic loss.",
		Method: "POST", Path: "/api/run", Body: `{"task": "sampling", "objective": "logistic-l1", "lambda": 0.001,
  "dataset": "penguins", "positive": "Gentoo", "scale": [0.02, 0.05, 0.005, 0.0002], "features": {"bias": true},
  "passes": 5, "runs": [{"optimizer": "sgd", "sampler": "uniform", "params": {"gamma": 0.5}},
  {"optimizer": "sgd", "sampler": "mabs", "params": {"gamma": 0.5}}]}`},
}
