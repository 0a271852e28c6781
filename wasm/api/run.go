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
	"unicode"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/wasm/wire"
)

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

// bad is a 400 whose message is cut to maxMessage bytes (a refused key
// of a megabyte is not echoed back whole).
func bad(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if len(msg) > maxMessage {
		msg = strings.ToValidUTF8(msg[:maxMessage], "") + "…"
	}
	return &badRequest{status: http.StatusBadRequest, msg: msg}
}

// maxMessage is the longest error message the API writes.
const maxMessage = 600

// refused is the error of a run the admission did not start.
type refused struct{ err error }

func (e *refused) Error() string { return e.err.Error() }
func (e *refused) Unwrap() error { return e.err }

// runner answers POST /api/run, admitting each run through admit.
type runner struct {
	admit admitFunc
	body  int // the request's size in bytes, once read
}

// start admits a run of the estimated memory; its error answers the
// request.
func (rn runner) start(ctx context.Context, bytes int64) (func(), error) {
	release, err := rn.admit(ctx, bytes+bodyCopies*int64(rn.body))
	if err != nil {
		return nil, &refused{err}
	}
	return release, nil
}

// serve reads the whole body first (within MaxBodyBytes and the server's
// read deadline), then decodes and checks it, then takes its admission,
// runs, and releases the admission before the answer is written: a
// client that sends or reads slowly holds no run slot.
func (rn runner) serve(w http.ResponseWriter, r *http.Request) {
	resp, err := rn.runBody(r)
	if err != nil {
		var ref *refused
		if errors.As(err, &ref) {
			writeRefusal(w, ref.err)
			return
		}
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

func (rn runner) runBody(r *http.Request) (any, error) {
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
	if len(bytes.TrimSpace(buf)) == 0 {
		return nil, bad("the body is not a valid run request: the body is empty")
	}
	// The task first (it says which request type the body is), and one
	// JSON value only.
	var head wire.Head
	dec := json.NewDecoder(bytes.NewReader(buf))
	if err := dec.Decode(&head); err != nil {
		return nil, bad("the body is not a valid run request: %v", jsonError(err))
	}
	if len(bytes.TrimSpace(buf[dec.InputOffset():])) > 0 {
		return nil, bad("the body has more than one JSON value")
	}
	if err := checkKeys(r.Context(), buf); err != nil {
		return nil, bad("the body is not a valid run request: %v", err)
	}
	ctx := r.Context()
	rn.body = len(buf)
	switch head.Task {
	case data.Classify, data.Regress:
		return decodeThen(buf, head.Task, func(req *wire.LinearRequest) (any, error) { return rn.runLinear(ctx, req) })
	case wire.TaskBandit:
		return decodeThen(buf, head.Task, func(req *wire.BanditRequest) (any, error) { return rn.runBandit(ctx, req) })
	case wire.TaskSampling:
		return decodeThen(buf, head.Task, func(req *wire.SamplingRequest) (any, error) { return rn.runSampling(ctx, req) })
	case wire.TaskBoard:
		return decodeThen(buf, head.Task, func(req *wire.BoardRequest) (any, error) { return rn.runBoard(ctx, req) })
	}
	return nil, bad("task %q is not \"classify\", \"regress\", \"bandit\", \"sampling\" or \"board\"", head.Task)
}

// decodeThen decodes the body as the task's own request type, refusing
// fields the type does not have, and runs it.
func decodeThen[T any](buf []byte, task data.Task, run func(*T) (any, error)) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(buf))
	dec.DisallowUnknownFields()
	var req T
	if err := dec.Decode(&req); err != nil {
		return nil, bad("the body is not a valid %q run request: %v", task, jsonError(err))
	}
	return run(&req)
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
		// The path without the Go names of embedded structs ("Source.").
		path := strings.Split(typeErr.Field, ".")
		for len(path) > 1 && path[0] != "" && unicode.IsUpper(rune(path[0][0])) {
			path = path[1:]
		}
		return fmt.Sprintf("field %q: %s is not a %s", strings.Join(path, "."), typeErr.Value, typeErr.Type)
	}
	if errors.Is(err, io.EOF) {
		return "the body is empty"
	}
	return err.Error()
}
