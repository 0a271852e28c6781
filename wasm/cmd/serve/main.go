//go:build !js

// Command serve is `make serve`: it serves the playground's static site and
// the API on http://localhost:$PORT (8080 by default).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"unitfree/wasm/server"
)

func main() {
	port := flag.Int("port", envPort(), "TCP port on 127.0.0.1 (env PORT)")
	site := flag.String("site", "site", "folder of the static site")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, fmt.Sprintf("127.0.0.1:%d", *port), *site, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// envPort returns $PORT, or 8080 when it is unset or not a number.
func envPort() int {
	if p, err := strconv.Atoi(os.Getenv("PORT")); err == nil {
		return p
	}
	return 8080
}

// run serves siteDir and the API on addr until ctx ends. A port that is
// already taken is an error, reported before anything is served.
func run(ctx context.Context, addr, siteDir string, out io.Writer) error {
	if _, err := os.Stat(siteDir + "/index.html"); err != nil {
		return fmt.Errorf("no site to serve in %q (run `make build`): %w", siteDir, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s (is another server running? set PORT=...): %w", addr, err)
	}
	srv := newServer(siteDir)
	server.DefaultConnGuard().Guard(srv)
	fmt.Fprintf(out, "unitfree playground: http://%s/\n", displayAddr(ln.Addr()))
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer returns the HTTP server of the site and the API, with
// timeouts that free a connection whose client stalls: 5 s for the
// headers, 20 s for a whole request (a 4 MiB body included), 60 s for
// writing the answer, 30 s idle between requests.
func newServer(siteDir string) *http.Server {
	return &http.Server{Handler: server.New(siteDir), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 20 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 30 * time.Second,
		MaxHeaderBytes: 64 << 10}
}

// displayAddr names a loopback listener as localhost:PORT.
func displayAddr(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return fmt.Sprintf("localhost:%d", tcp.Port)
	}
	return a.String()
}
