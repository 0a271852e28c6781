package bandit

import (
	"slices"
	"testing"
)

// TestGenerateSparseIsGenerate: the sparse generator makes Generate's
// rounds, row by row and label by label.
func TestGenerateSparseIsGenerate(t *testing.T) {
	for _, name := range Generators {
		x, y, err := Generate(name, 7, 500)
		if err != nil {
			t.Fatal(err)
		}
		rows, labels, err := GenerateSparse(name, 7, 500)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(y, labels) {
			t.Fatalf("%s: labels differ", name)
		}
		for i := range x {
			if !slices.Equal(rows[i].Dense(SynFeatures), x[i]) {
				t.Fatalf("%s: row %d differs", name, i)
			}
		}
	}
	if _, _, err := GenerateSparse("nope", 1, 3); err == nil {
		t.Error("an unknown generator was accepted")
	}
}
