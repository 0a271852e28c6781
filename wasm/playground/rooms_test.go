package playground

import "testing"

// TestHashAtRound: a copied link carries the round on screen, replacing
// the one the hash was written at; a lesson step's link stays as it is.
func TestHashAtRound(t *testing.T) {
	for _, c := range []struct {
		hash  string
		round int
		want  string
	}{
		{"#v2.abc", 15, "#v2.abc@15"},
		{"#v2.abc@3", 500, "#v2.abc@500"},
		{"#v2.abc@3", 0, "#v2.abc"},
		{"#lecture/v1.xyz", 15, "#lecture/v1.xyz@15"},
		{"#bandit/v1.xyz@7", 128, "#bandit/v1.xyz@128"},
		{"#bandit/lesson/2", 40, "#bandit/lesson/2"},
		{"#bandit", 40, "#bandit"},
		{"", 40, ""},
	} {
		if got := HashAtRound(c.hash, c.round); got != c.want {
			t.Errorf("HashAtRound(%q, %d) = %q, want %q", c.hash, c.round, got, c.want)
		}
	}
}
