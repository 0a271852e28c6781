package wire

import (
	"encoding/json"
	"reflect"
	"testing"

	"unitfree/core/data"
	"unitfree/core/eval"
)

// viaJSON is what encoding/json makes of v: the tree its text parses to.
func viaJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestTreeIsJSON checks the page's request tree against encoding/json, with
// every field set and with every field empty.
func TestTreeIsJSON(t *testing.T) {
	csv := "a,b\n1,2\n"
	for _, r := range []LinearRequest{
		{Task: data.Classify, Source: Source{Dataset: "penguins", Columns: []string{"bill_length_mm"}, Label: "species",
			Scale: []float64{1e-3}, Offset: []float64{32}}, Binary: Binary{Positive: "Gentoo", Classes: []string{"Gentoo", "Adelie"}},
			Features: Features{Bias: true, Degree: 2}, Loss: "hinge",
			Learners: []eval.LearnerSpec{{ID: "ogd", Params: map[string]float64{"eta": 0.5}}, {ID: "scinol2"}}, Order: Order{Shuffle: true, Seed: 7},
			Passes: 3, Keep: []string{"predictions"}},
		{Task: data.Regress, Source: Source{CSV: &csv, Data: &data.Inline{Features: []string{"a"}, Units: []string{"mm"}, X: [][]float64{{1}}, Y: []float64{1}}}},
		{},
	} {
		if got, want := any(r.Tree()), viaJSON(t, r); !reflect.DeepEqual(got, want) {
			t.Errorf("Tree %#v\njson %#v", got, want)
		}
	}
}

// TestReadLinearAnswerIsJSON reads an answer with every field set as the
// page does (a parsed tree) and as encoding/json does, and compares.
func TestReadLinearAnswerIsJSON(t *testing.T) {
	mistakes, regret := 12, 3.5
	answer := LinearAnswer{Task: data.Classify,
		Data: DataInfo{Source: "csv", Columns: []string{"a", "b"}, Units: []string{"mm", "g"}, Rows: 342, Dropped: 2, Excluded: 1,
			Positive: "Gentoo", Ignored: []string{"c: not a number"}},
		Result: eval.Result{Rounds: 342, Loss: "logistic", Features: []string{"a", "b", "1"},
			Comparator: eval.Comparator{Loss: 20.5, Weights: []float64{1, -2}, Limited: true, Note: "n"},
			Learners: []eval.LearnerResult{{ID: "ogd", Params: map[string]float64{"eta": 0.5}, Loss: 40, Mistakes: &mistakes, Regret: &regret},
				{ID: "ftl", Params: map[string]float64{}, Loss: 1e300, DivergedAt: 17, Predictions: []float64{0.1, -0.2}, Losses: []float64{1, 2}}}},
		Order: []int{2, 0, 1}}
	got, err := ReadLinearAnswer(viaJSON(t, answer))
	if err != nil {
		t.Fatal(err)
	}
	var want LinearAnswer
	b, _ := json.Marshal(answer)
	json.Unmarshal(b, &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadLinearAnswer %+v\njson %+v", got, want)
	}
	for _, bad := range []any{"nope", map[string]any{"rounds": "many"}, map[string]any{"learners": []any{map[string]any{"mistakes": 1.5}}},
		map[string]any{"learners": []any{3.0}}} {
		if _, err := ReadLinearAnswer(bad); err == nil {
			t.Errorf("%v was read", bad)
		}
	}
}
