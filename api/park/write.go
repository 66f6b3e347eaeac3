package park

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/internal/connwrap"
	"github.com/hanabi-server/hanabi/play"
)

// answer writes the answers of claimed long-polls, already out of every
// room, from st (or err, the read's failure). Each distinct answer is
// rendered once.
func (pk *Parker) answer(ps []*parked, st *play.State, err error, final bool) *sync.WaitGroup {
	seen := map[Spec]Answer{}
	out := make([]Answer, len(ps))
	for i, p := range ps {
		a, ok := seen[p.Spec]
		if !ok {
			a, _ = pk.host.Answer(p.Spec, st, err, final)
			seen[p.Spec] = a
		}
		out[i] = a
	}
	return pk.write(ps, out)
}

// write sends each claimed long-poll its answer, the writes spread over a
// few goroutines.
func (pk *Parker) write(ps []*parked, out []Answer) *sync.WaitGroup {
	var wg sync.WaitGroup
	pk.mu.Lock()
	shutdown := pk.closed
	pk.mu.Unlock()
	const chunk = 64
	for lo := 0; lo < len(ps); lo += chunk {
		hi := min(lo+chunk, len(ps))
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				a := out[i]
				if p := ps[i]; p.recheck != nil {
					if err := p.recheck(); err != nil {
						a, _ = pk.host.Answer(p.Spec, nil, err, true)
					}
				}
				pk.writeOne(ps[i], a, shutdown)
			}
		})
	}
	return &wg
}

// writeOne writes one answer and then keeps the connection alive through
// the listener, or closes it.
func (pk *Parker) writeOne(p *parked, a Answer, shutdown bool) {
	defer pk.finish(p)
	closeAfter := p.close || shutdown
	var b []byte
	b = append(b, "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(a.Status), 10)
	b = append(b, ' ')
	b = append(b, http.StatusText(a.Status)...)
	b = append(b, "\r\n"...)
	if a.Code != "" {
		b = append(b, p.failHdr...)
		for _, kv := range a.Header {
			b = append(append(append(append(b, kv[0]...), ": "...), kv[1]...), "\r\n"...)
		}
	} else {
		b = append(b, p.header...)
	}
	if a.ETag != "" {
		b = append(b, "Etag: "...)
		b = append(b, a.ETag...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "Date: "...)
	b = time.Now().UTC().AppendFormat(b, http.TimeFormat)
	b = append(b, "\r\n"...)
	if a.Status != http.StatusNotModified {
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, int64(len(a.Body)), 10)
		b = append(b, "\r\nContent-Type: "...)
		if a.Code != "" && p.problem != "" {
			b = append(b, p.problem...)
		} else {
			b = append(b, a.ContentType...)
		}
		b = append(b, "\r\n"...)
		if a.Encoding != "" {
			b = append(append(append(b, "Content-Encoding: "...), a.Encoding...), "\r\n"...)
		}
	}
	if closeAfter {
		b = append(b, "Connection: close\r\n"...)
	}
	b = append(b, "\r\n"...)
	bufs := net.Buffers{b}
	if a.Status != http.StatusNotModified && len(a.Body) > 0 {
		bufs = append(bufs, a.Body)
	}
	_ = p.conn.SetWriteDeadline(time.Now().Add(WriteTimeout))
	// To the socket itself: through the wrappers (caps, kept-alive) that
	// only pass Write on, net.Buffers would take a system call a buffer.
	_, err := bufs.WriteTo(connwrap.Socket(p.conn))
	status := a.Status
	if err != nil {
		status = 499 // the client has gone
		closeAfter = true
	}
	p.log.Status, p.log.Size, p.log.Code = status, len(a.Body), a.Code
	pk.host.Answered(p.log)
	if closeAfter {
		p.conn.Close()
		return
	}
	_ = p.conn.SetWriteDeadline(time.Time{})
	conn := p.conn
	if kc, ok := conn.(*keptConn); ok {
		conn = kc.Conn // one wrapper, however many long-polls the connection parks
	}
	kc := &keptConn{Conn: conn, prefix: p.prefix}
	if len(p.prefix) > 0 {
		p.ln.giveBack(kc) // the next request is here already
		return
	}
	pk.handBackWhenReadable(kc, p.ln)
}
