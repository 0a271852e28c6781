//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"unitfree/wasm/apitest"
)

// TestServeSiteAndAPI starts the real server on a free port and calls it
// over HTTP.
func TestServeSiteAndAPI(t *testing.T) {
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<title>unitfree</title>"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, "127.0.0.1:0", site, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	url := strings.TrimSpace(line[strings.Index(line, "http://"):])
	for path, want := range map[string]string{"": "<title>unitfree</title>", "api/health": `"ok":true`} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET /%s: %d %q, want 200 containing %q", path, resp.StatusCode, body, want)
		}
	}
	t.Run("api suite", func(t *testing.T) {
		apitest.Run(t, apitest.Client{Base: strings.TrimSuffix(url, "/")})
	})
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v after shutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
}

// TestBusyPortIsAnError checks that a taken port fails loudly instead of
// exiting silently.
func TestBusyPortIsAnError(t *testing.T) {
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("x"), 0o644)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = run(context.Background(), ln.Addr().String(), site, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "cannot listen") {
		t.Fatalf("run on a busy port returned %v", err)
	}
}

func TestMissingSiteIsAnError(t *testing.T) {
	err := run(context.Background(), "127.0.0.1:0", t.TempDir(), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("run without a site returned %v", err)
	}
}

// TestStalledClientIsDropped: a client that sends half its headers and
// then nothing has its connection closed by the server (once, such
// connections were held for over 70 s, and 20,000 of them made
// /api/health time out).
func TestStalledClientIsDropped(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = newServer(t.TempDir())
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Le"))
	conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	start := time.Now()
	_, err = io.ReadAll(conn) // returns when the server closes the connection
	if err != nil {
		t.Fatalf("the server kept the stalled connection open for %s: %v", time.Since(start).Round(time.Second), err)
	}
	if took := time.Since(start); took > srv.Config.ReadHeaderTimeout+2*time.Second {
		t.Fatalf("the stalled connection was closed after %s", took)
	}
}

// startServer runs the real server on addr (port 0: a free one) over a
// site of one page until the test ends, and returns its output: the first
// line names the page's address.
func startServer(t *testing.T, addr string) *bufio.Reader {
	t.Helper()
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<title>unitfree</title>"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	go run(ctx, addr, site, pw)
	return bufio.NewReader(pr)
}

// serverURL reads the page's address from the server's first line and
// discards the rest of its output.
func serverURL(t *testing.T, out *bufio.Reader) string {
	t.Helper()
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	return strings.TrimSpace(line[strings.Index(line, "http://"):])
}

// TestIdleConnectionsDoNotStarveHealth: with 1,000 connections open and
// idle (no request sent), /api/health is answered at once (it waited
// 4.5 s for a place before), and so it is while they reconnect as soon as
// they are dropped. The timing is reported; the test fails only past 1 s.
func TestIdleConnectionsDoNotStarveHealth(t *testing.T) {
	url := serverURL(t, startServer(t, "127.0.0.1:0"))
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	if strings.HasPrefix(addr, "localhost") {
		addr = "127.0.0.1" + strings.TrimPrefix(addr, "localhost")
	}
	stop := make(chan struct{})
	defer close(stop)
	var opened sync.WaitGroup
	for range 1000 {
		opened.Add(1)
		go func() {
			first := true
			for {
				c, err := net.Dial("tcp", addr)
				if first {
					opened.Done()
					first = false
				}
				if err != nil {
					return
				}
				buf := make([]byte, 1)
				done := make(chan struct{})
				go func() { c.Read(buf); close(done) }() // ends when the server drops it
				select {
				case <-stop:
					c.Close()
					return
				case <-done: // dropped: reconnect at once
					c.Close()
				}
			}
		}()
	}
	opened.Wait()
	client := &http.Client{Timeout: 10 * time.Second}
	var worst time.Duration
	for range 5 {
		start := time.Now()
		resp, err := client.Get(url + "api/health")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		worst = max(worst, time.Since(start))
		if resp.StatusCode != 200 {
			t.Fatalf("health: %d", resp.StatusCode)
		}
	}
	t.Logf("/api/health beside 1,000 idle connections that reconnect when dropped: slowest of 5 in %v", worst)
	if worst > time.Second {
		t.Errorf("health took %v with 1,000 idle connections open", worst)
	}
}

// TestClassroomServer: listening on every interface, the server prints
// the address of each of this machine's network interfaces that students
// open, and answers as on localhost (the test calls it on loopback only:
// this workplace allows no traffic to other addresses).
func TestClassroomServer(t *testing.T) {
	lines := startServer(t, "0.0.0.0:0")
	first, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	local := strings.TrimSpace(first[strings.Index(first, "http://"):])
	port := local[strings.LastIndex(local, ":")+1 : len(local)-1]
	want := networkURLs(mustAtoi(t, port))
	var printed []string
	for range want {
		line, err := lines.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(line, "students open: http://") {
			t.Fatalf("line %q", line)
		}
		printed = append(printed, strings.TrimSpace(strings.TrimPrefix(line, "students open: ")))
	}
	go io.Copy(io.Discard, lines)
	if strings.Join(printed, " ") != strings.Join(want, " ") {
		t.Errorf("printed %v, want %v", printed, want)
	}
	t.Logf("%s and %v", local, printed)
	for _, u := range []string{local, strings.Replace(local, "localhost", "127.0.0.1", 1)} {
		resp, err := http.Get(u + "api/health")
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %d %v", u, resp.StatusCode, resp.Header)
		}
	}
}

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
