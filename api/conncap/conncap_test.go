package conncap

import (
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// acceptor runs the listener's Accept loop once for the whole test.
type acceptor struct {
	l     *Listener
	conns chan net.Conn
}

func startAcceptor(l *Listener) *acceptor {
	a := &acceptor{l: l, conns: make(chan net.Conn, 16)}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				close(a.conns)
				return
			}
			a.conns <- c
		}
	}()
	return a
}

// dialAccept dials from local and returns the server side, or nil when the
// caps closed it (Accept hands nothing over).
func dialAccept(t *testing.T, a *acceptor, local string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	client, err := d.Dial("tcp", a.l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	select {
	case c := <-a.conns:
		return c
	case <-time.After(200 * time.Millisecond):
		return nil
	}
}

func closed(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err := c.Read(make([]byte, 1))
	ne, ok := err.(net.Error)
	return !(ok && ne.Timeout())
}

func TestCaps(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := New(ln, 2, 3)
	defer l.Close()
	acc := startAcceptor(l)

	a1 := dialAccept(t, acc, "127.0.0.1")
	a2 := dialAccept(t, acc, "127.0.0.1")
	l.ConnState(a1, http.StateActive)
	l.ConnState(a2, http.StateIdle)
	// Over the address's cap: its idle connection makes room.
	a3 := dialAccept(t, acc, "127.0.0.1")
	if a3 == nil {
		t.Fatal("a third connection was refused while an idle one could go")
	}
	if open := held(l); open != 2 {
		t.Fatalf("%d connections held, want 2: the idle one closed for the new one", open)
	}
	// a2 was closed by the caps, a1 (active) was not.
	if !closedByServer(a2) || closedByServer(a1) {
		t.Fatal("the wrong connection was closed")
	}
	// Every connection of the address busy: the new one is refused.
	l.ConnState(a3, http.StateActive)
	if c := dialAccept(t, acc, "127.0.0.1"); c != nil {
		t.Fatal("a connection over the cap was admitted with nothing idle to close")
	}
	// A handed-off (parked) connection of the address goes before refusing.
	l.ConnState(a3, http.StateHijacked)
	if c := dialAccept(t, acc, "127.0.0.1"); c == nil {
		t.Fatal("a parked connection of the flooding address was kept over a new one")
	}
	// The total cap: another address's idle connection makes room, an
	// active one does not.
	b1 := dialAccept(t, acc, "127.0.0.2")
	if b1 == nil {
		t.Fatal("another address was refused under the total cap")
	}
	l.ConnState(b1, http.StateActive)
	if c := dialAccept(t, acc, "127.0.0.3"); c != nil {
		t.Fatal("a connection over the total cap was admitted with nothing idle")
	}
	if open := held(l); open != 3 {
		t.Fatalf("%d connections held, want the total cap of 3: the refused ones are not held", open)
	}
}

// held is how many connections the caps count now.
func held(l *Listener) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.conns)
}

// closedByServer: the caps closed the server side; Close marks it closed.
func closedByServer(c net.Conn) bool {
	cc := c.(*conn)
	return closed(cc.Conn)
}

// nopConn is a connection that holds nothing, for the benchmark.
type nopConn struct{ net.Conn }

func (nopConn) Close() error { return nil }

// BenchmarkAdmitAtTheCap: a connection from an address at its cap, among
// 50,000 from other addresses, closes that address's idlest: the search
// looks at the address's own connections, not at every connection held.
func BenchmarkAdmitAtTheCap(b *testing.B) {
	l := New(nil, 64, 0)
	for i := range 50_000 {
		l.admit(nopConn{}, "10.0."+itoa(i/250)+"."+itoa(i%250))
	}
	for range 64 {
		c := l.admit(nopConn{}, "192.0.2.1")
		c.state = idle
	}
	b.ResetTimer()
	for range b.N {
		c := l.admit(nopConn{}, "192.0.2.1")
		if c == nil {
			b.Fatal("refused")
		}
		c.state = idle
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
