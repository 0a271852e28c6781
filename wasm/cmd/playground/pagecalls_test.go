//go:build js && !rooms

package main

import "testing"

// TestWarmUpPageReturns checks the units playground's warm-up calls (see
// checkWarmUpCalls).
func TestWarmUpPageReturns(t *testing.T) {
	checkWarmUpCalls(t, pageCalls)
}
