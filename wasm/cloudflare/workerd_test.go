//go:build !js

// Package cloudflare holds the Cloudflare Worker's configuration
// (wrangler.jsonc, wrangler pinned in package.json) and the test that runs
// the API conformance suite in Cloudflare's runtime, workerd, offline.
package cloudflare

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"unitfree/wasm/apitest"
)

// TestWorkerd starts `wrangler dev` (workerd) on a free loopback port and
// runs the conformance suite against it. It needs `make worker` (the
// worker's build/) and `npm ci` in this folder; `make test` does both.
func TestWorkerd(t *testing.T) {
	for _, need := range []string{"build/app.wasm", "build/worker.mjs", "node_modules/.bin/wrangler"} {
		if _, err := os.Stat(need); err != nil {
			msg := fmt.Sprintf("%s is missing (run `make test-worker`, which builds the worker and runs npm ci)", need)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip("*** WORKERD TEST SKIPPED: " + msg + " ***")
		}
	}
	port := freePort(t)
	log, err := os.Create(filepath.Join(t.TempDir(), "wrangler.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node_modules/.bin/wrangler", "dev", "--ip", "127.0.0.1", "--port", fmt.Sprint(port),
		"--show-interactive-dev-session=false", "--log-level", "warn")
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "WRANGLER_HIDE_BANNER=true",
		"CLOUDFLARE_CF_FETCH_ENABLED=false", "NO_COLOR=1", "XDG_CONFIG_HOME="+t.TempDir())
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // stop workerd with wrangler
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(base + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			out, _ := os.ReadFile(log.Name())
			t.Fatalf("wrangler dev did not answer within 60 s: %v\n%s", err, tail(string(out), 3000))
		}
		time.Sleep(300 * time.Millisecond)
	}
	apitest.Run(t, apitest.Client{Base: base})
	if t.Failed() {
		out, _ := os.ReadFile(log.Name())
		t.Logf("wrangler log:\n%s", tail(string(out), 3000))
	}
	t.Run("4 MiB of trailing whitespace", func(t *testing.T) {
		// Read whole before decoding: a streamed decoder rescanned the
		// whitespace on every refill of workerd's small chunks (17 s).
		c := apitest.Client{Base: base, HTTP: &http.Client{Timeout: 10 * time.Second}}
		if code, out := c.Call(t, "POST", "/api/run", apitest.TrailingWhitespace(4<<20-1024)); code != 200 {
			t.Fatalf("%d %v", code, out)
		}
	})
	t.Run("site assets", func(t *testing.T) {
		resp, err := http.Get(base + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
