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
