package playground

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"unitfree/wasm/api"
)

func TestExperimentRequestRunsOnTheAPI(t *testing.T) {
	e := NewExperiment()
	if e.Label != "species" || e.Positive != "Gentoo" || len(e.Columns) != 4 {
		t.Fatalf("start state %+v", e)
	}
	req, err := e.Request()
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(req.Tree()) // the page: the tree, then the browser's JSON.stringify
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	api.New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(string(body))))
	table, err := FormatResult(rec.Code, parseJSON(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Rows) != 4 || table.Rows[0].Name != "ScInOL2" || !strings.Contains(table.Summary, "342 rows") {
		t.Fatalf("table %+v", table)
	}
	e.SetDataset("seattle-weather")
	if e.Label != "weather" || e.Positive != "drizzle" || len(e.Columns) != 4 {
		t.Fatalf("after switching dataset: %+v", e)
	}
	e.SetLabel("temp_max")
	if e.Positive != "" || len(e.Columns) != 3 {
		t.Fatalf("a numeric label: %+v", e)
	}
}

func TestFormatResultErrors(t *testing.T) {
	if _, err := FormatResult(400, parseJSON([]byte(`{"error":"bad thing"}`))); err == nil || err.Error() != "bad thing" {
		t.Fatalf("got %v", err)
	}
	if _, err := FormatResult(200, parseJSON([]byte(`nope`))); err == nil {
		t.Fatal("a broken answer was accepted")
	}
	if _, err := FormatResult(200, parseJSON([]byte(`{"learners": 3}`))); err == nil {
		t.Fatal("an answer without learners was accepted")
	}
	e := NewExperiment()
	e.Learners = nil
	if _, err := e.Request(); err == nil {
		t.Fatal("no learners accepted")
	}
	e = NewExperiment()
	m, _ := e.Request()
	if m.Positive != "Gentoo" {
		t.Fatalf("request %+v", m)
	}
}

// parseJSON parses a body as the browser's JSON.parse would (nil when it is
// not JSON).
func parseJSON(b []byte) any {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	return v
}
