//go:build js

// Command board is the leaderboard on one's own CSV in the browser
// (board.wasm): it runs in the Web Workers of the page
// (site/board-worker.js), off the main thread, and registers four
// functions there, each returning {error: message} when it cannot:
//
//	unitfreeInspectCSV(csv) -> {info: JSON of leaderboard.TableInfo}
//	unitfreeBoardLoad(key, csv, own, spread, groups) -> {groups, task}
//	unitfreeBoardComparator(key, csv, own, spread) -> {comparator, task}
//	unitfreeBoardPlay(key, csv, own, spread, job, progress) -> {part, task}
//	unitfreeMergeBoard(task, spread, parts) -> {board, markdown, csv}
//
// own, spread, job, task and parts are JSON (leaderboard.Own,
// leaderboard.Spread, a job, leaderboard.Task, a list of
// leaderboard.Part); a job is {orders, learners, comparator}: the orders
// (from 0) of a group of the task's learners (null: all of them), with the
// comparator of the natural run. Load splits the learners into groups of
// about equal work when asked for more than one (leaderboard.Runs.Split),
// and answers null otherwise. progress(done, total) is called after each
// run. The page searches for the comparator in one worker while the others
// load the file, map its rows and split the learners, then hands out the
// jobs to the workers as they finish, and merges the parts in one. A worker keeps the
// board's runs of its last key, so that the CSV is read once per board
// (csv may then be null). The data never leave the browser.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"syscall/js"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/leaderboard"
)

func main() {
	register("unitfreeInspectCSV", 1, func(args []js.Value) (map[string]any, error) {
		text, err := csvReader(args[0])
		if err != nil {
			return nil, err
		}
		tab, err := data.ParseCSV(text, data.DefaultLimits)
		if err != nil {
			return nil, err
		}
		info, err := json.Marshal(leaderboard.Inspect(tab))
		return map[string]any{"info": string(info)}, err
	})
	register("unitfreeBoardLoad", 5, func(args []js.Value) (map[string]any, error) {
		b, err := load(args[0].String(), args[1], args[2].String(), args[3].String())
		if err != nil {
			return nil, err
		}
		if err := b.runs.Map(); err != nil {
			return nil, err
		}
		var groups [][]string
		if n := args[4].Int(); n > 1 {
			if groups, err = b.runs.Split(n); err != nil {
				return nil, err
			}
		}
		return answer(b, "groups", groups)
	})
	register("unitfreeBoardComparator", 4, func(args []js.Value) (map[string]any, error) {
		b, err := load(args[0].String(), args[1], args[2].String(), args[3].String())
		if err != nil {
			return nil, err
		}
		cmp, err := b.runs.Comparator(context.Background())
		if err != nil {
			return nil, err
		}
		return answer(b, "comparator", cmp)
	})
	register("unitfreeBoardPlay", 6, func(args []js.Value) (map[string]any, error) {
		b, err := load(args[0].String(), args[1], args[2].String(), args[3].String())
		if err != nil {
			return nil, err
		}
		progress := args[5]
		return play(b, args[4].String(), func(done, total int) {
			if progress.Type() == js.TypeFunction {
				progress.Invoke(done, total)
			}
		})
	})
	register("unitfreeMergeBoard", 3, func(args []js.Value) (map[string]any, error) {
		return merge(args[0].String(), args[1].String(), args[2].String())
	})
	select {} // keep the program alive for the calls
}

// register sets a global function of n arguments whose answer is its
// result or {error}.
func register(name string, n int, f func([]js.Value) (map[string]any, error)) {
	js.Global().Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != n {
			return map[string]any{"error": fmt.Sprintf("%s takes %d arguments", name, n)}
		}
		out, err := f(args)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return out
	}))
}

// spreadOf reads a spread's JSON over the defaults and checks it.
func spreadOf(text string) (leaderboard.Spread, error) {
	spread := leaderboard.DefaultSpread
	if err := json.Unmarshal([]byte(text), &spread); err != nil {
		return spread, fmt.Errorf("the board's orders and rescalings: %v", err)
	}
	return spread, spread.Check()
}

