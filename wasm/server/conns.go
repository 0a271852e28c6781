package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// ConnGuard keeps a server's connections within limits without making new
// clients wait: when a new connection takes a client over MaxPerClient, or
// the server over MaxOpen, the connection that has been idle longest
// (opened with no request yet, or between requests), of that client
// first, is closed. Idle connections cost a new one nothing, so a
// thousand of them cannot starve /api/health (a listener that made new
// connections wait for a free place once did: 4.5 s with 1,000 idle, 24.5 s
// with 3,000). A connection in a request is never closed by the guard:
// the server's timeouts end those.
type ConnGuard struct {
	MaxOpen, MaxPerClient int

	mu      sync.Mutex
	conns   map[net.Conn]*tracked
	clients map[string]int // open connections per client
}

// tracked is what the guard knows of one connection.
type tracked struct {
	client string
	busy   bool      // in a request
	since  time.Time // idle since
}

// DefaultConnGuard allows 4,096 connections, 1,024 from one address: a
// browser opens 6 per site, a school behind one address more.
func DefaultConnGuard() *ConnGuard { return &ConnGuard{MaxOpen: 4096, MaxPerClient: 1024} }

// Guard makes g watch srv's connections (it sets srv.ConnState).
func (g *ConnGuard) Guard(srv *http.Server) {
	g.conns, g.clients = map[net.Conn]*tracked{}, map[string]int{}
	srv.ConnState = g.connState
}

// Open returns how many connections the guard tracks.
func (g *ConnGuard) Open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.conns)
}

func (g *ConnGuard) connState(c net.Conn, state http.ConnState) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch state {
	case http.StateNew:
		t := &tracked{client: clientOf(c), since: time.Now()}
		g.conns[c] = t
		g.clients[t.client]++
		// Over a limit, the idlest other connection goes; when every
		// other one is in a request, the new one does.
		if g.clients[t.client] > g.MaxPerClient && !g.closeIdlest(t.client, c) ||
			len(g.conns) > g.MaxOpen && !g.closeIdlest("", c) {
			g.drop(c)
		}
	case http.StateActive:
		if t := g.conns[c]; t != nil {
			t.busy = true
		}
	case http.StateIdle:
		if t := g.conns[c]; t != nil {
			t.busy, t.since = false, time.Now()
		}
	case http.StateHijacked, http.StateClosed:
		g.forget(c)
	}
}

// forget stops tracking c.
func (g *ConnGuard) forget(c net.Conn) {
	if t := g.conns[c]; t != nil {
		delete(g.conns, c)
		if g.clients[t.client]--; g.clients[t.client] == 0 {
			delete(g.clients, t.client)
		}
	}
}

// drop closes c and stops tracking it.
func (g *ConnGuard) drop(c net.Conn) {
	c.Close()
	g.forget(c)
}

// closeIdlest closes the connection of client ("" for any) idle longest,
// other than keep, and says whether there was one (all of them may be in
// a request).
func (g *ConnGuard) closeIdlest(client string, keep net.Conn) bool {
	var oldest net.Conn
	var at time.Time
	for c, t := range g.conns {
		if c == keep || t.busy || (client != "" && t.client != client) {
			continue
		}
		if oldest == nil || t.since.Before(at) {
			oldest, at = c, t.since
		}
	}
	if oldest == nil {
		return false
	}
	g.drop(oldest)
	return true
}

// clientOf names a connection's client by its address without the port.
func clientOf(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}
