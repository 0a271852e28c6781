package playground

import (
	"fmt"
	"strconv"
	"strings"

	"unitfree/core/data"
)

// ImportCSV reads a CSV with a header row into plot data: the first two
// numeric columns are the features, and the label is the column named
// label, class or y (else the last non-feature column), which must have two
// values (the first in sorted order, or +1, becomes +1). Rows with a missing
// cell are left out; an unreadable file is an error that says why.
func ImportCSV(text string) (Preset, error) {
	tab, err := data.ParseCSV(strings.NewReader(text), data.Limits{MaxRows: MaxPoints, MaxColumns: 50})
	if err != nil {
		return Preset{}, err
	}
	var feats []string
	for _, c := range tab.Columns {
		if c.Numeric && len(feats) < 2 && !isLabelName(c.Name) {
			feats = append(feats, c.Name)
		}
	}
	if len(feats) < 2 {
		return Preset{}, fmt.Errorf("it needs two numeric feature columns (columns: %s)", strings.Join(tab.Names(), ", "))
	}
	label := ""
	for _, c := range tab.Columns {
		if isLabelName(c.Name) {
			label = c.Name
		}
	}
	if label == "" {
		for _, c := range tab.Columns {
			if c.Name != feats[0] && c.Name != feats[1] {
				label = c.Name
			}
		}
	}
	if label == "" {
		return Preset{}, fmt.Errorf("it needs a label column with two classes (columns: %s)", strings.Join(tab.Names(), ", "))
	}
	r, err := tab.Select(data.Classify, data.Selection{Features: feats, Label: label})
	if err != nil {
		return Preset{}, err
	}
	p := Preset{ID: "csv", Label: "Imported CSV", Degree: 1, Features: [2]Feature{{feats[0], ""}, {feats[1], ""}}}
	for i, x := range r.X {
		p.Points = append(p.Points, Point{x[0], x[1], r.Y[i]})
	}
	return p, nil
}

func isLabelName(name string) bool {
	switch strings.ToLower(name) {
	case "label", "class", "y":
		return true
	}
	return false
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
