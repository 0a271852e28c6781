package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"unitfree/core/data"
	"unitfree/core/eval"
)

// runRequest is the body of POST /api/run (README: "API").
type runRequest struct {
	Task     data.Task          `json:"task"`
	Data     *data.Inline       `json:"data"`
	Dataset  string             `json:"dataset"`
	CSV      *string            `json:"csv"`
	Columns  []string           `json:"columns"`  // feature columns of a dataset or CSV
	Label    string             `json:"label"`    // label column of a dataset or CSV
	Positive string             `json:"positive"` // class that becomes +1
	Classes  []string           `json:"classes"`  // two classes to keep, the first +1
	Scale    []float64          `json:"scale"`
	Offset   []float64          `json:"offset"`
	Features featureSpec        `json:"features"`
	Loss     string             `json:"loss"`
	Learners []eval.LearnerSpec `json:"learners"`
	Order    orderSpec          `json:"order"`
	Passes   int                `json:"passes"`
	Keep     []string           `json:"keep"`
	// Bandit runs (task "bandit").
	Generator *generatorSpec `json:"generator"` // synthetic data instead of data/dataset/csv
	DrawSeed  uint64         `json:"drawSeed"`  // seed of the exploration draws
	Draws     []float64      `json:"draws"`     // or the draws, two per round in [0, 1)
	// Sampling runs (task "sampling").
	ObjectiveKind string        `json:"objective"` // ridge, logistic-l1 or squared-hinge-l2
	Lambda        float64       `json:"lambda"`
	Runs          []samplingRun `json:"runs"`

	ctx     context.Context // the request's: a run stops when its client has gone
	ignored []string        // CSV columns left out of the default features, and why
}

// generatorSpec names a synthetic dataset of the SOBA paper.
type generatorSpec struct {
	Name   string `json:"name"` // synsep or synnonsep
	Rounds int    `json:"rounds"`
	Seed   uint64 `json:"seed"`
}

type featureSpec struct {
	Bias   bool `json:"bias"`
	Degree int  `json:"degree"`
}

type orderSpec struct {
	Shuffle bool   `json:"shuffle"`
	Seed    uint64 `json:"seed"`
}

// runResponse is the answer of POST /api/run.
type runResponse struct {
	Task data.Task `json:"task"`
	Data dataInfo  `json:"data"`
	eval.Result
	Order []int `json:"order,omitempty"`
}

// dataInfo says what data the run used.
type dataInfo struct {
	Source   string   `json:"source"`
	Columns  []string `json:"columns"`
	Units    []string `json:"units"`
	Rows     int      `json:"rows"`
	Dropped  int      `json:"dropped"`  // rows with a missing value
	Excluded int      `json:"excluded"` // rows of classes not selected
	Positive string   `json:"positive,omitempty"`
	Ignored  []string `json:"ignored,omitempty"` // CSV columns that are not features by default, and why
}

// badRequest is an error whose message the client should read.
type badRequest struct {
	status int
	msg    string
}

func (e *badRequest) Error() string { return e.msg }

// gone is the error of a run whose client went away (nobody reads it).
func gone(err error) error {
	return &badRequest{status: http.StatusServiceUnavailable, msg: "the run stopped: " + err.Error()}
}

