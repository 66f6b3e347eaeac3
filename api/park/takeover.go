package park

import (
	"net"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Taken is a connection taken over for an answer that outlives its
// handler and that its caller writes itself: an event stream. Served the
// ordinary way, a stream holds its handler's goroutine with the stack of
// the whole middleware chain, a second goroutine that watches for the
// client going, and net/http's buffers, about 38 KB in all; taken over, it
// holds its caller's own goroutine alone: the parker's sweep looks for the
// client going, as it does for parked long-polls.
type Taken struct {
	Conn   net.Conn
	pk     *Parker
	ln     *listener
	prefix []byte
	slot   int // which sweep looks at it; Parker.mu
	gone   chan struct{}
	goneMu sync.Once
	once   sync.Once
}

// TakeOver takes the request's connection over, when it may be parked (see
// Park): the caller writes the whole answer, status line and headers
// included, then calls Release. Nothing is written yet.
func (pk *Parker) TakeOver(w http.ResponseWriter, r *http.Request) (*Taken, bool) {
	pl := listenerOf(w, r)
	if pl == nil || r.Close {
		return nil, false
	}
	pk.mu.Lock()
	closed := pk.closed
	pk.mu.Unlock()
	if closed {
		return nil, false
	}
	conn, rw, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return nil, false
	}
	t := &Taken{Conn: conn, pk: pk, ln: pl, gone: make(chan struct{})}
	if n := rw.Reader.Buffered(); n > 0 {
		p, _ := rw.Reader.Peek(n)
		t.prefix = slices.Clone(p)
	}
	pk.mu.Lock()
	t.slot = pk.nextSlot
	pk.nextSlot = (pk.nextSlot + 1) % SweepParts
	if pk.taken == nil {
		pk.taken = map[*Taken]struct{}{}
	}
	pk.taken[t] = struct{}{}
	pk.startSweepLocked()
	pk.mu.Unlock()
	return t, true
}

// left tells the answer's writer that the client has gone.
func (t *Taken) left() { t.goneMu.Do(func() { close(t.gone) }) }

// Gone is closed when the client has gone.
func (t *Taken) Gone() <-chan struct{} { return t.gone }

// Release ends the answer: with keep, the connection goes back to the
// http.Server for the client's next request, as a parked long-poll's does;
// otherwise, or when the server is shutting down or the client has gone,
// it is closed.
func (t *Taken) Release(keep bool) {
	t.once.Do(func() {
		t.pk.mu.Lock()
		delete(t.pk.taken, t)
		t.pk.mu.Unlock()
		select {
		case <-t.gone:
			keep = false
		default:
		}
		if !keep {
			t.Conn.Close()
			return
		}
		_ = t.Conn.SetReadDeadline(time.Time{})
		_ = t.Conn.SetWriteDeadline(time.Time{})
		conn := t.Conn
		if kc, ok := conn.(*keptConn); ok {
			conn = kc.Conn
		}
		kc := &keptConn{Conn: conn, prefix: t.prefix}
		if len(t.prefix) > 0 {
			t.ln.giveBack(kc)
			return
		}
		t.pk.handBackWhenReadable(kc, t.ln)
	})
}
