package data

import (
	"slices"
	"strings"
	"testing"
)

// TestSeparators: a semicolon- or tab-separated file reads as the same
// table as its comma-separated twin (with decimal commas under a
// semicolon or a tab); a comma inside quotes does not count.
func TestSeparators(t *testing.T) {
	want := "a,b,class\n1.5,2,x\n3,-4.25,y\n"
	for _, text := range []string{
		want,
		"a;b;class\n1,5;2;x\n3;-4,25;y\n",
		"a\tb\tclass\n1.5\t2\tx\n3\t-4,25\ty\n",
		"\"a,1\";b;class\n1,5;2;x\n3;-4,25;y\n",
	} {
		tab, err := ParseCSV(strings.NewReader(text), DefaultLimits)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if len(tab.Columns) != 3 || !tab.Columns[0].Numeric || !tab.Columns[1].Numeric ||
			!slices.Equal(tab.Columns[0].Values, []float64{1.5, 3}) || !slices.Equal(tab.Columns[1].Values, []float64{2, -4.25}) {
			t.Errorf("%q read as %d columns: %+v", text, len(tab.Columns), tab.Columns)
		}
	}
	for header, sep := range map[string]rune{"a,b": ',', "a;b": ';', "a\tb": '\t', "a": ',', `"x;y",b`: ',', "a;b,c;d": ';'} {
		if got := Separator(header); got != sep {
			t.Errorf("Separator(%q) = %q, want %q", header, got, sep)
		}
	}
	// A decimal comma is not read under the comma separator: "1,5" there is two cells.
	if _, err := ParseCSV(strings.NewReader("a,b\n1,5,2\n"), DefaultLimits); err == nil || !strings.Contains(err.Error(), "separator: comma") {
		t.Errorf("a row with a cell too many: %v", err)
	}
}

// TestDroppedRowsAreListed: rows left out for a missing value are listed
// with the lines of the text they came from (a blank line and a quoted
// line break count).
func TestDroppedRowsAreListed(t *testing.T) {
	text := "a,b,y\n1,2,1\n\n,3,-1\n\"4\n\",5,1\n6,,1\n7,8,\n9,9,-1\n"
	tab, err := ParseCSV(strings.NewReader(text), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	r, err := tab.Select(Classify, Selection{Features: []string{"a", "b"}, Label: "y"})
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, row := range r.DroppedRows {
		lines = append(lines, tab.Line(row))
	}
	if r.Dropped != 3 || !slices.Equal(lines, []int{4, 7, 8}) || len(r.X) != 3 {
		t.Fatalf("dropped %d rows at lines %v, kept %d; want 3 at lines 4, 7, 8 and 3 kept", r.Dropped, lines, len(r.X))
	}
}
