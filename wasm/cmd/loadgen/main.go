//go:build !js

// Command loadgen puts a bounded loopback load on a running unitfree server:
// N concurrent clients send the same POST /api/run for a fixed duration
// while one more asks GET /api/health every 50 ms; it prints requests per
// second, latency percentiles and the status codes of both, and fails if
// health ever took longer than -health-budget. With -idle N it first opens
// N connections that send nothing and holds them for the whole run, and
// each health probe opens a connection of its own, as a new visitor does.
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
	"strconv"
	"sync"
	"time"
)

const penguinsRun = `{"task":"classify","dataset":"penguins","positive":"Gentoo","features":{"bias":true},
"learners":[{"id":"scinol2"},{"id":"scinol-full"},{"id":"scinol-diag"},{"id":"ogd"}],
"order":{"shuffle":true,"seed":1},"passes":1}`

// heavyRun is the heaviest kind of run the limits allow: 50,000 SynSep
// rounds of 400 features for soba-diag, 1.8e8 of the 2e8 coordinate
// updates.
const heavyRun = `{"task":"bandit","generator":{"name":"synsep","rounds":50000,"seed":1},"learners":[{"id":"soba-diag"}]}`

func main() {
	target := flag.String("url", "http://127.0.0.1:8080/api/run", "endpoint to load (loopback only)")
	clients := flag.Int("c", 64, "concurrent clients")
	duration := flag.Duration("d", 30*time.Second, "how long to send requests")
	heavy := flag.Bool("heavy", false, "send the heaviest allowed run instead of a penguins run")
	budget := flag.Duration("health-budget", 100*time.Millisecond, "the longest /api/health may take")
	idle := flag.Int("idle", 0, "connections to open and hold idle during the run")
	flag.Parse()
	body := penguinsRun
	if *heavy {
		body = heavyRun
	}
	u, err := url.Parse(*target)
	if err != nil || !isLoopback(u.Hostname()) {
		fmt.Fprintln(os.Stderr, "loadgen: the target must be a loopback address, got", *target)
		os.Exit(2)
	}
	held := holdIdle(u.Host, *idle)
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	if *idle > 0 {
		fmt.Printf("holding %d idle connections\n", len(held))
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
				resp, err := client.Post(*target, "application/json", bytes.NewReader([]byte(body)))
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				took := time.Since(start)
				if err == nil && resp.StatusCode == http.StatusServiceUnavailable {
					// a client that honours Retry-After
					if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
						time.Sleep(time.Duration(s) * time.Second)
					}
				}
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
	health := probeHealth(client, u, end)
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
	hs := <-health
	sort.Slice(hs.took, func(i, j int) bool { return hs.took[i] < hs.took[j] })
	hp := func(p float64) time.Duration {
		if len(hs.took) == 0 {
			return 0
		}
		return hs.took[int(p*float64(len(hs.took)-1))]
	}
	fmt.Printf("health meanwhile: %d answers, p50 %s, p99 %s, max %s, failures %d (budget %s)\n",
		len(hs.took), hp(0.5).Round(100*time.Microsecond), hp(0.99).Round(100*time.Microsecond), hp(1).Round(100*time.Microsecond), hs.failed, *budget)
	// 503s are the admission control at work; anything else is a failure.
	if errs > 0 || codes[200]+codes[503] != len(latencies) || codes[200] == 0 || hs.failed > 0 || hp(1) > *budget {
		os.Exit(1)
	}
}

// holdIdle opens n connections to host that send nothing.
func holdIdle(host string, n int) []net.Conn {
	var conns []net.Conn
	for range n {
		c, err := net.Dial("tcp", host)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen: an idle connection:", err)
			break
		}
		conns = append(conns, c)
	}
	return conns
}

// healthLatencies are the probe's answer times and failed probes.
type healthLatencies struct {
	took   []time.Duration
	failed int
}

// probeHealth asks GET /api/health every 50 ms until end, each time on a
// new connection, and sends what it measured.
func probeHealth(load *http.Client, run *url.URL, end time.Time) chan healthLatencies {
	out := make(chan healthLatencies, 1)
	h := *run
	h.Path = "/api/health"
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	go func() {
		var res healthLatencies
		for time.Now().Before(end) {
			start := time.Now()
			resp, err := client.Get(h.String())
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			if err != nil || resp.StatusCode != 200 {
				res.failed++
			} else {
				res.took = append(res.took, time.Since(start))
			}
			time.Sleep(50 * time.Millisecond)
		}
		out <- res
	}()
	return out
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
