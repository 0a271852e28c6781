package bandit

import (
	"math/rand/v2"
	"testing"
)

// TestDeferredSOBAPlaysTheSameRounds plays SOBA and SOBA-adaptive twice on
// SynSep and on a small dense stream with the same draws: once whole, once
// with Defer, where each update's work is done in random slices of 1 to
// 400 rows between the rounds (and sometimes left for Play to finish).
// Every round must be the same (greedy and played labels, update,
// exploration), every score the same bit for bit, and while an update is
// pending the learner must predict with the weights before it.
func TestDeferredSOBAPlaysTheSameRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	synX, synY := SynSep(3, 1500)
	smallX, smallY := smallStream(4, 600, 4, 5)
	for _, stream := range []struct {
		name string
		x    [][]float64
		y    []int
		k    int
	}{{"SynSep", synX, synY, 9}, {"small", smallX, smallY, 4}} {
		d := len(stream.x[0])
		for _, adaptive := range []bool{false, true} {
			build := func() *SOBA {
				if adaptive {
					s, _ := NewSOBAAdaptive(stream.k, d, 1, 0.5)
					return s
				}
				s, _ := NewSOBA(stream.k, d, 1, 1.0/64)
				return s
			}
			whole, deferred := build(), build()
			deferred.Defer()
			draws := rand.New(rand.NewPCG(5, 6))
			updates, pendingChecks := 0, 0
			for r, x := range stream.x {
				u1, u2 := draws.Float64(), draws.Float64()
				a := whole.Play(x, stream.y[r], u1, u2)
				if deferred.Pending() && rng.IntN(3) > 0 {
					before := append([]float64(nil), deferred.sys.v...)
					for !deferred.Work(1 + rng.IntN(400)) {
						if deferred.Pending() {
							for i := range before {
								if deferred.sys.v[i] != before[i] {
									t.Fatalf("%s round %d: the weights changed before the update's work was done", stream.name, r+1)
								}
							}
							pendingChecks++
						}
					}
				}
				b := deferred.Play(x, stream.y[r], u1, u2)
				if a != b {
					t.Fatalf("%s (adaptive %v) round %d: %+v whole, %+v deferred", stream.name, adaptive, r+1, a, b)
				}
				if a.Updated {
					updates++
				}
				for i := range whole.s {
					if whole.s[i] != deferred.s[i] {
						t.Fatalf("%s round %d: score %d differs", stream.name, r+1, i)
					}
				}
			}
			if updates == 0 || pendingChecks == 0 {
				t.Fatalf("%s: %d updates, %d checks while pending: the test did not test", stream.name, updates, pendingChecks)
			}
			t.Logf("%s (adaptive %v): %d updates, %d checks while pending", stream.name, adaptive, updates, pendingChecks)
		}
	}
}
