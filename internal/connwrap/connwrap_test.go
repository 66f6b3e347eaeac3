package connwrap

import (
	"net"
	"testing"
)

type outer struct{ net.Conn }

func (o *outer) NetConn() net.Conn { return o.Conn }

type middle struct {
	net.Conn
	closed bool
}

func (m *middle) NetConn() net.Conn { return m.Conn }
func (m *middle) Close() error      { m.closed = true; return m.Conn.Close() }

// TestFind: a wrapper is found under the others, the socket under all,
// and a connection without a writing side of its own is closed whole by
// its wrapper's Close.
func TestFind(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	m := &middle{Conn: a}
	o := &outer{Conn: m}
	if got, ok := Find[*middle](o); !ok || got != m {
		t.Fatalf("Find middle: %v %v", got, ok)
	}
	if _, ok := Find[*net.TCPConn](o); ok {
		t.Fatal("found a TCP connection under a pipe")
	}
	if Socket(o) != a {
		t.Fatal("the socket under both is not the pipe's end")
	}
	if _, err := SyscallConn(a); err == nil {
		t.Fatal("a pipe has no raw socket")
	}
	if err := CloseWrite(a, m.Close); err != nil || !m.closed {
		t.Fatalf("a pipe's end without CloseWrite: closed %v, %v", m.closed, err)
	}
}
