package api

import (
	"context"
	"fmt"
	"strings"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/leaderboard"
	"unitfree/wasm/wire"
)

// runBoard answers a run of task "board": the leaderboard on the
// request's data, within the API's work limit (every run of every learner
// counts) and its admission.
func (rn runner) runBoard(ctx context.Context, req *wire.BoardRequest) (any, error) {
	kind := req.Kind
	if kind == "" {
		kind = data.Classify
	}
	if kind != data.Classify && kind != data.Regress {
		return nil, bad("kind %q is not \"classify\" or \"regress\"", kind)
	}
	sp := leaderboard.Spread{Orders: req.Orders, Rescalings: leaderboard.DefaultSpread.Rescalings, Seed: req.Seed}
	if sp.Orders == 0 {
		sp.Orders = leaderboard.DefaultSpread.Orders
	}
	if req.Rescalings != nil {
		sp.Rescalings = *req.Rescalings
	}
	if err := sp.Check(); err != nil {
		return nil, bad("%v", err)
	}
	r, info, err := rounds(kind, req.Source, req.Binary)
	if err != nil {
		return nil, err
	}
	task := leaderboard.Task{Dataset: info.Source, Features: r.Features, Kind: kind, Loss: "logistic", Positive: info.Positive,
		Title: fmt.Sprintf("%s from %s", labelName(req.Label), strings.Join(r.Features, ", "))}
	if kind == data.Regress {
		task.Loss = "absolute"
	}
	// The work of every run of every learner, with a bias feature, against
	// the API's limit of coordinate updates.
	d := len(r.Features) + 1
	work := 0.0
	for _, e := range leaderboard.Learners(kind) {
		work += e.Cost.Work(d)
	}
	runs := float64(sp.Orders * (1 + sp.Rescalings))
	if total := runs * float64(len(r.X)) * work; total > eval.DefaultLimits.MaxWork {
		return nil, bad("the board needs %.3g coordinate updates (%d rows, %d features, %d learners, %g runs), more than the limit of %.3g: use fewer rows, orders or rescalings",
			total, len(r.X), len(r.Features), len(leaderboard.Learners(kind)), runs, eval.DefaultLimits.MaxWork)
	}
	cfg := eval.Config{Task: kind, Bias: true, Shuffle: true, Keep: eval.Keep{Predictions: true}}
	for _, e := range leaderboard.Learners(kind) {
		cfg.Learners = append(cfg.Learners, eval.LearnerSpec{ID: e.ID})
	}
	// Two runs' predictions are kept at a time (natural and rescaled).
	release, err := rn.start(ctx, 2*linearRunBytes(len(r.X), len(r.Features), cfg))
	if err != nil {
		return nil, err
	}
	defer release()
	b, err := leaderboard.RunSpreadContext(ctx, task, r, sp, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, gone(err)
		}
		return nil, bad("%v", err)
	}
	return &BoardAnswer{Task: wire.TaskBoard, Data: info, Board: b}, nil
}

// BoardAnswer is the answer of a board. (It is not among the page's wire
// types: it would link the leaderboard into the page's first program.)
type BoardAnswer struct {
	Task  data.Task               `json:"task"`  // board
	Data  wire.DataInfo           `json:"data"`  // what data the board used
	Board leaderboard.SpreadBoard `json:"board"` // the board
}

// labelName is the label column's name, "label" for inline data.
func labelName(label string) string {
	if label == "" {
		return "label"
	}
	return label
}
