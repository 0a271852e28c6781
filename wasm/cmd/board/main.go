//go:build js

// Command board is the leaderboard on one's own CSV in the browser
// (board.wasm): it runs in a Web Worker of the page (site/board-worker.js),
// off the main thread, and registers unitfreeRunBoard(csv, own, spread,
// progress) there. own and spread are the JSON of leaderboard.Own and
// leaderboard.Spread; progress(done, total) is called after each run. It
// returns {board: JSON of the leaderboard.SpreadBoard} or {error: message}.
// The data never leave the browser. The page cancels a board by
// terminating the worker.
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
	js.Global().Set("unitfreeRunBoard", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 4 {
			return map[string]any{"error": "unitfreeRunBoard takes the CSV text, the board's own settings, its spread and a progress function"}
		}
		progress := args[3]
		text, err := run(args[0].String(), args[1].String(), args[2].String(), func(done, total int) {
			if progress.Type() == js.TypeFunction {
				progress.Invoke(done, total)
			}
		})
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"board": text}
	}))
	select {} // keep the program alive for the calls
}

// run parses the CSV text, makes the board's rounds and plays it.
func run(csv, ownJSON, spreadJSON string, progress func(done, total int)) (string, error) {
	var own leaderboard.Own
	if err := json.Unmarshal([]byte(ownJSON), &own); err != nil {
		return "", fmt.Errorf("the board's settings: %v", err)
	}
	spread := leaderboard.DefaultSpread
	if err := json.Unmarshal([]byte(spreadJSON), &spread); err != nil {
		return "", fmt.Errorf("the board's orders and rescalings: %v", err)
	}
	if err := spread.Check(); err != nil {
		return "", err
	}
	tab, err := data.ParseCSV(strings.NewReader(csv), data.DefaultLimits)
	if err != nil {
		return "", err
	}
	task, rounds, err := own.Rounds(tab)
	if err != nil {
		return "", err
	}
	b, err := leaderboard.RunSpreadContext(context.Background(), task, rounds, spread, progress)
	if err != nil {
		return "", err
	}
	raw, err := json.Marshal(b)
	return string(raw), err
}
