//go:build !js

// Command loadgen puts a bounded loopback load on a running unitfree server:
// N concurrent clients send the same POST /api/run for a fixed duration; it
// prints requests per second, latency percentiles and the status codes.
// It refuses any address that is not on this machine.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"time"
)

const penguinsRun = `{"task":"classify","dataset":"penguins","positive":"Gentoo","features":{"bias":true},
"learners":[{"id":"scinol2"},{"id":"scinol-full"},{"id":"scinol-diag"},{"id":"ogd"}],
"order":{"shuffle":true,"seed":1},"passes":1}`

func main() {
	target := flag.String("url", "http://127.0.0.1:8080/api/run", "endpoint to load (loopback only)")
	clients := flag.Int("c", 64, "concurrent clients")
	duration := flag.Duration("d", 30*time.Second, "how long to send requests")
	flag.Parse()
	u, err := url.Parse(*target)
	if err != nil || !isLoopback(u.Hostname()) {
		fmt.Fprintln(os.Stderr, "loadgen: the target must be a loopback address, got", *target)
		os.Exit(2)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: *clients}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var mu sync.Mutex
	var latencies []time.Duration
	codes := map[int]int{}
	errs := 0
	end := time.Now().Add(*duration)
	var wg sync.WaitGroup
	for range *clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) {
				start := time.Now()
				resp, err := client.Post(*target, "application/json", bytes.NewReader([]byte(penguinsRun)))
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				took := time.Since(start)
				mu.Lock()
				if err != nil {
					errs++
				} else {
					codes[resp.StatusCode]++
					latencies = append(latencies, took)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[int(p*float64(len(latencies)-1))]
	}
	fmt.Printf("clients %d, duration %s: %d responses, %.1f requests/s, p50 %s, p99 %s, max %s, status %v, errors %d\n",
		*clients, *duration, len(latencies), float64(len(latencies))/duration.Seconds(),
		pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), pct(1).Round(time.Millisecond), codes, errs)
	if errs > 0 || codes[200] != len(latencies) {
		os.Exit(1)
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
