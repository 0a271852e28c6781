package benchreport

import (
	"os"
	"strings"
	"testing"
)

// TestCommittedPageIsCurrent: assets/docs/benchmarks.md is what the
// committed measurements (benchmarks.json, lighthouse.json) say.
func TestCommittedPageIsCurrent(t *testing.T) {
	r, err := Load("../../assets/docs/benchmarks.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := LoadLighthouse("../../assets/docs/lighthouse.json")
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../assets/docs/benchmarks.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != Page(r, l) {
		t.Error("assets/docs/benchmarks.md is not what benchmarks.json and lighthouse.json say: run `make docs`")
	}
	if r.Date == "" || r.Machine == "" || len(r.Learners) == 0 || len(r.Targets) == 0 {
		t.Errorf("the committed measurements lack their date, machine, learners or targets: %+v", r)
	}
}

// TestMarkdownSaysWhatMissed: a missed target is marked, a measure that
// was not taken reads "–".
func TestMarkdownSaysWhatMissed(t *testing.T) {
	r := Report{Date: "2026-12-05", Machine: "m", Go: "go1.26",
		Learners: []LearnerRow{{ID: "ogd", NsPerRound: [4]float64{10, 20, 0, 400}, ChromiumRatio: 1.5}},
		Targets:  []Target{{Name: "a", Value: 2, Target: "≤ 1", Holds: false}, {Name: "b", Value: 1, Target: "≤ 1", Holds: true}}}
	md := r.Markdown()
	for _, want := range []string{"| `ogd` | 10 | 20 | – | 400 | – | 1.50 |", "| a | 2 | ≤ 1 | **missed** |", "| b | 1 | ≤ 1 | holds |", "Measured on 2026-12-05"} {
		if !strings.Contains(md, want) {
			t.Errorf("the page lacks %q:\n%s", want, md)
		}
	}
}
