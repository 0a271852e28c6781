//go:build js

// Command board is the leaderboard on one's own CSV in the browser
// (board.wasm): it runs in the Web Workers of the page
// (site/board-worker.js), off the main thread, and registers three
// functions there, each returning {error: message} when it cannot:
//
//	unitfreeInspectCSV(csv) -> {info: JSON of leaderboard.TableInfo}
//	unitfreePlayOrders(csv, own, spread, orders, progress) -> {part, task}
//	unitfreeMergeBoard(task, spread, parts) -> {board, markdown, csv}
//
// own, spread, orders, task and parts are JSON (leaderboard.Own,
// leaderboard.Spread, a list of orders from 0, leaderboard.Task, a list of
// leaderboard.Part); progress(done, total) is called after each run. The
// page plays a board's orders in several workers and merges their parts in
// one. The data never leave the browser.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
)

func main() {
	register("unitfreeInspectCSV", 1, func(args []js.Value) (map[string]any, error) {
		tab, err := data.ParseCSV(strings.NewReader(args[0].String()), data.DefaultLimits)
		if err != nil {
			return nil, err
		}
		info, err := json.Marshal(leaderboard.Inspect(tab))
		return map[string]any{"info": string(info)}, err
	})
	register("unitfreePlayOrders", 5, func(args []js.Value) (map[string]any, error) {
		progress := args[4]
		return play(args[0].String(), args[1].String(), args[2].String(), args[3].String(), func(done, total int) {
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

// play parses the CSV text, makes the board's rounds and plays the orders.
func play(csv, ownJSON, spreadJSON, ordersJSON string, progress func(done, total int)) (map[string]any, error) {
	var own leaderboard.Own
	if err := json.Unmarshal([]byte(ownJSON), &own); err != nil {
		return nil, fmt.Errorf("the board's settings: %v", err)
	}
	spread, err := spreadOf(spreadJSON)
	if err != nil {
		return nil, err
	}
	var orders []int
	if err := json.Unmarshal([]byte(ordersJSON), &orders); err != nil {
		return nil, fmt.Errorf("the board's orders: %v", err)
	}
	tab, err := data.ParseCSV(strings.NewReader(csv), data.DefaultLimits)
	if err != nil {
		return nil, err
	}
	task, rounds, err := own.Rounds(tab)
	if err != nil {
		return nil, err
	}
	p, err := leaderboard.PlayOrders(context.Background(), task, rounds, spread, orders, progress)
	if err != nil {
		return nil, err
	}
	part, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	taskJSON, err := json.Marshal(task)
	return map[string]any{"part": string(part), "task": string(taskJSON)}, err
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
