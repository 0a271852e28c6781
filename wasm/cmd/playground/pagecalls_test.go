//go:build js && !rooms

package main

import (
	"slices"
	"testing"
)

// TestWarmUpPageReturns: where there is no document (the compiling
// worker; here Node), each call of the page's warm-up stops at its nil
// receiver or argument with a panic that warmUpPage recovers, or returns
// where it says so: none runs on, hangs or ends the program, which would
// keep the page from its compiled module.
func TestWarmUpPageReturns(t *testing.T) {
	panicked := warmUpPage(pageCalls)
	for _, c := range pageCalls {
		if got := slices.Contains(panicked, c.name); got == c.returns {
			t.Errorf("%s: panicked %v, want %v", c.name, got, !c.returns)
		}
	}
	calls := []pageCall{{"returns", true, func() {}}, {"panics", false, func() { panic("stop") }}}
	if got := warmUpPage(calls); !slices.Equal(got, []string{"panics"}) {
		t.Errorf("warmUpPage reported %v panicked, want [panics]", got)
	}
}
