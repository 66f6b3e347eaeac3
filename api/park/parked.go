package park

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// parked is one long-poll waiting without a goroutine.
type parked struct {
	Spec
	room    *room         // set once joined
	id      string        // its game's
	t       play.Follower // the request's hold on its game's table
	ln      *listener
	conn    net.Conn
	prefix  []byte       // bytes read ahead of the request, replayed on keep-alive
	header  string       // the ordinary path's headers, serialized and interned
	failHdr string       // the same for a problem answer
	problem string       // a problem answer's Content-Type
	close   bool         // the client asked for Connection: close
	timer   *time.Timer  // answers it when its wait runs out
	slot    int          // which sweep looks at it (see SweepParts); Parker.mu
	claimed atomic.Bool  // set by whoever answers it
	version atomic.Int64 // the latest version seen
	notes   atomic.Int64 // and its notes' revision (see play.Record.NotesRev)
	log     Outcome      // for the request log and metrics, once answered
	recheck func() error // see Request.Recheck

	watchMu  sync.Mutex
	unwatch  func() // ends Request.Revoked's follow
	finished bool   // finish has run: a follow begun late is ended at once
}

func (p *parked) claim() bool { return p.claimed.CompareAndSwap(false, true) }

// newer records st as the newest snapshot p has seen, and reports whether it
// is newer than the one before: a new version, or new notes.
func (p *parked) newer(st *play.State) bool {
	v, n := p.version.Load(), p.notes.Load()
	if st.Version < v || st.Version == v && st.NotesRev <= n {
		return false
	}
	p.version.Store(st.Version)
	p.notes.Store(st.NotesRev)
	return true
}

// finish ends an answered request's place in its room and its hold on the
// table.
func (pk *Parker) finish(p *parked) {
	pk.roomsMu.Lock()
	r := p.room
	pk.roomsMu.Unlock()
	if r != nil {
		r.leave(p)
	}
	p.t.Close()
	p.watchMu.Lock()
	p.finished = true
	unwatch := p.unwatch
	p.watchMu.Unlock()
	if unwatch != nil {
		unwatch()
	}
	pk.waiting.Add(-1)
}

// watchCredential follows p's credential with revoked (see
// Request.Revoked), once p is parked: a credential that stops working
// answers p its refusal at once.
func (pk *Parker) watchCredential(p *parked, revoked func(wake func()) func()) {
	stop := revoked(func() {
		if p.claimed.Load() {
			return
		}
		if err := p.recheck(); err != nil && pk.unpark(p) {
			pk.answer([]*parked{p}, nil, err, true).Wait()
		}
	})
	p.watchMu.Lock()
	if !p.finished {
		p.unwatch, stop = stop, nil
	}
	p.watchMu.Unlock()
	if stop != nil {
		stop()
	}
}

// headerLines is h as net/http writes it, one "Key: value" line each.
func headerLines(h http.Header) string {
	var b strings.Builder
	_ = h.Write(&b)
	return b.String()
}

// intern shares one copy of each serialized header block among waiters.
func (pk *Parker) intern(block string) string {
	pk.hdrMu.Lock()
	defer pk.hdrMu.Unlock()
	if pk.headers == nil || len(pk.headers) > 4096 {
		pk.headers = map[string]string{}
	}
	if v, ok := pk.headers[block]; ok {
		return v
	}
	pk.headers[block] = block
	return block
}

// Park parks the request when it can: the caller has found st, the
// game's snapshot, not ready (for a token it admits), and holds t, which
// passes to the parked request. It reports whether the request was parked;
// if not, nothing has changed.
func (pk *Parker) Park(req Request, t play.Follower, st *play.State) bool {
	pl := listenerOf(req.W, req.R)
	if pl == nil {
		return false
	}
	h := req.W.Header().Clone()
	for _, k := range []string{"Etag", "Content-Type", "Content-Length", "Date", "Connection", "Transfer-Encoding"} {
		delete(h, k)
	}
	// What a problem answer sets.
	h.Set("Cache-Control", "no-store")
	failHdr := pk.intern(headerLines(h))
	// What a long-poll's answer sets.
	h.Set("Vary", "Authorization, Accept-Encoding")
	h.Set("Cache-Control", "private, no-cache")
	p := &parked{
		Spec: req.Spec, t: t, ln: pl, id: st.ID,
		header: pk.intern(headerLines(h)), failHdr: failHdr,
		close: req.R.Close, log: req.Log, problem: req.ProblemType, recheck: req.Recheck,
	}
	p.log.Path, p.log.Seat = req.R.URL.Path, req.Spec.Viewer
	p.version.Store(st.Version)
	p.notes.Store(st.NotesRev)
	if p.log.Start.IsZero() {
		p.log.Start = time.Now()
	}
	conn, rw, err := req.W.(http.Hijacker).Hijack()
	if err != nil {
		return false
	}
	if n := rw.Reader.Buffered(); n > 0 {
		p.prefix, _ = rw.Reader.Peek(n)
		p.prefix = slices.Clone(p.prefix)
	}
	p.conn = conn
	pk.waiting.Add(1)

	pk.mu.Lock()
	if pk.closed {
		pk.mu.Unlock()
		p.claim()
		pk.answer([]*parked{p}, st, nil, true).Wait()
		return true
	}
	p.slot = pk.nextSlot
	pk.nextSlot = (pk.nextSlot + 1) % SweepParts
	pk.parked[p] = struct{}{}
	p.timer = time.AfterFunc(req.Wait, func() {
		if pk.unpark(p) {
			pk.answerRunOut([]*parked{p})
		}
	})
	pk.startSweepLocked()
	pk.mu.Unlock()
	pk.join(p, st.ID, t)
	if req.Revoked != nil && req.Recheck != nil {
		pk.watchCredential(p, req.Revoked)
	}
	return true
}

