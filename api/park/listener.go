package park

import (
	"context"
	"errors"
	"net"
	"net/http"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/hanabi-server/hanabi/internal/connwrap"
)

type listenerKey struct{}

// Listen lets long-polls on connections that hs accepts from the returned
// listener park. Serve hs on it: hs.Serve(pk.Listen(hs, ln)). It sets
// hs.ConnContext, keeping any hook already there.
func (pk *Parker) Listen(hs *http.Server, ln net.Listener) net.Listener {
	pl := &listener{Listener: ln, hs: hs, back: make(chan net.Conn, 1024), done: make(chan struct{}),
		accepted: make(chan acceptResult)}
	prev := hs.ConnContext
	hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if prev != nil {
			ctx = prev(ctx, c)
		}
		return context.WithValue(ctx, listenerKey{}, pl)
	}
	return pl
}

// listenerOf returns the listener of the request's connection when the
// request may be parked.
func listenerOf(w http.ResponseWriter, r *http.Request) *listener {
	pl, _ := r.Context().Value(listenerKey{}).(*listener)
	// A TLS connection would be wrapped twice when handed back.
	if pl == nil || r.TLS != nil || r.ProtoMajor != 1 || r.ProtoMinor < 1 || r.ContentLength != 0 || len(r.TransferEncoding) > 0 {
		return nil
	}
	if _, ok := w.(http.Hijacker); !ok {
		return nil
	}
	return pl
}

// listener is the listener whose connections may be parked: it accepts
// new connections and takes back parked ones whose answer left them open.
type listener struct {
	net.Listener
	hs       *http.Server
	start    sync.Once
	accepted chan acceptResult
	back     chan net.Conn

	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

type acceptResult struct {
	c   net.Conn
	err error
}

func (l *listener) Accept() (net.Conn, error) {
	l.start.Do(func() { go l.acceptLoop() })
	select {
	case c := <-l.back:
		return c, nil
	default:
	}
	select {
	case c := <-l.back:
		return c, nil
	case r := <-l.accepted:
		return r.c, r.err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *listener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		select {
		case l.accepted <- acceptResult{c, err}:
		case <-l.done:
			if c != nil {
				c.Close()
			}
			return
		}
		if errors.Is(err, net.ErrClosed) {
			return
		}
		// Let the connections already taken in run first: a burst is then
		// accepted at the pace the server serves it, rather than all at
		// once with a goroutine and net/http's buffers for each.
		runtime.Gosched()
	}
}

func (l *listener) Close() error {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		close(l.done)
	}
	l.mu.Unlock()
	err := l.Listener.Close()
	// Connections handed back but not yet accepted will never be.
	for {
		select {
		case c := <-l.back:
			c.Close()
		default:
			return err
		}
	}
}

// idleTimeout is how long the server keeps an idle connection open, as
// net/http reckons it.
func (l *listener) idleTimeout() time.Duration {
	if l.hs.IdleTimeout != 0 {
		return l.hs.IdleTimeout
	}
	return l.hs.ReadTimeout
}

// giveBack queues a kept-alive connection for the http.Server, or closes it
// when the listener is closed.
func (l *listener) giveBack(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		c.Close()
		return
	}
	select {
	case l.back <- c:
	default:
		go func() {
			select {
			case l.back <- c:
			case <-l.done:
				c.Close()
			}
		}()
	}
}

// keptConn is a parked connection handed back to the http.Server after its
// answer, which replays the bytes net/http had read ahead of the parked
// request, if any.
type keptConn struct {
	net.Conn
	prefix []byte // touched only by the serving goroutine's reads
}

func (c *keptConn) Read(p []byte) (int, error) {
	if len(c.prefix) > 0 {
		n := copy(p, c.prefix)
		c.prefix = c.prefix[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// NetConn is the connection underneath, for wrappers below this one (the
// connection caps) that follow a connection's state.
func (c *keptConn) NetConn() net.Conn { return c.Conn }

// CloseWrite and SyscallConn pass through, for net/http's graceful close
// and peerGone's probe.
func (c *keptConn) CloseWrite() error                     { return connwrap.CloseWrite(c.Conn, c.Conn.Close) }
func (c *keptConn) SyscallConn() (syscall.RawConn, error) { return connwrap.SyscallConn(c.Conn) }

// handBackWhenReadable keeps an answered connection until its client sends
// the next request, and only then hands it to the http.Server: an idle
// connection costs a small goroutine here, where net/http would also hold
// 8 KB of buffers for it. It waits as long as the server's idle timeout;
// Release closes the connections still waiting.
func (pk *Parker) handBackWhenReadable(c *keptConn, ln *listener) {
	pk.mu.Lock()
	if pk.closed {
		pk.mu.Unlock()
		c.Close()
		return
	}
	if pk.idle == nil {
		pk.idle = map[*keptConn]struct{}{}
	}
	pk.idle[c] = struct{}{}
	pk.mu.Unlock()
	go func() {
		if d := ln.idleTimeout(); d > 0 {
			_ = c.Conn.SetReadDeadline(time.Now().Add(d))
		}
		err := waitReadable(c.Conn)
		pk.mu.Lock()
		_, mine := pk.idle[c]
		delete(pk.idle, c)
		pk.mu.Unlock()
		if !mine {
			return // Release closed it
		}
		if err != nil {
			c.Close() // gone, or idle too long
			return
		}
		_ = c.Conn.SetReadDeadline(time.Time{})
		ln.giveBack(c)
	}()
}
