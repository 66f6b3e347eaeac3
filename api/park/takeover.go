package park

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
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
	conn    net.Conn
	timeout time.Duration // of each write
	buf     []byte
	pk      *Parker
	ln      *listener
	prefix  []byte
	slot    int // which sweep looks at it; Parker.mu
	gone    chan struct{}
	goneMu  sync.Once
	once    sync.Once
}

// TakeOver takes the request's connection over, when it may be parked (see
// Park), for a chunked answer: the caller calls Start, then Write for each
// chunk, each write bounded by timeout, then Release. Nothing is written
// yet.
func (pk *Parker) TakeOver(w http.ResponseWriter, r *http.Request, timeout time.Duration) (*Taken, bool) {
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
	t := &Taken{conn: conn, timeout: timeout, pk: pk, ln: pl, gone: make(chan struct{})}
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

// Start writes the answer's status line and h, the headers its handler
// set, framed as chunks.
func (t *Taken) Start(status int, h http.Header) error {
	h = h.Clone()
	for _, k := range []string{"Content-Length", "Date", "Connection", "Transfer-Encoding"} {
		delete(h, k)
	}
	b := fmt.Appendf(t.buf[:0], "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	b = append(b, headerLines(h)...)
	b = time.Now().UTC().AppendFormat(append(b, "Date: "...), http.TimeFormat)
	t.buf = append(b, "\r\nTransfer-Encoding: chunked\r\n\r\n"...)
	err := t.send()
	t.buf = nil // most answers taken over wait long before their next write
	return err
}

// Write sends b as one chunk; an empty b sends nothing (an empty chunk
// would end the answer).
func (t *Taken) Write(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	t.buf = strconv.AppendInt(t.buf[:0], int64(len(b)), 16)
	t.buf = append(append(append(t.buf, "\r\n"...), b...), "\r\n"...)
	return t.send()
}

// send writes buf in one system call, and lets go of a buffer that a
// backlog grew.
func (t *Taken) send() error {
	_ = t.conn.SetWriteDeadline(time.Now().Add(t.timeout))
	_, err := t.conn.Write(t.buf)
	if cap(t.buf) > 4<<10 {
		t.buf = nil
	}
	return err
}

// left tells the answer's writer that the client has gone.
func (t *Taken) left() { t.goneMu.Do(func() { close(t.gone) }) }

// Gone is closed when the client has gone.
func (t *Taken) Gone() <-chan struct{} { return t.gone }

// Release ends the answer: with keep, it writes the last chunk and the
// connection goes back to the http.Server for the client's next request,
// as a parked long-poll's does; otherwise, or when the server is shutting
// down or the client has gone, it is closed.
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
		if keep {
			t.buf = append(t.buf[:0], "0\r\n\r\n"...)
			keep = t.send() == nil
		}
		if !keep {
			t.conn.Close()
			return
		}
		_ = t.conn.SetReadDeadline(time.Time{})
		_ = t.conn.SetWriteDeadline(time.Time{})
		conn := t.conn
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
