package catalog

import (
	"os"
	"strings"
	"testing"
)

// TestCommittedReferenceIsCurrent: assets/docs/learners.md is what the
// catalogue says (run `make docs` after changing a learner).
func TestCommittedReferenceIsCurrent(t *testing.T) {
	committed, err := os.ReadFile("../../assets/docs/learners.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != Reference() {
		t.Error("assets/docs/learners.md is not what the catalogue says: run `make docs`")
	}
}

// TestReadmeNamesEveryLearner: the README's short tables name every
// learner of the catalogue by its id, so the front door never hides one.
func TestReadmeNamesEveryLearner(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range Linear() {
		ids = append(ids, e.ID)
	}
	for _, e := range Bandit() {
		ids = append(ids, e.ID)
	}
	for _, id := range ids {
		if !strings.Contains(string(readme), "`"+id+"`") {
			t.Errorf("the README does not name the learner `%s`", id)
		}
	}
}
