package leaderboard

import (
	"context"
	"encoding/csv"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"unitfree/core/data"
	"unitfree/core/eval"
)

// parse reads CSV text for a test.
func parse(t *testing.T, text string) *data.Table {
	t.Helper()
	tab, err := data.ParseCSV(strings.NewReader(text), data.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestInspectProposesTheLabel: a column named like a label wins; else the
// last text column of a few classes; else the last column. A column with a
// non-finite cell says why it is not numeric.
func TestInspectProposesTheLabel(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Species,bill_mm,mass_g\nA,1,2\nB,3,4\n", "Species"},
		{"name,kind,size\nx,a,1\ny,b,2\nz,a,3\n", "kind"},
		{"area_m2;rooms;price\n50;2;200\n80;3;310\n", "price"},
	} {
		if got := Inspect(parse(t, c.text)).Label; got != c.want {
			t.Errorf("%q: proposed %q, want %q", c.text, got, c.want)
		}
	}
	info := Inspect(parse(t, "a,b\n1,inf\n2,3\n"))
	if b := info.Columns[1]; b.Numeric || !strings.Contains(b.Why, `row 1 has "inf"`) || b.Distinct != 2 {
		t.Errorf("a column with inf: %+v", b)
	}
	var wide strings.Builder
	wide.WriteString("x,id\n")
	for i := range MaxClasses + 5 {
		fmt.Fprintf(&wide, "%d,id%d\n", i, i)
	}
	if id := Inspect(parse(t, wide.String())).Columns[1]; id.Distinct != MaxClasses+1 || id.Classes != nil {
		t.Errorf("a column of %d values: distinct %d, classes %v", MaxClasses+5, id.Distinct, id.Classes)
	}
}

// TestOwnTablesThatCannotPlay: one class, too many classes, and the columns
// left out (with why) and the rows left out are said, not dropped silently.
func TestOwnTablesThatCannotPlay(t *testing.T) {
	var many strings.Builder
	many.WriteString("x,id,z\n")
	for i := range MaxClasses + 1 {
		fmt.Fprintf(&many, "%d,id%d,%d\n", i, i, i%3)
	}
	for _, c := range []struct {
		text string
		own  Own
		want string
	}{
		{"x,kind\n1,a\n2,a\n", Own{Label: "kind"}, `the label "kind" has only one class (a)`},
		{many.String(), Own{Label: "id"}, "more than 50 distinct values, too many classes"},
		{many.String(), Own{Label: "x", Task: "classify"}, "choose the regression task"},
		{"name,kind\nx,a\ny,b\n", Own{Label: "kind"}, `no numeric column besides the label "kind"`},
	} {
		_, _, err := c.own.Rounds(parse(t, c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.own, err, c.want)
		}
	}
	task, rounds, err := Own{Label: "kind"}.Rounds(parse(t, "x,note,kind\n1,a,p\n2,inf,q\n,c,p\n4,d,q\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunSpread(task, rounds, Spread{Orders: 1, Rescalings: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	md := b.Markdown()
	for _, want := range []string{"Left out: 1 rows with a missing value.", `Not a feature: column "note" is not numeric: row 1 has "a".`} {
		if !strings.Contains(md, want) {
			t.Errorf("the board does not say %q:\n%s", want, md)
		}
	}
}

// TestPartsMergeIntoTheBoard: a board cut into parts (some orders, some
// learners, the comparator searched for apart), in any split, merges into
// the board that one player of everything gives; a split that misses or
// repeats a learner's order is refused, as is a learner the task does not
// play.
func TestPartsMergeIntoTheBoard(t *testing.T) {
	task := Tasks()[0]
	rounds := taskRounds(t, task)
	sp := Spread{Orders: 3, Rescalings: 2, Seed: 4, Curves: 10}
	whole, err := RunSpread(task, rounds, sp)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := NewRuns(task, rounds, sp)
	if err != nil {
		t.Fatal(err)
	}
	if err := runs.Map(); err != nil { // rows mapped ahead change nothing
		t.Fatal(err)
	}
	ctx := context.Background()
	found, err := runs.Comparator(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cmp := &found
	var odd, even []string
	for i, e := range Learners(task.Kind) {
		if i%2 == 0 {
			even = append(even, e.ID)
		} else {
			odd = append(odd, e.ID)
		}
	}
	play := func(learners []string, cmp *eval.Comparator, orders ...int) Part {
		p, err := runs.Play(ctx, orders, learners, cmp, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// the comparator's rows of order 0 twice, of orders 1 and 2 once
	parts := []Part{play(odd, cmp, 2), play(even, nil, 1, 2), play(even, cmp, 0), play(odd, cmp, 0, 1)}
	merged, err := Merge(task, sp, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("the merged board differs from the whole one:\n%+v\n%+v", merged, whole)
	}
	if _, err := Merge(task, sp, parts[1:]); err == nil || !strings.Contains(err.Error(), "in each of the 3 orders once") {
		t.Errorf("a missing part: %v", err)
	}
	if _, err := Merge(task, sp, append(parts, parts[0])); err == nil || !strings.Contains(err.Error(), "in each of the 3 orders once") {
		t.Errorf("a part twice: %v", err)
	}
	noCmp := []Part{parts[0], parts[1], parts[2], play(odd, nil, 0, 1)}
	if _, err := Merge(task, sp, noCmp); err == nil || !strings.Contains(err.Error(), "no part measured the comparator in order 2") {
		t.Errorf("no comparator in order 2: %v", err)
	}
	if _, err := runs.Play(ctx, []int{0}, []string{"soba"}, nil, nil); err == nil || !strings.Contains(err.Error(), `"soba" does not play`) {
		t.Errorf("a bandit learner on a board: %v", err)
	}
	if _, err := runs.Play(ctx, []int{3}, nil, nil, nil); err == nil {
		t.Errorf("an order past the board's")
	}
}

// TestBoardCSV: the board's CSV has a header, the comparator and every
// learner, and its numbers are the board's to the last bit.
func TestBoardCSV(t *testing.T) {
	task := Tasks()[0]
	b, err := RunSpread(task, taskRounds(t, task), Spread{Orders: 2, Rescalings: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2+len(b.Learners) || rows[1][0] != "comparator" {
		t.Fatalf("%d rows, first %v", len(rows), rows[1])
	}
	for i, l := range b.Learners {
		row := rows[2+i]
		got, _ := strconv.ParseFloat(row[5], 64)
		change, _ := strconv.ParseFloat(row[10], 64)
		if row[0] != l.ID || got != l.Natural.Min || change != l.Change {
			t.Errorf("row %v, learner %+v", row, l)
		}
	}
}
