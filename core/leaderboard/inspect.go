package leaderboard

import (
	"strings"

	"unitfree/core/data"
)

// MaxClasses bounds the classes of a board's label column: a column of more
// distinct values is not a class to choose from (a regression needs it
// numeric).
const MaxClasses = 50

// ColumnInfo describes one column of a table for choosing a board's
// settings.
type ColumnInfo struct {
	Name     string   `json:"name"`              // the header's name
	Numeric  bool     `json:"numeric"`           // every non-missing cell is a finite number
	Why      string   `json:"why,omitempty"`     // why it is not numeric (its first other cell)
	Distinct int      `json:"distinct"`          // distinct non-missing values, counted up to MaxClasses+1
	Classes  []string `json:"classes,omitempty"` // those values, in order of first appearance, when at most MaxClasses
}

// TableInfo describes a table for choosing a board's settings: its
// columns and the label column proposed.
type TableInfo struct {
	Rows      int          `json:"rows"`      // data rows
	Separator string       `json:"separator"` // comma, semicolon or tab
	Columns   []ColumnInfo `json:"columns"`   // in the header's order
	Label     string       `json:"label"`     // the label column proposed
}

// labelNames are the headers that usually name a label, in order of
// preference.
var labelNames = []string{"label", "class", "target", "y", "outcome", "species", "category"}

// Inspect describes a table and proposes its label column: a column named
// like a label; else the last text column of 2 to MaxClasses values; else
// the last column.
func Inspect(tab *data.Table) TableInfo {
	info := TableInfo{Rows: tab.Rows, Separator: data.SeparatorName(tab.Separator)}
	for i := range tab.Columns {
		c := &tab.Columns[i]
		ci := ColumnInfo{Name: c.Name, Numeric: c.Numeric}
		if err := c.NumericError(); err != nil {
			ci.Why = err.Error()
		}
		values := distinctCells(c, MaxClasses+1)
		ci.Distinct = len(values)
		if len(values) <= MaxClasses {
			ci.Classes = values
		}
		info.Columns = append(info.Columns, ci)
	}
	for _, want := range labelNames {
		for _, c := range info.Columns {
			if info.Label == "" && strings.EqualFold(c.Name, want) {
				info.Label = c.Name
			}
		}
	}
	for i := len(info.Columns) - 1; i >= 0 && info.Label == ""; i-- {
		if c := info.Columns[i]; !c.Numeric && c.Distinct >= 2 && c.Distinct <= MaxClasses {
			info.Label = c.Name
		}
	}
	if info.Label == "" && len(info.Columns) > 0 {
		info.Label = info.Columns[len(info.Columns)-1].Name
	}
	return info
}
