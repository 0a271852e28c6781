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

// TestTreeIsJSON checks Tree against encoding/json on every request type
// with every kind of field set (and left empty).
func TestTreeIsJSON(t *testing.T) {
	csv := "a,b\n1,2\n"
	for _, v := range []any{
		LinearRequest{Task: data.Classify, Source: Source{Dataset: "penguins", Columns: []string{"bill_length_mm"}, Label: "species",
			Scale: []float64{1e-3}}, Binary: Binary{Positive: "Gentoo"}, Features: Features{Bias: true, Degree: 2},
			Learners: []eval.LearnerSpec{{ID: "ogd", Params: map[string]float64{"eta": 0.5}}, {ID: "scinol2"}}, Order: Order{Shuffle: true, Seed: 7},
			Passes: 3, Keep: []string{"predictions"}},
		LinearRequest{},
		BanditRequest{Task: TaskBandit, Generator: &Generator{Name: "synsep", Rounds: 10, Seed: 1}, Draws: []float64{0.5, 0.25}, DrawSeed: 3},
		SamplingRequest{Task: TaskSampling, Source: Source{CSV: &csv, Data: &data.Inline{Features: []string{"a"}, X: [][]float64{{1}}, Y: []float64{1}}},
			Runs: []SamplingRun{{Optimizer: "sgd", Sampler: "mabs", Params: map[string]float64{"gamma": 0.1}}}, Lambda: 1e-3},
	} {
		if got, want := Tree(v), viaJSON(t, v); !reflect.DeepEqual(got, want) {
			t.Errorf("%T:\nTree %#v\njson %#v", v, got, want)
		}
	}
}

// TestFromTreeIsJSON reads answers as the page does (a parsed tree) and
// as encoding/json does, and compares.
func TestFromTreeIsJSON(t *testing.T) {
	mistakes, regret := 12, 3.5
	answer := LinearAnswer{Task: data.Classify, Data: DataInfo{Source: "dataset penguins", Columns: []string{"a", "b"}, Rows: 342, Positive: "Gentoo"},
		Result: eval.Result{Rounds: 342, Loss: "logistic", Comparator: eval.Comparator{Loss: 20.5, Weights: []float64{1, -2}},
			Learners: []eval.LearnerResult{{ID: "ogd", Params: map[string]float64{"eta": 0.5}, Loss: 40, Mistakes: &mistakes, Regret: &regret},
				{ID: "ftl", Loss: 1e300, DivergedAt: 17, Predictions: []float64{0.1, -0.2}}}},
		Order: []int{2, 0, 1}}
	var got LinearAnswer
	if err := FromTree(viaJSON(t, answer), &got); err != nil {
		t.Fatal(err)
	}
	var want LinearAnswer
	b, _ := json.Marshal(answer)
	json.Unmarshal(b, &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FromTree %+v\njson %+v", got, want)
	}
	// A value of the wrong kind names its field.
	if err := FromTree(map[string]any{"rounds": "many"}, &got); err == nil || err.Error() != `field "rounds": string is not a int` {
		t.Errorf("a string for rounds: %v", err)
	}
	if err := FromTree(map[string]any{"learners": []any{map[string]any{"mistakes": 1.5}}}, &got); err == nil {
		t.Error("1.5 mistakes were accepted")
	}
}