// unpark claims p and takes it out of the parked ones; it reports whether
// the caller won the claim and must answer p. It leaves the room to the
// caller.
func (pk *Parker) unpark(p *parked) bool {
	if !p.claim() {
		return false
	}
	pk.mu.Lock()
	delete(pk.parked, p)
	pk.mu.Unlock()
	if p.timer != nil {
		p.timer.Stop()
	}
	return true
}

// unparkAll is unpark for many at once, under one hold of the parker's
// lock: those of ps it won the claim of, each with its answer of out.
func (pk *Parker) unparkAll(ps []*parked, out []Answer) ([]*parked, []Answer) {
	mine, theirs := ps[:0], out[:0]
	for i, p := range ps {
		if p.claim() {
			mine, theirs = append(mine, p), append(theirs, out[i])
		}
	}
	pk.mu.Lock()
	for _, p := range mine {
		delete(pk.parked, p)
	}
	pk.mu.Unlock()
	for _, p := range mine {
		if p.timer != nil {
			p.timer.Stop()
		}
	}
	return mine, theirs
}

// answerRunOut answers long-polls whose wait ran out (or that shutdown
// releases) with their game as stored, read once a game: a change this
// replica never heard of (another replica's, behind a lost notification)
// still shows, and a long-poll is never told "nothing new" from memory
// alone.
func (pk *Parker) answerRunOut(ps []*parked) {
	byGame := map[string][]*parked{}
	for _, p := range ps {
		byGame[p.id] = append(byGame[p.id], p)
	}
	for _, group := range byGame {
		pk.bg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), ReadTimeout)
			st, err := group[0].t.Read(ctx)
			cancel()
			pk.answer(group, st, err, true).Wait()
		})
	}
}

// Parked connections are checked for clients that went away in turns: every
// SweepEvery one part in SweepParts of them, so that each is looked at every
// 3 s. Looking is a system call per connection: all 10,000 of a busy server
// every second would cost a quarter of a core here, for a wait that lasts
// up to a minute anyway.
var (
	SweepEvery = 500 * time.Millisecond
	SweepParts = 6
)

func (pk *Parker) startSweepLocked() {
	if !pk.sweeping {
		pk.sweeping = true
		pk.bg.Add(1)
		go pk.sweep()
	}
}

// sweep closes parked connections whose client has gone, so that they stop
// counting as waiters long before their wait runs out, and tells the
// writers of taken-over ones.
func (pk *Parker) sweep() {
	defer pk.bg.Done()
	t := time.NewTicker(SweepEvery)
	defer t.Stop()
	var batch []*parked
	var taken []*Taken
	for turn := 0; ; turn = (turn + 1) % SweepParts {
		select {
		case <-t.C:
		case <-pk.done:
			return
		}
		pk.mu.Lock()
		batch = batch[:0]
		for p := range pk.parked {
			if p.slot == turn {
				batch = append(batch, p)
			}
		}
		taken = taken[:0]
		for t := range pk.taken {
			if t.slot == turn {
				taken = append(taken, t)
			}
		}
		pk.mu.Unlock()
		for i, t := range taken {
			taken[i] = nil
			if len(t.prefix) == 0 && peerGone(t.conn) {
				t.left()
			}
		}
		for i, p := range batch {
			batch[i] = nil
			if p.claimed.Load() || !peerGone(p.conn) {
				continue
			}
			if pk.unpark(p) {
				p.conn.Close()
				p.log.Status = 499
				pk.host.Answered(p.log)
				pk.finish(p)
			}
		}
	}
}
