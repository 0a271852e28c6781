package playground

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"unitfree/core/data"
)

// CSVChoice is the visitor's choice of an imported table's columns: the
// two features and the label, and, for a label of more than two classes,
// the class that is +1 and the one that is -1 ("" for the rest). "" means
// the default for each.
type CSVChoice struct{ X, Y, Label, Positive, Negative string }

// ClassCount is one class of the label column and its rows.
type ClassCount struct {
	Name string
	Rows int
}

// Imported is an imported CSV as plot data, with what the page needs to
// offer another choice of columns and classes and to say what was left out.
type Imported struct {
	Preset
	Choice    CSVChoice    // the columns and classes used
	Unused    []string     // the columns not used (none is left out silently)
	Numeric   []string     // the columns that can be features
	Columns   []string     // every column (a label may be any with 2 to MaxClasses classes)
	Classes   []ClassCount // the label's classes, in sorted order
	Skipped   []int        // lines of the file whose rows were left out for a missing value
	Excluded  int          // rows of the classes not chosen
	Separator string       // the file's separator: comma, semicolon or tab
}

// MaxClasses is the most classes a label column may have: the page
// offers each against the rest and each pair.
const MaxClasses = 20

// ImportCSV reads a CSV with a header row (separated by commas, semicolons
// or tabs) into plot data, with the columns of the choice, or by default:
// the label is the column named label or class, else the last column that
// is not numeric (cat and dog), else a numeric column named y (of three or
// more), the first of these with 2 to MaxClasses classes. With two classes
// the first in sorted order (or +1) becomes +1; with more, the chosen
// class (by default the first) against the chosen other or the rest. The
// features are the first two numeric columns besides the label. Rows with
// a missing cell are left out and their lines listed; an unreadable file
// or choice is an error that says why.
func ImportCSV(text string, choice CSVChoice) (Imported, error) {
	tab, err := data.ParseCSV(strings.NewReader(text), data.Limits{MaxRows: MaxPoints, MaxColumns: 50})
	if err != nil {
		return Imported{}, err
	}
	out := Imported{Columns: tab.Names(), Separator: data.SeparatorName(tab.Separator)}
	for _, c := range tab.Columns {
		if c.Numeric {
			out.Numeric = append(out.Numeric, c.Name)
		}
	}
	if len(tab.Columns) == 1 {
		return Imported{}, fmt.Errorf("it has one column, %q: its header holds no comma, semicolon or tab to separate columns by", tab.Columns[0].Name)
	}
	label := choice.Label
	if label == "" {
		label = pickLabel(tab)
	}
	if label == "" {
		return Imported{}, fmt.Errorf("it needs a label column of 2 to %d classes, named label or class, or the last column of text (columns: %s; separator: %s)",
			MaxClasses, strings.Join(tab.Names(), ", "), out.Separator)
	}
	lc, _ := tab.Column(label)
	if lc == nil {
		return Imported{}, fmt.Errorf("it has no column %q (columns: %s)", label, strings.Join(tab.Names(), ", "))
	}
	out.Classes = classCounts(lc)
	switch n := len(out.Classes); {
	case n < 2:
		return Imported{}, fmt.Errorf("the label column %q has %d class%s: a learner needs two to tell apart", label, n, plural(n, "", "es"))
	case n > MaxClasses:
		return Imported{}, fmt.Errorf("the label column %q has %d different values, more than the %d classes a label may have: pick another label", label, n, MaxClasses)
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
		return Imported{}, fmt.Errorf("it needs two numeric feature columns besides the label %q (columns: %s; separator: %s)", label, strings.Join(tab.Names(), ", "), out.Separator)
	}
	if feats[0] == feats[1] || feats[0] == label || feats[1] == label {
		return Imported{}, fmt.Errorf("pick two different features and a label that is neither, not %s, %s and %s", feats[0], feats[1], label)
	}
	for _, name := range tab.Names() {
		if name != label && name != feats[0] && name != feats[1] {
			out.Unused = append(out.Unused, name)
		}
	}
	sel := data.Selection{Features: feats, Label: label}
	positive, negative := choice.Positive, choice.Negative
	if len(out.Classes) > 2 || positive != "" {
		if positive == "" || !hasClass(out.Classes, positive) {
			positive, negative = out.Classes[0].Name, ""
		}
		if negative != "" && (negative == positive || !hasClass(out.Classes, negative)) {
			negative = ""
		}
		if negative == "" {
			sel.Positive = positive
		} else {
			sel.Classes = []string{positive, negative}
		}
	}
	r, err := tab.Select(data.Classify, sel)
	if err != nil {
		return Imported{}, err
	}
	for _, row := range r.DroppedRows {
		out.Skipped = append(out.Skipped, tab.Line(row))
	}
	out.Excluded = r.Excluded
	out.Choice = CSVChoice{feats[0], feats[1], label, positive, negative}
	out.Preset = Preset{ID: "csv", Label: "Imported CSV", Degree: 1, Features: [2]Feature{{feats[0], ""}, {feats[1], ""}}}
	for i, x := range r.X {
		out.Points = append(out.Points, Point{x[0], x[1], r.Y[i]})
	}
	return out, nil
}

