//go:build js && rooms

package main

import "testing"

// TestWarmUpRoomsReturns checks the rooms' warm-up calls (see
// checkWarmUpCalls).
func TestWarmUpRoomsReturns(t *testing.T) {
	checkWarmUpCalls(t, roomCalls)
}
