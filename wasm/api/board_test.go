//go:build !js

package api

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
)

// TestBoardIsTheCommandLinesBoard: a board asked of the API on a CSV text
// has the very numbers of leaderboard.RunSpread on the same text and seeds
// (what `go run ./core/cmd/leaderboard -csv` prints), and the learners
// the catalogue calls invariant do not change under the rescalings.
func TestBoardIsTheCommandLinesBoard(t *testing.T) {
	csv := "bill,flipper,mass,kind\n39.1,181,3750,A\n46.5,217,4850,G\n38.6,190,3800,A\n49.3,229,5600,G\n37.8,174,3400,A\n" +
		"45.2,214,4700,G\n41.1,182,3550,A\n50.0,220,5000,G\n36.6,185,3700,A\n47.6,215,5400,G\n40.2,176,3450,A\n48.7,210,4450,G\n"
	body, _ := json.Marshal(map[string]any{"task": "board", "csv": csv, "label": "kind", "orders": 3, "rescalings": 2, "seed": 4})
	rec := httptest.NewRecorder()
	New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(string(body))))
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var got BoardAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	tab, err := data.ParseCSV(strings.NewReader(csv), data.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := tab.Select(data.Classify, data.Selection{Features: []string{"bill", "flipper", "mass"}, Label: "kind"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := leaderboard.RunSpread(leaderboard.Task{Kind: data.Classify, Loss: "logistic"}, rounds, leaderboard.Spread{Orders: 3, Rescalings: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Board.Learners) != len(want.Learners) || got.Board.Comparator.Natural != want.Comparator.Natural {
		t.Fatalf("API board %+v, RunSpread's %+v", got.Board.Comparator, want.Comparator)
	}
	for i, l := range got.Board.Learners {
		w := want.Learners[i]
		if l.ID != w.ID || l.Natural != w.Natural || l.Rescaled != w.Rescaled || l.Change != w.Change {
			t.Errorf("%s: API %+v, RunSpread %+v", l.ID, l, w)
		}
		if (l.Invariance == "per-feature" || l.Invariance == "invertible-linear") && l.Change > 1e-9 {
			t.Errorf("%s is invariant but changed by %.2g", l.ID, l.Change)
		}
	}
}

// TestBoardWithinTheLimits: a board whose runs together exceed the work
// limit is refused before it starts, saying how much it needs; bad spreads
// and kinds are refused by name.
func TestBoardWithinTheLimits(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"task":"board","dataset":"weather-two-cities","label":"location","orders":20,"rescalings":20}`, "coordinate updates"},
		{`{"task":"board","dataset":"penguins","label":"species","positive":"Gentoo","orders":21}`, "orders must be 1 to 20"},
		{`{"task":"board","dataset":"penguins","label":"species","positive":"Gentoo","rescalings":-1}`, "rescalings 0 to 20"},
		{`{"task":"board","dataset":"penguins","label":"species","positive":"Gentoo","kind":"sort"}`, "is not \\\"classify\\\""},
		{`{"task":"board","dataset":"penguins","label":"species"}`, "species"},
	} {
		rec := httptest.NewRecorder()
		New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(c.body)))
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want 400 with %q", c.body, rec.Code, rec.Body, c.want)
		}
	}
}
