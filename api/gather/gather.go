// Package gather lets a handler send an answer's status line, headers and
// body to the socket in one write. net/http writes the headers into a 4 KB
// buffer in front of the connection and the body after them, so that a body
// of more than about 4 KB leaves in two writes: the full buffer, then the
// rest. A seat's view is about 8.5 KB: every view answered took two system
// calls and two segments where one does. Write holds the connection
// around the answer's body, so that both writes are gathered and sent
// together.
package gather

import (
	"context"
	"net"
	"net/http"
	"sync"
	"syscall"

	"github.com/hanabi-server/hanabi/internal/connwrap"
)

// Listen wraps the connections that hs accepts from ln, so that their
// requests may hold them (see Of). It sets hs.ConnContext, keeping any hook
// already there.
func Listen(hs *http.Server, ln net.Listener) net.Listener {
	prev := hs.ConnContext
	hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if prev != nil {
			ctx = prev(ctx, c)
		}
		if gc, ok := connwrap.Find[*Conn](c); ok { // under the parking listener's kept connections
			ctx = context.WithValue(ctx, connKey{}, gc)
		}
		return ctx
	}
	return &listener{Listener: ln}
}

type connKey struct{}

// of is the connection r arrived on, or nil when it was not accepted
// through Listen.
func of(r *http.Request) *Conn {
	c, _ := r.Context().Value(connKey{}).(*Conn)
	return c
}

type listener struct{ net.Listener }

func (l *listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &Conn{Conn: c}, nil
}

// Conn is an accepted connection whose writes may be held and then sent
// together. hold and release are called by the goroutine that serves the
// connection's request, the one net/http writes the answer from; mu keeps
// the hold whole should a goroutine that took the connection over write
// it meanwhile.
type Conn struct {
	net.Conn
	mu   sync.Mutex
	held bool
	buf  *[]byte
	err  error // the failed write of held bytes
}

// MaxHeld is the most bytes a hold gathers: past it what was held is sent
// and the rest written through. Copying a large body costs more than the
// system call that it saves.
const MaxHeld = 64 << 10

var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// Write writes body, an answer's whole body whose length the headers give,
// to w, the answer to r, with the headers in one write to the connection
// when r came through Listen and body is at most MaxHeld bytes.
func Write(w http.ResponseWriter, r *http.Request, body []byte) (int, error) {
	c := of(r)
	if c == nil || len(body) > MaxHeld {
		return w.Write(body)
	}
	// A connection taken over (hijacked, as the parker takes a long-poll's)
	// is no longer this answer's: another goroutine may be writing it now,
	// and a hold here would gather its bytes. Writing nothing says so.
	if _, err := w.Write(nil); err != nil {
		return 0, err
	}
	c.hold()
	n, err := w.Write(body)
	// What net/http still holds of the answer, the body's tail after its
	// buffer filled, goes out with the rest now, not after the handler.
	if f, ok := w.(http.Flusher); ok && err == nil {
		f.Flush()
	}
	if rerr := c.release(); err == nil {
		err = rerr
	}
	return n, err
}

// hold keeps the connection's writes until release.
func (c *Conn) hold() {
	c.mu.Lock()
	c.held = true
	c.mu.Unlock()
}

// release sends what was held, in one write, and writes through again.
func (c *Conn) release() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.held {
		return nil
	}
	c.held = false
	return c.flush()
}

// flush sends what is held; c.mu is held.
func (c *Conn) flush() error {
	if c.buf == nil {
		return nil
	}
	b := c.buf
	c.buf = nil
	_, err := c.Conn.Write(*b)
	if cap(*b) <= MaxHeld {
		*b = (*b)[:0]
		bufs.Put(b)
	}
	if err != nil {
		c.err = err
	}
	return err
}

func (c *Conn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	if !c.held {
		return c.Conn.Write(p)
	}
	if c.buf == nil {
		c.buf = bufs.Get().(*[]byte)
	}
	if len(*c.buf)+len(p) > MaxHeld {
		c.held = false
		if err := c.flush(); err != nil {
			return 0, err
		}
		return c.Conn.Write(p)
	}
	*c.buf = append(*c.buf, p...)
	return len(p), nil
}

// NetConn is the connection underneath, for wrappers that look for theirs
// (the connection caps).
func (c *Conn) NetConn() net.Conn { return c.Conn }

// CloseWrite and SyscallConn pass through, for net/http's graceful close
// and probes of the socket.
func (c *Conn) CloseWrite() error                     { return connwrap.CloseWrite(c.Conn, c.Conn.Close) }
func (c *Conn) SyscallConn() (syscall.RawConn, error) { return connwrap.SyscallConn(c.Conn) }
