package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"unitfree/core/bandit"
	"unitfree/core/eval"
	"unitfree/wasm/wire"
)

// TestGeneratedRowsAreTheDenseRows: a generator run (its rows made
// sparse) answers what a session on the same rows kept dense answers, with
// a change of units too.
func TestGeneratedRowsAreTheDenseRows(t *testing.T) {
	x, y, err := bandit.Generate("synnonsep", 3, 2000)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range x {
		for j := range row {
			row[j] *= 2.5
		}
	}
	scale := "[" + strings.TrimSuffix(strings.Repeat("2.5,", bandit.SynFeatures), ",") + "]"
	body := `{"task":"bandit","generator":{"name":"synnonsep","rounds":2000,"seed":3},"scale":` + scale +
		`,"learners":[{"id":"soba-diag"},{"id":"banditron"},{"id":"perceptron-mc"}],"drawSeed":5,"order":{"shuffle":true,"seed":4}}`
	var req wire.BanditRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	got, err := runner{admit: Options{}.admit()}.runBandit(context.Background(), &req)
	if err != nil {
		t.Fatal(err)
	}
	cfg := eval.BanditConfig{Learners: req.Learners, DrawSeed: 5, Shuffle: true, Seed: 4}
	s, err := eval.NewBandit(x, y, bandit.SynClasses, cfg, eval.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
	a, _ := json.Marshal(got.(*wire.BanditAnswer).Learners)
	b, _ := json.Marshal(s.Results())
	if string(a) != string(b) {
		t.Errorf("generated:\n%s\ndense:\n%s", a, b)
	}
}
