package server

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestConnGuard: a client over its limit loses its idlest connection, not
// a connection in a request; when all of its others are in requests, the
// new one is closed; another client is not touched.
func TestConnGuard(t *testing.T) {
	block := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block })}
	g := &ConnGuard{MaxOpen: 100, MaxPerClient: 3}
	g.Guard(srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	defer close(block)
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond) // the server has accepted it
		return c
	}
	closed := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		return err == io.EOF
	}
	busy := dial()
	busy.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) // in a request until the end
	idle1, idle2 := dial(), dial()
	idle3 := dial() // the fourth: the idlest goes
	if !closed(idle1) || closed(idle2) || closed(idle3) || closed(busy) {
		t.Fatal("the idlest connection was not the one closed")
	}
	if n := g.Open(); n != 3 {
		t.Fatalf("%d connections tracked, want 3", n)
	}
	idle2.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	idle3.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	time.Sleep(20 * time.Millisecond)
	extra := dial() // every other one is in a request: the new one goes
	if !closed(extra) || closed(busy) || closed(idle2) || closed(idle3) {
		t.Fatal("a connection in a request was closed, or the new one was kept")
	}
}
