//go:build !js

package leaderboard

import (
	"os"
	"strings"
	"testing"
)

// TestCommittedBoardIsCurrent regenerates the board and compares it with
// the committed tables (the date line aside): the page's and
// assets/docs/leaderboard.md. When a learner changes, `make leaderboard`
// rewrites them. (Natively only: gonum's assembly on amd64 and its Go code
// under WASM may round differently in the comparator's search.)
func TestCommittedBoardIsCurrent(t *testing.T) {
	b, err := Run(DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{"../../site/index.html", b.HTML()},
		{"../../assets/docs/leaderboard.md", b.Markdown()},
	} {
		raw, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(raw), c.want) {
			t.Errorf("%s does not hold the board the code computes: run `make leaderboard`", c.file)
		}
	}
}
