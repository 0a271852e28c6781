//go:build js

package main

import (
	"slices"
	"syscall/js"
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

// TestWarmUpEventsDispatches: the warm-up's event reaches a listener added
// as the page adds its controls' (listen), which is removed after it, so
// that a later run of the program in the same worker never calls the
// listener of one that has exited; where there is no EventTarget it does
// nothing.
func TestWarmUpEventsDispatches(t *testing.T) {
	target := js.Global().Get("EventTarget").New()
	if !warmUpEvents(target) {
		t.Fatal("the warm-up's event did not reach its listener")
	}
	calls := 0
	counter := js.FuncOf(func(js.Value, []js.Value) any { calls++; return nil })
	defer counter.Release()
	target.Call("addEventListener", "unitfree-warm-up", counter)
	target.Call("dispatchEvent", js.Global().Get("Event").New("unitfree-warm-up"))
	if calls != 1 {
		t.Errorf("an event after the warm-up reached %d listeners, want only the test's: the warm-up's listener was left", calls)
	}
	if warmUpEvents(js.Global().Get("Object").New()) {
		t.Error("a target without dispatchEvent reported a listener that ran")
	}
}
