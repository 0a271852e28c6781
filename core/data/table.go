package data

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Column is one named column of a table. A column is numeric when every
// non-empty cell is a number; missing cells are NaN in Values and "" in Text.
type Column struct {
	Name    string
	Unit    string    // unit of a numeric column, if known ("mm", "g", "°C")
	Numeric bool      // every non-empty cell parsed as a finite number
	Values  []float64 // the numbers (NaN where missing), when Numeric
	Text    Cells     // the cells as written
	badRow  int       // first row (1-based, after the header) that is not a number
}

// Table is a rectangular set of named columns.
type Table struct {
	Columns   []Column
	Rows      int
	Separator rune  // of the CSV text it was read from (0 for a built-in table)
	Lines     []int // the line of the CSV text each row was read from, when read from one
}

// Line returns the line of the text that row (1-based) was read from, or
// the row itself for a table that was not read from text.
func (t *Table) Line(row int) int {
	if row >= 1 && row <= len(t.Lines) {
		return t.Lines[row-1]
	}
	return row
}

// Column returns the column with the given name.
func (t *Table) Column(name string) (*Column, bool) {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i], true
		}
	}
	return nil, false
}

// Names returns the column names in order.
func (t *Table) Names() []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

// newColumn builds a column from its cells, deciding whether it is numeric;
// with decimalComma, "1,5" is the number 1.5.
func newColumn(name string, cells Cells, decimalComma bool) Column {
	c := Column{Name: name, Text: cells, Numeric: true, Values: make([]float64, cells.Len())}
	for i := range cells.Len() {
		cell := strings.TrimSpace(cells.At(i))
		if cell == "" || strings.EqualFold(cell, "NA") {
			c.Values[i] = math.NaN()
			continue
		}
		if decimalComma && strings.Count(cell, ",") == 1 && !strings.Contains(cell, ".") {
			cell = strings.Replace(cell, ",", ".", 1)
		}
		v, err := strconv.ParseFloat(cell, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			if c.Numeric {
				c.badRow = i + 1
			}
			c.Numeric = false
			continue
		}
		c.Values[i] = v
	}
	if !c.Numeric {
		c.Values = nil
	}
	return c
}

// notNumericError explains why a column cannot be a feature.
// NumericError says why the column is not numeric (the first cell that is
// not a finite number), or is nil for a numeric column.
func (c *Column) NumericError() error {
	if c.Numeric {
		return nil
	}
	return c.notNumericError()
}

func (c *Column) notNumericError() error {
	return fmt.Errorf("column %q is not numeric: row %d has %q", c.Name, c.badRow, c.Text.At(c.badRow-1))
}
