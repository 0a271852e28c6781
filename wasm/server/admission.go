package server

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"

	"unitfree/wasm/api"
)

// Admission bounds the API runs the native server does at once, so that a
// burst of heavy runs cannot starve /api/health, the static files or the
// machine's memory: Slots runs at a time (one per core) whose estimated
// memory adds up to at most Memory bytes, at most Queue more waiting, each
// for at most Wait; any other run is answered 503 with Retry-After at
// once. A run is admitted only once its body has been read and checked,
// and releases its admission before its answer is written, so a client
// that sends or reads slowly holds no slot (the api package does this).
type Admission struct {
	Slots, Queue int
	Wait         time.Duration
	Memory       int64
}

// DefaultAdmission is the native server's: one run per core, four waiting
// per core, for up to 10 s, and 1 GiB of estimated live memory for the
// runs together (the heap may grow to about twice that between
// collections).
func DefaultAdmission() Admission {
	n := runtime.NumCPU()
	return Admission{Slots: n, Queue: 4 * n, Wait: 10 * time.Second, Memory: 1 << 30}
}

// freeAfter is the estimated size of a run after which the memory it
// used is given back to the operating system once the server is idle
// (Go's scavenger would return it over minutes).
const freeAfter = 64 << 20

// freeDelay is how long the server must be idle, after a large run, before
// its memory is given back: debug.FreeOSMemory is a full collection, which
// after every large run of a busy server halved its runs per second and
// tripled /api/health's slowest answer (41 -> 145 ms).
const freeDelay = time.Second

// admitter is an Admission's state: its queue places, slots and memory.
type admitter struct {
	Admission
	waiting chan struct{}
	slots   *semaphore.Weighted
	memory  *semaphore.Weighted
	free    func() // gives memory back (debug.FreeOSMemory)

	mu      sync.Mutex
	running int         // runs admitted and not yet released
	large   bool        // a large run ended since memory was last given back
	freeing *time.Timer // the pending give-back, if any
}

// admitter returns the state that admits runs under a.
func (a Admission) admitter() *admitter {
	if a.Memory <= 0 {
		a.Memory = DefaultAdmission().Memory
	}
	return &admitter{Admission: a, waiting: make(chan struct{}, a.Queue),
		slots: semaphore.NewWeighted(int64(a.Slots)), memory: semaphore.NewWeighted(a.Memory), free: debug.FreeOSMemory}
}

// Admit is api.Options.Admit: it waits, within a queue place and for at
// most Wait, for a slot and then for the run's memory.
func (a *admitter) Admit(ctx context.Context, bytes int64) (func(), error) {
	if bytes > a.Memory {
		return nil, &api.TooBig{Bytes: bytes, Limit: a.Memory}
	}
	busy := &api.Busy{RetryAfter: a.Wait, Reason: "the server is running as many runs as it has cores or memory for, and more are waiting: retry after the time in Retry-After"}
	// A run that can start at once does; any other waits in a queue place.
	queued := false
	queue := func() bool {
		if queued {
			return true
		}
		select {
		case a.waiting <- struct{}{}:
			queued = true
			return true
		default:
			return false
		}
	}
	defer func() {
		if queued {
			<-a.waiting
		}
	}()
	wait, cancel := context.WithTimeout(ctx, a.Wait)
	defer cancel()
	if !a.slots.TryAcquire(1) {
		if !queue() {
			return nil, busy
		}
		if err := a.slots.Acquire(wait, 1); err != nil {
			return nil, refusal(ctx, busy)
		}
	}
	if !a.memory.TryAcquire(bytes) {
		if !queue() {
			a.slots.Release(1)
			return nil, busy
		}
		if err := a.memory.Acquire(wait, bytes); err != nil {
			a.slots.Release(1)
			return nil, refusal(ctx, busy)
		}
	}
	a.mu.Lock()
	a.running++
	a.mu.Unlock()
	return func() {
		a.memory.Release(bytes)
		a.slots.Release(1)
		a.ended(bytes >= freeAfter)
	}, nil
}

// ended notes the end of a run; once no run has been running for
// freeDelay after a large one, the memory goes back to the system.
func (a *admitter) ended(large bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.running--
	a.large = a.large || large
	if a.running > 0 || !a.large || a.freeing != nil {
		return
	}
	a.freeing = time.AfterFunc(freeDelay, func() {
		a.mu.Lock()
		idle := a.running == 0
		a.freeing = nil
		if idle {
			a.large = false
		}
		a.mu.Unlock()
		if idle { // else the last run to end schedules it again
			a.free()
		}
	})
}

// refusal is the error of a wait that ended: the client's own end, or busy.
func refusal(ctx context.Context, busy error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return busy
}
