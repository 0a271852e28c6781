package server

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestAdmission: with every slot running and the queue full, the next
// run is a 503 with Retry-After at once; a waiting run starts when a slot
// frees; one that waits longer than Wait is a 503 too.
func TestAdmission(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 8)
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-release
	})
	h := Admission{Slots: 2, Queue: 1, Wait: 300 * time.Millisecond}.Limit(slow)
	codes := make(chan int, 8)
	var wg sync.WaitGroup
	send := func() {
		defer wg.Done()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", nil))
		if rec.Code == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") == "" {
			t.Error("a 503 without Retry-After")
		}
		codes <- rec.Code
	}
	wg.Add(2)
	go send()
	go send()
	<-started
	<-started // both slots run
	wg.Add(1)
	go send() // waits in the queue
	time.Sleep(50 * time.Millisecond)
	wg.Add(1)
	send() // slots and queue full: refused at once
	if c := <-codes; c != http.StatusServiceUnavailable {
		t.Fatalf("the fourth run got %d, want 503", c)
	}
	time.Sleep(400 * time.Millisecond) // the queued one waited longer than Wait
	if c := <-codes; c != http.StatusServiceUnavailable {
		t.Fatalf("a run that waited past Wait got %d, want 503", c)
	}
	wg.Add(1)
	go send() // queues again
	time.Sleep(50 * time.Millisecond)
	release <- struct{}{} // a slot frees: the queued run starts
	<-started
	close(release)
	wg.Wait()
	close(codes)
	n := 0
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("a run that got a slot answered %d", c)
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d runs completed, want 3", n)
	}
}
