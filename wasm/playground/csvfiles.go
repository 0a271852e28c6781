package playground

import (
	"fmt"
	"strconv"
	"strings"

	"unitfree/core/data"
)

// CSVChoice is the visitor's choice of an imported table's columns: the
// two features and the label ("" for each: the default).
type CSVChoice struct{ X, Y, Label string }

// Imported is an imported CSV as plot data, with what the page needs to
// offer another choice of columns.
type Imported struct {
	Preset
	Choice  CSVChoice // the columns used
	Unused  []string  // the columns not used (none is left out silently)
	Numeric []string  // the columns that can be features
	Columns []string  // every column (a label may be any with two classes)
}

// ImportCSV reads a CSV with a header row into plot data, with the columns
// of the choice, or by default: the label is the column named label or
// class, else the last column that is not numeric (cat and dog), else a
// numeric column named y (of three or more); it must have two values (the
// first in sorted order, or +1, becomes +1). The features are the first
// two numeric columns besides it. Rows with a missing cell are left out;
// an unreadable file or choice is an error that says why.
func ImportCSV(text string, choice CSVChoice) (Imported, error) {
	tab, err := data.ParseCSV(strings.NewReader(text), data.Limits{MaxRows: MaxPoints, MaxColumns: 50})
	if err != nil {
		return Imported{}, err
	}
	out := Imported{Columns: tab.Names()}
	for _, c := range tab.Columns {
		if c.Numeric {
			out.Numeric = append(out.Numeric, c.Name)
		}
	}
	label := choice.Label
	if label == "" {
		label = pickLabel(tab)
	}
	if label == "" {
		return Imported{}, fmt.Errorf("it needs a label column with two classes, named label or class (columns: %s)", strings.Join(tab.Names(), ", "))
	}
	feats := []string{choice.X, choice.Y}
	if choice.X == "" || choice.Y == "" {
		feats = nil
		for _, name := range out.Numeric {
			if name != label && len(feats) < 2 {
				feats = append(feats, name)
			}
		}
	}
	if len(feats) < 2 {
		return Imported{}, fmt.Errorf("it needs two numeric feature columns besides the label %q (columns: %s)", label, strings.Join(tab.Names(), ", "))
	}
	if feats[0] == feats[1] || feats[0] == label || feats[1] == label {
		return Imported{}, fmt.Errorf("pick two different features and a label that is neither, not %s, %s and %s", feats[0], feats[1], label)
	}
	for _, name := range tab.Names() {
		if name != label && name != feats[0] && name != feats[1] {
			out.Unused = append(out.Unused, name)
		}
	}
	r, err := tab.Select(data.Classify, data.Selection{Features: feats, Label: label})
	if err != nil {
		return Imported{}, err
	}
	out.Choice = CSVChoice{feats[0], feats[1], label}
	out.Preset = Preset{ID: "csv", Label: "Imported CSV", Degree: 1, Features: [2]Feature{{feats[0], ""}, {feats[1], ""}}}
	for i, x := range r.X {
		out.Points = append(out.Points, Point{x[0], x[1], r.Y[i]})
	}
	return out, nil
}

// pickLabel returns the label column of an imported table, or "".
func pickLabel(tab *data.Table) string {
	for _, c := range tab.Columns {
		if n := strings.ToLower(c.Name); n == "label" || n == "class" {
			return c.Name
		}
	}
	for i := len(tab.Columns) - 1; i >= 0; i-- {
		if !tab.Columns[i].Numeric {
			return tab.Columns[i].Name
		}
	}
	for _, c := range tab.Columns { // y as the label leaves two features only with three columns
		if strings.ToLower(c.Name) == "y" && len(tab.Columns) >= 3 {
			return c.Name
		}
	}
	return ""
}

// SetData replaces the data by an imported set (undoably) in base units.
func (m *Model) SetData(p Preset) {
	m.usePreset(p)
}

// ExportCSV writes the points in the current units, with the units in the
// header.
func ExportCSV(m *Model) string {
	var b strings.Builder
	head := func(i int) string {
		u := m.Unit(i)
		if u.Label == "" || u.Label == "×1" {
			return m.Features[i].Name
		}
		return m.Features[i].Name + " [" + u.Label + "]"
	}
	fmt.Fprintf(&b, "%s,%s,label\n", csvField(head(0)), csvField(head(1)))
	u0, u1 := m.Unit(0), m.Unit(1)
	for _, p := range m.Points {
		fmt.Fprintf(&b, "%s,%s,%s\n", fnum(u0.Convert(p.X)), fnum(u1.Convert(p.Y)), fnum(p.Label))
	}
	return b.String()
}

// MetricsCSV writes each learner's cumulative loss and mistakes per round.
func MetricsCSV(m *Model, r *Run) string {
	var b strings.Builder
	b.WriteString("round")
	for _, l := range m.Learners {
		fmt.Fprintf(&b, ",%s_loss,%s_mistakes", l.ID, l.ID)
	}
	b.WriteString("\n")
	for t := 0; t < r.Played(); t++ {
		b.WriteString(strconv.Itoa(t + 1))
		for i := range m.Learners {
			fmt.Fprintf(&b, ",%s,%s", fnum(r.CumLoss[i][t]), fnum(r.CumMistakes[i][t]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// csvField quotes s as a CSV field (RFC 4180: a quote inside is doubled).
func csvField(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func fnum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
