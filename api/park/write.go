package park

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// answer writes the answers of claimed long-polls, already out of every
// room. With st, those that st satisfies get it; the others (and all, when
// st is nil) get the answer of a wait that ran out. Each distinct body is
// rendered once, and the writes are spread over a few goroutines.
func (pk *Parker) answer(ps []*parked, st *play.State) *sync.WaitGroup {
	var wg sync.WaitGroup
	if len(ps) == 0 {
		return &wg
	}
	shutdown := pk.host.ShuttingDown()
	bodies := map[Spec]Answer{}
	out := make([]Answer, len(ps))
	for i, p := range ps {
		if err := p.admit(st); err != nil {
			out[i] = pk.host.Problem(p.route, err)
			continue
		}
		if st == nil || !pk.host.Ready(p.Spec, st) {
			// Timeouts differ by the version each saw; they have no view to render.
			out[i] = pk.host.Timeout(p.Spec, p.version.Load(), p.notes.Load())
			continue
		}
		k := p.Spec
		if k.Kind == Events {
			k.Viewer, k.Occupant = 0, "" // every admitted viewer gets the same events
		}
		a, ok := bodies[k]
		if !ok {
			a = pk.host.Render(p.Spec, st)
			bodies[k] = a
		}
		out[i] = a
	}
	const chunk = 64
	for lo := 0; lo < len(ps); lo += chunk {
		hi := min(lo+chunk, len(ps))
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				pk.write(ps[i], out[i], shutdown)
			}
		})
	}
	return &wg
}

// admit asks play.Admit whether p's token may still read its game as of
// st, or, without st (a wait that ran out), as of the newest state known.
func (p *parked) admit(st *play.State) error {
	if p.Viewer < 0 {
		return nil
	}
	if st == nil {
		if st, _ = p.t.Latest(); st == nil {
			return nil
		}
	}
	return play.Admit(st, p.Viewer, p.Occupant)
}

// write writes one answer and then keeps the connection alive through the
// listener, or closes it.
func (pk *Parker) write(p *parked, a Answer, shutdown bool) {
	defer pk.finish(p)
	closeAfter := p.close || shutdown
	var b []byte
	b = append(b, "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(a.Status), 10)
	b = append(b, ' ')
	b = append(b, http.StatusText(a.Status)...)
	b = append(b, "\r\n"...)
	if a.Problem {
		b = append(b, p.failHdr...)
	} else {
		b = append(b, p.header...)
	}
	b = append(b, a.Extra...)
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
		b = append(b, a.ContentType...)
		b = append(b, "\r\n"...)
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
	_, err := bufs.WriteTo(p.conn)
	status := a.Status
	if err != nil {
		status = 499 // the client has gone
		closeAfter = true
	}
	pk.host.Answered(Outcome{Route: p.route, Path: p.path, Client: p.client, Seat: p.seat, Start: p.start,
		Status: status, Size: len(a.Body), Code: a.Code})
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