// board is a board's runs, kept for the calls of one key.
type board struct {
	key  string
	task leaderboard.Task
	runs *leaderboard.Runs
}

// last is the board of the last key.
var last *board

// load returns the board of the key: the last one, or made from the CSV
// text with the settings.
func load(key string, csv js.Value, ownJSON, spreadJSON string) (*board, error) {
	if last != nil && last.key == key {
		return last, nil
	}
	last = nil // its runs can go before the next are made
	text, err := csvReader(csv)
	if err != nil {
		return nil, err
	}
	var own leaderboard.Own
	if err := json.Unmarshal([]byte(ownJSON), &own); err != nil {
		return nil, fmt.Errorf("the board's settings: %v", err)
	}
	spread, err := spreadOf(spreadJSON)
	if err != nil {
		return nil, err
	}
	tab, err := data.ParseCSV(text, data.DefaultLimits)
	if err != nil {
		return nil, err
	}
	task, rounds, err := own.Rounds(tab)
	if err != nil {
		return nil, err
	}
	runs, err := leaderboard.NewRuns(task, rounds, spread)
	if err != nil {
		return nil, err
	}
	last = &board{key: key, task: task, runs: runs}
	return last, nil
}

// csvReader returns a reader of a CSV handed over as text or as the bytes of a file (a
// Uint8Array: the worker reads a visitor's file as bytes, which are copied
// once, instead of decoding them into a JavaScript string that Go would
// encode back into bytes).
func csvReader(csv js.Value) (io.Reader, error) {
	switch {
	case csv.Type() == js.TypeString:
		return strings.NewReader(csv.String()), nil
	case csv.InstanceOf(js.Global().Get("Uint8Array")):
		b := make([]byte, csv.Length())
		js.CopyBytesToGo(b, csv)
		return bytes.NewReader(b), nil
	}
	return nil, fmt.Errorf("the board's file is missing")
}

// job is one part of a board: some orders of a group of the learners.
type job struct {
	Orders     []int            `json:"orders"`
	Learners   []string         `json:"learners"`   // null: every learner of the task
	Comparator *eval.Comparator `json:"comparator"` // the natural run's; null: the part measures no comparator rows
}

// play plays a job of the board.
func play(b *board, jobJSON string, progress func(done, total int)) (map[string]any, error) {
	var j job
	if err := json.Unmarshal([]byte(jobJSON), &j); err != nil {
		return nil, fmt.Errorf("the board's job: %v", err)
	}
	p, err := b.runs.Play(context.Background(), j.Orders, j.Learners, j.Comparator, progress)
	if err != nil {
		return nil, err
	}
	return answer(b, "part", p)
}

// answer is {name: JSON of v, task: JSON of the board's task}.
func answer(b *board, name string, v any) (map[string]any, error) {
	out, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	task, err := json.Marshal(b.task)
	return map[string]any{name: string(out), "task": string(task)}, err
}

// merge makes the board from the workers' parts, with its Markdown and CSV.
func merge(taskJSON, spreadJSON, partsJSON string) (map[string]any, error) {
	var task leaderboard.Task
	if err := json.Unmarshal([]byte(taskJSON), &task); err != nil {
		return nil, fmt.Errorf("the board's task: %v", err)
	}
	spread, err := spreadOf(spreadJSON)
	if err != nil {
		return nil, err
	}
	var parts []leaderboard.Part
	if err := json.Unmarshal([]byte(partsJSON), &parts); err != nil {
		return nil, fmt.Errorf("the board's parts: %v", err)
	}
	b, err := leaderboard.Merge(task, spread, parts)
	if err != nil {
		return nil, err
	}
	board, err := json.Marshal(b)
	return map[string]any{"board": string(board), "markdown": b.Markdown(), "csv": b.CSV()}, err
}
