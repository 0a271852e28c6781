package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"unitfree/wasm/api"
)

// TestAdmission: with every slot running and the queue full, the next
// run is refused (busy, to answer 503 with Retry-After) at once; a waiting
// run starts when a slot frees; one that waits longer than Wait is
// refused too.
func TestAdmission(t *testing.T) {
	a := Admission{Slots: 2, Queue: 1, Wait: 300 * time.Millisecond, Memory: 1 << 20}.admitter()
	ctx := context.Background()
	r1, err1 := a.Admit(ctx, 1)
	r2, err2 := a.Admit(ctx, 1)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	queued := make(chan error, 1)
	go func() { _, err := a.Admit(ctx, 1); queued <- err }()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	var busy *api.Busy
	if _, err := a.Admit(ctx, 1); !errors.As(err, &busy) || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("slots and queue full: %v after %v, want busy at once", err, time.Since(start))
	}
	if err := <-queued; !errors.As(err, &busy) {
		t.Fatalf("a run that waited past Wait: %v, want busy", err)
	}
	go func() {
		r, err := a.Admit(ctx, 1)
		if err == nil {
			r()
		}
		queued <- err
	}()
	time.Sleep(50 * time.Millisecond)
	r1() // a slot frees: the queued run starts
	if err := <-queued; err != nil {
		t.Fatalf("the queued run: %v", err)
	}
	r2()
}

// TestAdmissionByMemory: runs are admitted while their estimated memory
// fits; a run that does not fit waits for memory to be released, and a
// run larger than the whole budget is refused as too big.
func TestAdmissionByMemory(t *testing.T) {
	a := Admission{Slots: 4, Queue: 4, Wait: time.Second, Memory: 100}.admitter()
	ctx := context.Background()
	r1, err := a.Admit(ctx, 60)
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan time.Time, 1)
	go func() {
		r, err := a.Admit(ctx, 60)
		if err != nil {
			t.Error(err)
		}
		started <- time.Now()
		r()
	}()
	time.Sleep(100 * time.Millisecond)
	released := time.Now()
	r1()
	if s := <-started; s.Before(released) {
		t.Error("a run started before there was memory for it")
	}
	var big *api.TooBig
	if _, err := a.Admit(ctx, 101); !errors.As(err, &big) {
		t.Errorf("a run over the budget: %v, want TooBig", err)
	}
}

// TestSlowClientsHoldNoSlot: ten clients that upload a body slowly (never
// finishing it) and ten that never read a 10 MB answer, against 2 slots
// and 8 queue places, do not keep other runs out (they got 503 at once).
func TestSlowClientsHoldNoSlot(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/index.html", []byte("<!doctype html>"), 0o644)
	srv := httptest.NewServer(NewWith(dir, Admission{Slots: 2, Queue: 8, Wait: time.Second, Memory: 1 << 30}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	send := func(head, body string) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%s\r\n%s", head, body)
	}
	learners := strings.TrimSuffix(strings.Repeat(`{"id":"ogd"},`, 20), ",")
	big := `{"task":"classify","dataset":"penguins","positive":"Gentoo","passes":100,"learners":[` + learners + `],"keep":["predictions","losses","order"]}`
	for range 10 {
		send("Content-Length: 100000\r\n", `{"task":"classify",`)  // the rest never comes
		send(fmt.Sprintf("Content-Length: %d\r\n", len(big)), big) // the answer is never read
	}
	// The big runs are done and stuck writing their answers (WASM under
	// Node runs them several times slower: once, 1.5 s was not enough there).
	settle := 1500 * time.Millisecond
	if runtime.GOOS == "js" {
		settle = 6 * time.Second
	}
	time.Sleep(settle)
	var wg sync.WaitGroup
	codes := make([]int, 4)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(srv.URL+"/api/run", "application/json",
				strings.NewReader(`{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"scinol-diag"}]}`))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusOK {
			t.Errorf("run %d beside 20 slow clients: %d, want 200", i, c)
		}
	}
}

// TestAdmissionWithoutQueue: with no queue places, a free slot still
// admits a run at once.
func TestAdmissionWithoutQueue(t *testing.T) {
	a := Admission{Slots: 1, Queue: 0, Wait: time.Second, Memory: 10}.admitter()
	r, err := a.Admit(context.Background(), 5)
	if err != nil {
		t.Fatal(err)
	}
	var busy *api.Busy
	if _, err := a.Admit(context.Background(), 5); !errors.As(err, &busy) {
		t.Errorf("the second run: %v, want busy", err)
	}
	r()
}

// TestMemoryGoesBackWhenIdle: after a large run, the memory goes back to
// the system once no run has run for a while, not while runs go on, and
// not after small runs only.
func TestMemoryGoesBackWhenIdle(t *testing.T) {
	a := Admission{Slots: 2, Queue: 2, Wait: time.Second, Memory: 1 << 30}.admitter()
	var mu sync.Mutex
	freed := 0
	a.free = func() { mu.Lock(); freed++; mu.Unlock() }
	count := func() int { mu.Lock(); defer mu.Unlock(); return freed }
	ctx := context.Background()
	small, _ := a.Admit(ctx, 1<<20)
	small()
	time.Sleep(freeDelay + 300*time.Millisecond)
	if n := count(); n != 0 {
		t.Fatalf("memory given back %d times after a small run", n)
	}
	long, _ := a.Admit(ctx, 1<<20)
	big, _ := a.Admit(ctx, freeAfter)
	big()
	time.Sleep(freeDelay + 300*time.Millisecond)
	if n := count(); n != 0 {
		t.Fatalf("memory given back %d times while a run was running", n)
	}
	long()
	time.Sleep(freeDelay + 300*time.Millisecond)
	if n := count(); n != 1 {
		t.Fatalf("memory given back %d times once idle after a large run, want 1", n)
	}
}
