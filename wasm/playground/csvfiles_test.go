package playground

import (
	"fmt"
	"strings"
	"testing"
)

// iris is a three-class file, semicolon-separated with decimal commas, with
// two rows that lack a value (lines 4 and 7).
const iris = "sepal_length;sepal_width;species\n5,1;3,5;setosa\n4,9;3;setosa\n7;;versicolor\n6,4;3,2;versicolor\n6,3;3,3;virginica\n;2,7;virginica\n5,8;2,7;virginica\n"

// TestCSVClassesAreChosen: a label of three classes imports as the first
// class against the rest by default, says so with the rows of each, and
// plays any class against the rest or any pair the visitor picks.
func TestCSVClassesAreChosen(t *testing.T) {
	imp, err := ImportCSV(iris, CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(imp.Classes) != "[{setosa 2} {versicolor 2} {virginica 3}]" || imp.Separator != "semicolon" {
		t.Fatalf("classes %v, separator %q", imp.Classes, imp.Separator)
	}
	if got := imp.ClassesText(); got != "setosa (+1, 2 rows) against the rest (−1, 5 rows)" || len(imp.Points) != 5 {
		t.Fatalf("default: %q, %d points", got, len(imp.Points))
	}
	imp, err = ImportCSV(iris, CSVChoice{Positive: "virginica", Negative: "setosa"})
	if err != nil {
		t.Fatal(err)
	}
	pos, neg := 0, 0
	for _, p := range imp.Points {
		if p.Label > 0 {
			pos++
		} else {
			neg++
		}
	}
	if imp.ClassesText() != "virginica (+1, 3 rows) against setosa (−1, 2 rows)" || pos != 2 || neg != 2 || imp.Excluded != 1 {
		t.Fatalf("a pair: %q, %d and %d points, %d excluded", imp.ClassesText(), pos, neg, imp.Excluded)
	}
	if imp.Points[0].X != 5.1 || imp.Points[0].Y != 3.5 {
		t.Errorf("decimal commas: the first point is %+v", imp.Points[0])
	}
}

// TestCSVSkippedRowsAreSaid: rows left out for a missing value are listed
// by their lines in the file.
func TestCSVSkippedRowsAreSaid(t *testing.T) {
	imp, err := ImportCSV(iris, CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if got := imp.SkippedText(); got != "2 rows skipped (missing values): lines 4, 7" {
		t.Fatalf("%q", got)
	}
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 15 {
		fmt.Fprintf(&b, "%d,,1\n1,2,-1\n", i)
	}
	imp, err = ImportCSV(b.String(), CSVChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if got := imp.SkippedText(); got != "15 rows skipped (missing values): lines 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 and 5 more" {
		t.Fatalf("%q", got)
	}
}

// TestCSVDeadEndsSayWhy: the files a teacher might bring that cannot be
// imported get a message that names the problem.
func TestCSVDeadEndsSayWhy(t *testing.T) {
	classes := "x,y,id\n"
	for i := range 30 {
		classes += fmt.Sprintf("%d,%d,n%d\n", i, i, i)
	}
	for text, want := range map[string]string{
		"x|y|label\n1|2|a\n":          "no comma, semicolon or tab",
		"x,y,label\n1,2,a\n3,4,a\n":   `label column "label" has 1 class`,
		"x;y;z\n1;2;3\n":              "separator: semicolon",
		classes:                       "label column of 2 to 20 classes",
		"x,y,label\n1,2,a\n3,4,b,5\n": "line 3 has 4 cells",
		"x\tlabel\n1\ta\n2\tb\n":      "two numeric feature columns",
	} {
		_, err := ImportCSV(text, CSVChoice{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error naming %q", text, err, want)
		}
	}
	if _, err := ImportCSV(classes, CSVChoice{Label: "id"}); err == nil || !strings.Contains(err.Error(), "30 different values") {
		t.Errorf("a label of 30 values: %v", err)
	}
}

// TestCSVClassOptions: the choices offered for three classes, with their
// rows, and the classes each choice stands for.
func TestCSVClassOptions(t *testing.T) {
	imp, err := ImportCSV(iris, CSVChoice{Positive: "versicolor"})
	if err != nil {
		t.Fatal(err)
	}
	values, labels, selected := imp.ClassOptions()
	if len(values) != 9 || labels[1] != "versicolor against the rest (2 vs 5)" || labels[3] != "setosa against versicolor (2 vs 2)" || selected != "1" {
		t.Fatalf("values %v, labels %q, selected %q", values, labels, selected)
	}
	for _, c := range []struct{ value, pos, neg string }{{"1", "versicolor", ""}, {"2/0", "virginica", "setosa"}, {"9", "", ""}} {
		if p, n := imp.ClassChoice(c.value); p != c.pos || n != c.neg {
			t.Errorf("%q: %q against %q", c.value, p, n)
		}
	}
	two, _ := ImportCSV("x,y,label\n1,2,a\n3,4,b\n", CSVChoice{})
	if v, _, _ := two.ClassOptions(); v != nil {
		t.Errorf("two classes offer %v", v)
	}
}
