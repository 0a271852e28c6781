//go:build !js

// Command serve is `make serve`: it serves the playground's static site and
// the API on http://localhost:$PORT (8080 by default). With -host 0.0.0.0
// (`make serve HOST=0.0.0.0`) it serves a classroom: every device on the
// same network opens one of the addresses it prints, with the same limits
// and admission control as on this machine.
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
	port := flag.Int("port", envPort(), "TCP port (env PORT)")
	host := flag.String("host", envOr("HOST", "127.0.0.1"), "address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for every device on its networks (env HOST)")
	site := flag.String("site", "site", "folder of the static site")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, net.JoinHostPort(*host, strconv.Itoa(*port)), *site, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// envOr returns $name, or def when it is unset or empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
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
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		urls := networkURLs(tcp.Port)
		if len(urls) == 0 {
			fmt.Fprintln(out, "no network address found: other devices cannot reach this machine")
		}
		for _, u := range urls {
			fmt.Fprintf(out, "students open: %s\n", u)
		}
	}
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

// displayAddr names a loopback or all-interfaces listener as
// localhost:PORT.
func displayAddr(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && (tcp.IP.IsLoopback() || tcp.IP.IsUnspecified()) {
		return fmt.Sprintf("localhost:%d", tcp.Port)
	}
	return a.String()
}

// networkURLs returns the page's address on each of this machine's network
// interfaces that is up, IPv4 first, loopback and link-local addresses
// left out: the addresses other devices on its networks open.
func networkURLs(port int) []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() {
				continue
			}
			u := "http://" + net.JoinHostPort(ipn.IP.String(), strconv.Itoa(port)) + "/"
			if ipn.IP.To4() != nil {
				v4 = append(v4, u)
			} else {
				v6 = append(v6, u)
			}
		}
	}
	return append(v4, v6...)
}
