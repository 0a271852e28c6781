package data

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Limits bound what a parser accepts, so that a request cannot ask for
// unbounded work.
type Limits struct {
	MaxRows          int
	MaxColumns       int
	MaxSparseColumns int // features of a sparse row (Inline.SparseRounds)
}

// DefaultLimits are the limits of the API and the page. Sparse rows may
// have as many features as the learners' mapped features may (500).
var DefaultLimits = Limits{MaxRows: 100_000, MaxColumns: 100, MaxSparseColumns: 500}

// ParseCSV reads CSV text with a header row. The separator is the comma,
// the semicolon or the tab, whichever the header row holds most of outside
// quotes (a comma when it holds none); with a semicolon or a tab, numbers
// may have a decimal comma ("1,5"), as spreadsheets write them in much of
// the world. Every row must have as many cells as the header; columns whose
// non-empty cells are all numbers are numeric, the others text (a label
// column may be text). The table keeps each data row's line in the text.
func ParseCSV(r io.Reader, lim Limits) (*Table, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(64 << 10)
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	sep := Separator(string(head))
	cr := csv.NewReader(br)
	cr.Comma = sep
	cr.FieldsPerRecord = -1 // checked below with a clearer message
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("csv: the text is empty; it needs a header row and at least one data row")
	}
	if err != nil {
		return nil, fmt.Errorf("csv: header: %w", err)
	}
	if len(header) > lim.MaxColumns {
		return nil, fmt.Errorf("csv: %d columns, more than the limit of %d", len(header), lim.MaxColumns)
	}
	seen := map[string]bool{}
	for i, name := range header {
		name = strings.TrimSpace(strings.TrimPrefix(name, "\ufeff"))
		if name == "" {
			return nil, fmt.Errorf("csv: header column %d has no name", i+1)
		}
		if seen[name] {
			return nil, fmt.Errorf("csv: header names column %q twice", name)
		}
		seen[name] = true
		header[i] = name
	}
	// the records after the header share one slice (the cells are copied
	// out of it): 100,000 rows of 51 cells allocated 80 MB of slices for
	// the garbage collector, a sixth of the parse in WASM
	cr.ReuseRecord = true
	cells := make([]cellsBuilder, len(header))
	var lines []int
	rows := 0
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("csv: %w", err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" && len(header) > 1 {
			continue // a blank line
		}
		rows++
		if rows > lim.MaxRows {
			return nil, fmt.Errorf("csv: more than the limit of %d data rows", lim.MaxRows)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			return nil, fmt.Errorf("csv: line %d has %d cells, the header has %d (separator: %s)", line, len(rec), len(header), SeparatorName(sep))
		}
		lines = append(lines, line)
		for j, cell := range rec {
			if !cells[j].add(cell) {
				return nil, fmt.Errorf("csv: column %q holds more than 4 GiB of text", header[j])
			}
		}
	}
	if rows == 0 {
		return nil, errors.New("csv: no data rows after the header")
	}
	t := &Table{Rows: rows, Separator: sep, Lines: lines}
	for j, name := range header {
		t.Columns = append(t.Columns, newColumn(name, cells[j].cells(), sep != ','))
	}
	return t, nil
}

// Separator returns the separator of a CSV header line: the comma, the
// semicolon or the tab, whichever it holds most of outside quotes; the
// comma when it holds none of them.
func Separator(header string) rune {
	counts := map[rune]int{}
	quoted := false
	for _, c := range header {
		switch {
		case c == '"':
			quoted = !quoted
		case !quoted && (c == ',' || c == ';' || c == '\t'):
			counts[c]++
		}
	}
	best := ','
	for _, c := range []rune{';', '\t'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return best
}

// SeparatorName names a separator for a message.
func SeparatorName(sep rune) string {
	switch sep {
	case ';':
		return "semicolon"
	case '\t':
		return "tab"
	}
	return "comma"
}