func bad(format string, args ...any) error {
	return &badRequest{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// run answers POST /api/run.
func run(w http.ResponseWriter, r *http.Request) {
	resp, err := runBody(w, r)
	if err != nil {
		var br *badRequest
		if errors.As(err, &br) {
			writeError(w, br.status, br.msg)
			return
		}
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// drainLimit is how much of an oversized body is read and discarded before
// the 413 answer: a runtime that streams the body (workerd) may otherwise
// stall the connection on the unread rest.
const drainLimit = 64 << 20

func runBody(w http.ResponseWriter, r *http.Request) (any, error) {
	raw := r.Body
	tooBig := func() error {
		io.Copy(io.Discard, io.LimitReader(raw, drainLimit))
		return &badRequest{http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over the limit of %d bytes", MaxBodyBytes)}
	}
	if r.ContentLength > MaxBodyBytes {
		return nil, tooBig()
	}
	// The whole body first, then the decoder over it: a decoder reading a
	// stream rescans trailing whitespace on every refill, which with
	// workerd's small chunks cost quadratic time (4 MiB of spaces: 17 s).
	buf, err := io.ReadAll(io.LimitReader(raw, MaxBodyBytes+1))
	if err != nil {
		return nil, bad("the body could not be read: %v", err)
	}
	if len(buf) > MaxBodyBytes {
		return nil, tooBig()
	}
	dec := json.NewDecoder(bytes.NewReader(buf))
	dec.DisallowUnknownFields()
	var req runRequest
	if err := dec.Decode(&req); err != nil {
		return nil, bad("the body is not a valid run request: %v", jsonError(err))
	}
	if len(bytes.TrimSpace(buf[dec.InputOffset():])) > 0 {
		return nil, bad("the body has more than one JSON value")
	}
	if err := checkKeys(buf); err != nil {
		return nil, bad("the body is not a valid run request: %v", err)
	}
	req.ctx = r.Context()
	switch req.Task {
	case taskBandit:
		return req.runBandit()
	case taskSampling:
		return req.runSampling()
	}
	if req.ObjectiveKind != "" || req.Runs != nil || req.Lambda != 0 {
		return nil, bad("objective, lambda and runs belong to task \"sampling\"")
	}
	if req.Generator != nil || req.Draws != nil || req.DrawSeed != 0 {
		return nil, bad("generator, draws and drawSeed belong to task \"bandit\"")
	}
	rounds, info, err := req.rounds()
	if err != nil {
		return nil, err
	}
	if req.Scale != nil || req.Offset != nil {
		if rounds, err = rounds.Rescale(req.Scale, req.Offset); err != nil {
			return nil, bad("%v", err)
		}
	}
	keep, err := parseKeep(req.Keep)
	if err != nil {
		return nil, err
	}
	cfg := eval.Config{Task: req.Task, Loss: req.Loss, Bias: req.Features.Bias, Degree: req.Features.Degree,
		Learners: req.Learners, Shuffle: req.Order.Shuffle, Seed: req.Order.Seed, Passes: req.Passes, Keep: keep}
	s, err := eval.New(rounds, cfg, eval.DefaultLimits)
	if err != nil {
		return nil, bad("%v", err)
	}
	if err := s.RunContext(req.ctx); err != nil {
		return nil, gone(err)
	}
	res, err := s.ResultContext(req.ctx)
	if err != nil {
		if req.ctx.Err() != nil {
			return nil, gone(err)
		}
		return nil, bad("%v", err)
	}
	resp := &runResponse{Task: req.Task, Data: info, Result: res}
	if keep.Order {
		resp.Order = s.Order()
	}
	return resp, nil
}

// rounds reads the request's data: exactly one of data, dataset and csv.
func (req *runRequest) rounds() (*data.Rounds, dataInfo, error) {
	sources := 0
	for _, given := range []bool{req.Data != nil, req.Dataset != "", req.CSV != nil} {
		if given {
			sources++
		}
	}
	if sources != 1 {
		return nil, dataInfo{}, bad("give exactly one of \"data\", \"dataset\" and \"csv\" (got %d)", sources)
	}
	if req.Task != data.Classify && req.Task != data.Regress {
		return nil, dataInfo{}, bad("task %q is not \"classify\", \"regress\", \"bandit\" or \"sampling\"", req.Task)
	}
	var r *data.Rounds
	var info dataInfo
	switch {
	case req.Data != nil:
		var err error
		if r, err = req.Data.Rounds(req.Task, data.DefaultLimits); err != nil {
			return nil, info, bad("%v", err)
		}
		info.Source = "inline data"
	default:
		tab, source, err := req.table()
		if err != nil {
			return nil, info, err
		}
		info.Source = source
		r, err = tab.Select(req.Task, data.Selection{Features: req.Columns, Label: req.Label, Positive: req.Positive, Classes: req.Classes})
		if err != nil {
			return nil, info, bad("%v", err)
		}
	}
	info.Columns, info.Units, info.Rows = r.Features, r.Units, len(r.X)
	info.Dropped, info.Excluded, info.Positive = r.Dropped, r.Excluded, r.Positive
	info.Ignored = req.ignored
	return r, info, nil
}

// table reads the request's dataset or CSV and fills in the default columns
// (every feature of a dataset, every numeric column of a CSV but the label)
// and label (a dataset's first label column; a CSV must name its own).
func (req *runRequest) table() (*data.Table, string, error) {
	if req.Dataset != "" {
		t, ds, err := data.Load(req.Dataset)
		if err != nil {
			return nil, "", bad("%v", err)
		}
		if len(req.Columns) == 0 {
			for _, f := range ds.Features {
				req.Columns = append(req.Columns, f.Name)
			}
		}
		if req.Label == "" {
			req.Label = ds.Labels[0]
		}
		return t, "dataset " + ds.Name, nil
	}
	t, err := data.ParseCSV(strings.NewReader(*req.CSV), data.DefaultLimits)
	if err != nil {
		return nil, "", bad("%v", err)
	}
	if req.Label == "" {
		return nil, "", bad("a csv run needs \"label\": one of its columns (%s)", strings.Join(t.Names(), ", "))
	}
	if len(req.Columns) == 0 {
		for _, c := range t.Columns {
			switch {
			case c.Name == req.Label:
			case c.Numeric:
				req.Columns = append(req.Columns, c.Name)
			default: // said in the answer, never left out silently
				req.ignored = append(req.ignored, c.NumericError().Error()+": not a feature")
			}
		}
	}
	return t, "csv", nil
}

// parseKeep reads the "keep" list.
func parseKeep(keep []string) (eval.Keep, error) {
	var k eval.Keep
	for _, v := range keep {
		switch v {
		case "predictions":
			k.Predictions = true
		case "losses":
			k.Losses = true
		case "order":
			k.Order = true
		default:
			return k, bad("keep: unknown record %q (known: predictions, losses, order)", v)
		}
	}
	return k, nil
}

// jsonError makes a decoding error name the field where it can.
func jsonError(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("field %q: %s is not a %s", typeErr.Field, typeErr.Value, typeErr.Type)
	}
	if errors.Is(err, io.EOF) {
		return "the body is empty"
	}
	return err.Error()
}
