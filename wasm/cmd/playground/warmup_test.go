//go:build js

package main

import (
	"slices"
	"testing"
)

// checkWarmUpCalls: where there is no document (the compiling worker;
// here Node), each of calls stops at its nil receiver or argument with a
// panic that warmUpPage recovers, or returns where it says so: none runs
// on, hangs or ends the program, which would keep the page from its
// compiled module.
func checkWarmUpCalls(t *testing.T, calls []pageCall) {
	t.Helper()
	panicked := warmUpPage(calls)
	for _, c := range calls {
		if got := slices.Contains(panicked, c.name); got == c.returns {
			t.Errorf("%s: panicked %v, want %v", c.name, got, !c.returns)
		}
	}
}

// TestWarmUpPageRecovers: warmUpPage reports the calls that panicked.
func TestWarmUpPageRecovers(t *testing.T) {
	calls := []pageCall{{"returns", true, func() {}}, {"panics", false, func() { panic("stop") }}}
	if got := warmUpPage(calls); !slices.Equal(got, []string{"panics"}) {
		t.Errorf("warmUpPage reported %v panicked, want [panics]", got)
	}
}
