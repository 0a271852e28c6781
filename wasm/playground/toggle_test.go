package playground

import (
	"slices"
	"testing"
)

func TestToggled(t *testing.T) {
	list := []string{"a", "b", "c"}
	if got := Toggled(list, "b"); !slices.Equal(got, []string{"a", "c"}) {
		t.Fatalf("removing b: %v", got)
	}
	if got := Toggled(list, "d"); !slices.Equal(got, []string{"a", "b", "c", "d"}) {
		t.Fatalf("adding d: %v", got)
	}
	if !slices.Equal(list, []string{"a", "b", "c"}) {
		t.Fatalf("the list was modified: %v", list)
	}
}

func TestRoundInLinks(t *testing.T) {
	for _, c := range []struct {
		in    string
		state string
		round int
	}{{"v2.abc", "v2.abc", 0}, {"v2.abc@37", "v2.abc", 37}, {"v2.abc@x", "v2.abc", 0}, {"@5", "", 5}} {
		if s, r := SplitRound(c.in); s != c.state || r != c.round {
			t.Errorf("%q: %q, %d", c.in, s, r)
		}
	}
	if WithRound("v2.abc", 0) != "v2.abc" || WithRound("v2.abc", 12) != "v2.abc@12" {
		t.Error("WithRound")
	}
}