// ClassesText says which classes play, with their rows: "setosa (+1, 50
// rows) against the rest (−1, 100 rows)", or "" for a two-class label.
func (imp Imported) ClassesText() string {
	if imp.Choice.Positive == "" {
		return ""
	}
	pos, rest := 0, 0
	for _, c := range imp.Classes {
		switch {
		case c.Name == imp.Choice.Positive:
			pos = c.Rows
		case imp.Choice.Negative == "" || c.Name == imp.Choice.Negative:
			rest += c.Rows
		}
	}
	other := "the rest"
	if imp.Choice.Negative != "" {
		other = imp.Choice.Negative
	}
	return fmt.Sprintf("%s (+1, %d rows) against %s (−1, %d rows)", imp.Choice.Positive, pos, other, rest)
}

// ClassOptions lists the choices of classes for a label of more than two:
// each class against the rest, then each pair, as option values ("2" for
// class 2 against the rest, "2/0" for class 2 against class 0) and
// labels with the rows of each side; selected is the value in use. It is
// empty for a two-class label.
func (imp Imported) ClassOptions() (values, labels []string, selected string) {
	cs := imp.Classes
	if imp.Choice.Positive == "" || len(cs) < 3 {
		return nil, nil, ""
	}
	total := 0
	for _, c := range cs {
		total += c.Rows
	}
	for i, c := range cs {
		values = append(values, strconv.Itoa(i))
		labels = append(labels, fmt.Sprintf("%s against the rest (%d vs %d)", c.Name, c.Rows, total-c.Rows))
		if c.Name == imp.Choice.Positive && imp.Choice.Negative == "" {
			selected = values[len(values)-1]
		}
	}
	for i, a := range cs {
		for j, b := range cs {
			if i == j {
				continue
			}
			values = append(values, strconv.Itoa(i)+"/"+strconv.Itoa(j))
			labels = append(labels, fmt.Sprintf("%s against %s (%d vs %d)", a.Name, b.Name, a.Rows, b.Rows))
			if a.Name == imp.Choice.Positive && b.Name == imp.Choice.Negative {
				selected = values[len(values)-1]
			}
		}
	}
	return values, labels, selected
}

// ClassChoice returns the classes of a ClassOptions value: the +1 class and
// the -1 class ("" for the rest).
func (imp Imported) ClassChoice(value string) (positive, negative string) {
	at := func(s string) string {
		if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(imp.Classes) {
			return imp.Classes[i].Name
		}
		return ""
	}
	p, n, _ := strings.Cut(value, "/")
	return at(p), at(n)
}

// SkippedText says which rows were left out for a missing value: "3 rows
// skipped (missing values): lines 5, 9, 12", the first 10 lines listed;
// "" when none was.
func (imp Imported) SkippedText() string {
	n := len(imp.Skipped)
	if n == 0 {
		return ""
	}
	var lines []string
	for _, l := range imp.Skipped[:min(n, 10)] {
		lines = append(lines, strconv.Itoa(l))
	}
	more := ""
	if n > 10 {
		more = fmt.Sprintf(" and %d more", n-10)
	}
	return fmt.Sprintf("%d row%s skipped (missing values): line%s %s%s", n, plural(n, "", "s"), plural(n, "", "s"), strings.Join(lines, ", "), more)
}

// classCounts returns a column's distinct non-missing values, sorted, with
// the rows of each.
func classCounts(c *data.Column) []ClassCount {
	rows := map[string]int{}
	for i := range c.Text.Len() {
		if v := strings.TrimSpace(c.Text.At(i)); v != "" && !strings.EqualFold(v, "NA") {
			rows[v]++
		}
	}
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, name)
	}
	slices.Sort(names) // (a SortFunc on ClassCount linked a sort of its own: 20 KB of the page's program)
	out := make([]ClassCount, len(names))
	for i, name := range names {
		out[i] = ClassCount{name, rows[name]}
	}
	return out
}

func hasClass(cs []ClassCount, name string) bool {
	return slices.ContainsFunc(cs, func(c ClassCount) bool { return c.Name == name })
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pickLabel returns the label column of an imported table, or "": the
// column named label or class, else the first of the last column of text
// and a column named y (of three or more) with 2 to MaxClasses classes.
func pickLabel(tab *data.Table) string {
	for _, c := range tab.Columns {
		if n := strings.ToLower(c.Name); n == "label" || n == "class" {
			return c.Name // named so: its classes are checked, and said when wrong
		}
	}
	var candidates []*data.Column
	for i := len(tab.Columns) - 1; i >= 0; i-- {
		if !tab.Columns[i].Numeric {
			candidates = append(candidates, &tab.Columns[i])
			break
		}
	}
	for i := range tab.Columns { // y as the label leaves two features only with three columns
		if strings.ToLower(tab.Columns[i].Name) == "y" && len(tab.Columns) >= 3 {
			candidates = append(candidates, &tab.Columns[i])
		}
	}
	for _, c := range candidates {
		if n := len(classCounts(c)); n >= 2 && n <= MaxClasses {
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
