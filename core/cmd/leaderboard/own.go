package main

import (
	"fmt"
	"os"
	"strings"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
)

// ownData is the board on a CSV file of one's own, from the flags.
type ownData struct {
	label, columns, task, positive, classes string
	spread                                  leaderboard.Spread
}

// board reads the file and plays the board on it.
func (o ownData) board(path string) (leaderboard.SpreadBoard, error) {
	f, err := os.Open(path)
	if err != nil {
		return leaderboard.SpreadBoard{}, err
	}
	defer f.Close()
	tab, err := data.ParseCSV(f, data.DefaultLimits)
	if err != nil {
		return leaderboard.SpreadBoard{}, fmt.Errorf("%s: %w", path, err)
	}
	own := leaderboard.Own{Label: o.label, Task: o.task, Positive: o.positive}
	if o.columns != "" {
		own.Columns = strings.Split(o.columns, ",")
	}
	if o.classes != "" {
		own.Classes = strings.Split(o.classes, ",")
	}
	task, rounds, err := own.Rounds(tab)
	if err != nil {
		return leaderboard.SpreadBoard{}, fmt.Errorf("%s: %w (flags -label, -columns, -task, -positive, -classes)", path, err)
	}
	return leaderboard.RunSpread(task, rounds, o.spread)
}
