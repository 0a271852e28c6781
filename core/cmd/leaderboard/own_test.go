package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
)

// TestOwnCSV: the board on one's own CSV infers the task, and a file it
// cannot play gets a message that says what to do.
func TestOwnCSV(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	houses := write("houses.csv", "area_m2;rooms;price\n50;2;200\n80;3;310\n65;3;260\n120;4;480\n")
	small := leaderboard.Spread{Orders: 2, Rescalings: 1, Seed: 3}
	b, err := ownData{label: "price", spread: small}.board(houses)
	if err != nil {
		t.Fatal(err)
	}
	if b.Task.Kind != data.Regress || b.Rounds != 4 || len(b.Learners) == 0 || !strings.Contains(b.Markdown(), "price from area_m2, rooms") {
		t.Errorf("a numeric label of four values: %+v", b.Task)
	}
	species := write("species.csv", "length,kind\n1,a\n2,b\n3,c\n4,a\n")
	for _, c := range []struct {
		o    ownData
		file string
		want string
	}{
		{ownData{spread: small}, houses, "choose the label column (columns: area_m2, rooms, price)"},
		{ownData{label: "cost", spread: small}, houses, `no column "cost"`},
		{ownData{label: "kind", spread: small}, species, `has 3 classes (a, b, c): choose one against the rest, or two`},
		{ownData{label: "kind", positive: "z", spread: small}, species, `"z"`},
		{ownData{label: "price", task: "sort", spread: small}, houses, "classify or regress"},
		{ownData{label: "length", columns: "kind", task: "regress", spread: small}, species, "kind"},
		{ownData{label: "price", spread: small}, filepath.Join(dir, "none.csv"), "no such file"},
	} {
		_, err := c.o.board(c.file)
		if err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(c.want)) { // (Node says "No such file")
			t.Errorf("%+v on %s: %v, want a message with %q", c.o, filepath.Base(c.file), err, c.want)
		}
	}
}
