//go:build !js

package api_test

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"

	"unitfree/wasm/api"
	"unitfree/wasm/apitest"
)

// TestSuite runs the conformance suite against the handler natively.
func TestSuite(t *testing.T) {
	srv := httptest.NewServer(api.New())
	defer srv.Close()
	apitest.Run(t, apitest.Client{Base: srv.URL})
}

// TestConcurrentRequestsShareNoState sends the same runs with different
// seeds at once and one at a time: every answer must be the same.
func TestConcurrentRequestsShareNoState(t *testing.T) {
	srv := httptest.NewServer(api.New())
	defer srv.Close()
	c := apitest.Client{Base: srv.URL}
	body := func(seed int) string {
		return fmt.Sprintf(`{"task":"classify","dataset":"penguins","positive":"Gentoo","features":{"bias":true},
		"learners":[{"id":"scinol2"},{"id":"scinol-full"},{"id":"ogd"}],"order":{"shuffle":true,"seed":%d},"keep":["predictions"]}`, seed)
	}
	want := make([][]byte, 8)
	for i := range want {
		code, raw, err := c.Post([]byte(body(i)))
		if err != nil || code != 200 {
			t.Fatalf("%d %v", code, err)
		}
		want[i] = raw
	}
	got := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, got[i], _ = c.Post([]byte(body(i)))
		}()
	}
	wg.Wait()
	for i := range got {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("seed %d: the concurrent answer differs from the sequential one", i)
		}
	}
}
