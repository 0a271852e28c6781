package data

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParseCSV(t *testing.T) {
	tab, err := ParseCSV(strings.NewReader("a,b,label\n1,2.5,yes\n-3,,no\n4e2,7,yes\n"), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Rows != 3 || len(tab.Columns) != 3 {
		t.Fatalf("got %d rows, %d columns", tab.Rows, len(tab.Columns))
	}
	b, _ := tab.Column("b")
	if !b.Numeric || !math.IsNaN(b.Values[1]) || b.Values[2] != 7 {
		t.Fatalf("column b = %+v", b)
	}
	if l, _ := tab.Column("label"); l.Numeric {
		t.Fatal("a text column was taken as numeric")
	}
}

func TestParseCSVErrorsNameTheProblem(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", "empty"},
		{"a,b\n", "no data rows"},
		{"a,b\n1,2\n3\n", "line 3 has 1 cells"},
		{"a,,c\n1,2,3\n", "column 2 has no name"},
		{"a,a\n1,2\n", `"a" twice`},
		{"a,\"b\n1,2\n", "csv"},
	}
	for _, tc := range tests {
		_, err := ParseCSV(strings.NewReader(tc.text), DefaultLimits)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseCSV(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
	big := "a\n" + strings.Repeat("1\n", 11)
	if _, err := ParseCSV(strings.NewReader(big), Limits{MaxRows: 10, MaxColumns: 5}); err == nil || !strings.Contains(err.Error(), "limit of 10") {
		t.Errorf("row limit: %v", err)
	}
}

func TestPenguins(t *testing.T) {
	tab, ds, err := Load("penguins")
	if err != nil {
		t.Fatal(err)
	}
	if tab.Rows != 344 || ds.Rows != 344 {
		t.Fatalf("penguins has %d rows, want 344", tab.Rows)
	}
	if v := ds.LabelValues["species"]; len(v) != 3 || v[2] != "Gentoo" {
		t.Fatalf("species values %v", v)
	}
	if c, _ := tab.Column("body_mass_g"); c.Unit != "g" || !c.Numeric {
		t.Fatalf("body_mass_g: %+v", c)
	}
	r, err := tab.Select(Classify, Selection{Features: []string{"bill_length_mm", "body_mass_g"}, Label: "species", Positive: "Gentoo"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.X) != 342 || r.Dropped != 2 {
		t.Fatalf("%d rounds, %d dropped; want 342 and 2 (two penguins lack measurements)", len(r.X), r.Dropped)
	}
	gentoo := 0
	for _, y := range r.Y {
		if y == 1 {
			gentoo++
		}
	}
	if gentoo != 123 {
		t.Fatalf("%d Gentoo, want 123", gentoo)
	}
	r, err = tab.Select(Classify, Selection{Features: []string{"flipper_length_mm"}, Label: "species", Classes: []string{"Adelie", "Chinstrap"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.X)+r.Dropped+r.Excluded != 344 || r.Excluded != 123 || r.Positive != "Adelie" {
		t.Fatalf("classes: %d rounds, %d dropped, %d excluded, positive %q", len(r.X), r.Dropped, r.Excluded, r.Positive)
	}
	r, err = tab.Select(Regress, Selection{Features: []string{"flipper_length_mm"}, Label: "body_mass_g"})
	if err != nil || len(r.X) != 342 {
		t.Fatalf("regression: %v, %d rows", err, len(r.X))
	}
}

func TestSelectErrors(t *testing.T) {
	tab, _, _ := Load("penguins")
	tests := []struct {
		task Task
		sel  Selection
		want string
	}{
		{Classify, Selection{Features: []string{"beak"}, Label: "species", Positive: "Adelie"}, `no column "beak"`},
		{Classify, Selection{Features: []string{"island"}, Label: "species", Positive: "Adelie"}, `"island" is not numeric: row 1 has "Torgersen"`},
		{Classify, Selection{Features: []string{"body_mass_g"}, Label: "species"}, "has 3 values (Adelie, Chinstrap, Gentoo)"},
		{Classify, Selection{Features: []string{"body_mass_g"}, Label: "species", Positive: "Emperor"}, `"Emperor" does not occur`},
		{Classify, Selection{Features: []string{"body_mass_g"}, Label: "species", Classes: []string{"Adelie"}}, "two different values"},
		{Regress, Selection{Features: []string{"body_mass_g"}, Label: "species"}, "not numeric"},
		{"cluster", Selection{Features: []string{"body_mass_g"}, Label: "species"}, "unknown task"},
		{Classify, Selection{Label: "species"}, "no features"},
	}
	for _, tc := range tests {
		_, err := tab.Select(tc.task, tc.sel)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Select(%v, %+v) = %v, want %q", tc.task, tc.sel, err, tc.want)
		}
	}
	if _, _, err := Load("iris"); err == nil || !strings.Contains(err.Error(), "penguins") {
		t.Errorf("unknown dataset: %v", err)
	}
}

func TestTwoValuedLabelAndSigns(t *testing.T) {
	tab, _ := ParseCSV(strings.NewReader("x,y\n1,yes\n2,no\n3,yes\n"), DefaultLimits)
	r, err := tab.Select(Classify, Selection{Features: []string{"x"}, Label: "y"})
	if err != nil || r.Positive != "no" || r.Y[0] != -1 || r.Y[1] != 1 {
		t.Fatalf("two values: %v %+v", err, r)
	}
	tab, _ = ParseCSV(strings.NewReader("x,y\n1,1\n2,-1\n"), DefaultLimits)
	r, err = tab.Select(Classify, Selection{Features: []string{"x"}, Label: "y"})
	if err != nil || r.Y[0] != 1 || r.Y[1] != -1 {
		t.Fatalf("signs: %v %+v", err, r)
	}
}

func TestInline(t *testing.T) {
	ok := Inline{Features: []string{"a", "b"}, X: [][]float64{{1, 2}, {3, 4}}, Y: []float64{1, -1}}
	if r, err := ok.Rounds(Classify, DefaultLimits); err != nil || len(r.X) != 2 {
		t.Fatalf("%v %+v", err, r)
	}
	tests := []struct {
		in   Inline
		want string
	}{
		{Inline{X: [][]float64{{1, 2}, {3}}, Y: []float64{1, 1}}, "row 2 has 1 values"},
		{Inline{X: [][]float64{{1}}, Y: []float64{2}}, "must be -1 or +1"},
		{Inline{X: [][]float64{{1}}, Y: []float64{1, 1}}, "2 labels for 1 rows"},
		{Inline{X: [][]float64{{math.NaN()}}, Y: []float64{1}}, "not a finite number"},
		{Inline{Features: []string{"a", "b"}, X: [][]float64{{1}}, Y: []float64{1}}, "names 2 features"},
		{Inline{}, "no rows"},
	}
	for _, tc := range tests {
		if _, err := tc.in.Rounds(Classify, DefaultLimits); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestInlineSparseRows: sparse rows (data.sparse) give, made dense, the
// rows they stand for; zero values are left out of the kept rows; the
// linear tasks get them dense through Rounds; every malformed input is
// refused naming its row and what is wrong; a scale changes the values,
// an offset is refused.
func TestInlineSparseRows(t *testing.T) {
	in := Inline{Dim: 4, Sparse: []SparseRow{{Index: []int{0, 3}, Value: []float64{1.5, -2}}, {}, {Index: []int{1, 2}, Value: []float64{0, 7}}},
		Y: []float64{0, 2, 1}}
	r, err := in.SparseRounds(DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{1.5, 0, 0, -2}, {0, 0, 0, 0}, {0, 0, 7, 0}}
	if !reflect.DeepEqual(r.Dense(), want) || r.Features[3] != "x4" || len(r.X[2].Index) != 1 || r.X[2].Index[0] != 2 {
		t.Fatalf("sparse rows %+v made dense %v, want %v (and the zero left out)", r.X, r.Dense(), want)
	}
	in.Y = []float64{1, -1, 1}
	if dense, err := in.Rounds(Classify, DefaultLimits); err != nil || !reflect.DeepEqual(dense.X, want) {
		t.Fatalf("Rounds on sparse rows: %v, %v", err, dense)
	}
	row := func(idx []int, val []float64) Inline {
		return Inline{Dim: 4, Sparse: []SparseRow{{Index: []int{0}, Value: []float64{1}}, {Index: idx, Value: val}}, Y: []float64{0, 1}}
	}
	tests := []struct {
		in   Inline
		want string
	}{
		{row([]int{1, 1}, []float64{1, 2}), "row 2: feature indices must increase (1 after 1)"},
		{row([]int{4}, []float64{1}), "row 2: feature index 4 is outside 0..3"},
		{row([]int{-1}, []float64{1}), "row 2: feature index -1 is outside 0..3"},
		{row([]int{2}, []float64{math.Inf(1)}), `row 2, feature "x3": +Inf is not a finite number`},
		{row([]int{2}, nil), "row 2 has 1 indices but 0 values"},
		{Inline{Sparse: []SparseRow{{}}, Y: []float64{1}}, "data.dim is 0"},
		{Inline{Dim: 501, Sparse: []SparseRow{{}}, Y: []float64{1}}, "1 to 500 features"},
		{Inline{Dim: 2, Features: []string{"a"}, Sparse: []SparseRow{{}}, Y: []float64{1}}, "names 1 features, the rows have 2"},
		{Inline{Dim: 2, Sparse: []SparseRow{{}}, Y: []float64{1, 1}}, "2 labels for 1 rows"},
		{Inline{Dim: 2, Sparse: []SparseRow{{}}, Y: []float64{math.NaN()}}, "data.y row 1"},
		{Inline{Dim: 2, Sparse: []SparseRow{{}}, X: [][]float64{{1, 2}}, Y: []float64{1}}, "not both"},
		{Inline{Dim: 2, X: [][]float64{{1, 2}}, Y: []float64{1}}, "data.dim belongs to sparse rows"},
	}
	for _, tc := range tests {
		_, err := tc.in.Rounds(Regress, DefaultLimits)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.in, err, tc.want)
		}
	}
	scaled, err := r.Rescale([]float64{1, 1, 0.5, 10}, []float64{0, 0, 0, 0})
	if err != nil || !reflect.DeepEqual(scaled.Dense(), [][]float64{{1.5, 0, 0, -20}, {0, 0, 0, 0}, {0, 0, 3.5, 0}}) || r.X[0].Value[1] != -2 {
		t.Fatalf("scaled sparse rows: %v, %v (original %v)", err, scaled, r.X)
	}
	if _, err := r.Rescale(nil, []float64{0, 1, 0, 0}); err == nil || !strings.Contains(err.Error(), `offset of feature "x2" is 1`) {
		t.Fatalf("an offset on sparse rows: %v", err)
	}
}

func TestRescale(t *testing.T) {
	r := &Rounds{Features: []string{"len", "temp"}, X: [][]float64{{1500, 20}}, Y: []float64{1}}
	s, err := r.Rescale([]float64{0.001, 1.8}, []float64{0, 32})
	if err != nil || s.X[0][0] != 1.5 || s.X[0][1] != 68 || r.X[0][0] != 1500 {
		t.Fatalf("%v %v (original %v)", err, s.X, r.X)
	}
	for _, sc := range [][]float64{{0, 1}, {math.Inf(1), 1}, {1}} {
		if _, err := r.Rescale(sc, nil); err == nil {
			t.Errorf("scale %v accepted", sc)
		}
	}
}

func FuzzParseCSV(f *testing.F) {
	f.Add("a,b,label\n1,2,x\n3,4,y\n")
	f.Add("species,island,bill_length_mm\nAdelie,Dream,39.1\n")
	f.Add("\ufeffa\n\"1\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := ParseCSV(strings.NewReader(text), Limits{MaxRows: 1000, MaxColumns: 50})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		for _, c := range tab.Columns {
			if c.Text.Len() != tab.Rows || (c.Numeric && len(c.Values) != tab.Rows) {
				t.Fatalf("column %q has %d cells for %d rows", c.Name, c.Text.Len(), tab.Rows)
			}
			for _, v := range c.Values {
				if math.IsInf(v, 0) {
					t.Fatalf("an infinity in column %q", c.Name)
				}
			}
		}
		if len(tab.Columns) > 0 {
			tab.Select(Classify, Selection{Features: []string{tab.Columns[0].Name}, Label: tab.Columns[len(tab.Columns)-1].Name})
		}
	})
}

func TestSelectClasses(t *testing.T) {
	tab, _, _ := Load("penguins")
	r, err := tab.SelectClasses([]string{"bill_length_mm", "flipper_length_mm"}, "species")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Classes) != 3 || r.Classes[1] != "Chinstrap" || len(r.X) != 342 || r.Dropped != 2 {
		t.Fatalf("%v, %d rounds, %d dropped", r.Classes, len(r.X), r.Dropped)
	}
	if _, err := tab.SelectClasses([]string{"island"}, "species"); err == nil {
		t.Fatal("a text feature was accepted")
	}
}

// TestCellsKeepEachCellAsWritten: a column's cells come back as written,
// spaces, quoted separators and line breaks, empty cells and non-ASCII
// text included.
func TestCellsKeepEachCellAsWritten(t *testing.T) {
	tab, err := ParseCSV(strings.NewReader("a,b\n  1 ,\"x,y\"\n,é\n3,\"two\nlines\"\n"), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"a": {"  1 ", "", "3"}, "b": {"x,y", "é", "two\nlines"}}
	for name, cells := range want {
		c, _ := tab.Column(name)
		if c.Text.Len() != len(cells) {
			t.Fatalf("column %s: %d cells, want %d", name, c.Text.Len(), len(cells))
		}
		for i, w := range cells {
			if got := c.Text.At(i); got != w {
				t.Errorf("column %s, cell %d: %q, want %q", name, i, got, w)
			}
		}
	}
}
