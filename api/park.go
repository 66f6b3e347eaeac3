package api

import (
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
)

// Parking. A long-poll served the ordinary way holds a goroutine, its stack
// and net/http's buffers (about 40 KB) for as long as it waits. A parked
// long-poll holds only its connection and a small record: the handler checks
// the request, finds nothing new, takes the connection over (Hijack) and
// returns. When the game changes, the wait runs out, the server shuts down
// or the client goes away, the server writes the HTTP/1.1 answer itself,
// with the headers the ordinary path would have sent, and hands a keep-alive
// connection back to the http.Server through the listener that
// EnableParking returned, which serves its next request as usual.
//
// Only plain HTTP/1.1 requests without a body, on a connection accepted by
// that listener, are parked; everything else waits the ordinary way.

// parkWriteTimeout bounds the write of a parked answer: a client that does not
// read it loses its connection rather than holding a writer.
const parkWriteTimeout = 10 * time.Second

type parkKey struct{}

// EnableParking lets long-polls on connections that hs accepts from the
// returned listener wait without a goroutine of their own. Serve hs on the
// returned listener: hs.Serve(srv.EnableParking(hs, ln)). It sets
// hs.ConnContext, keeping any hook already there.
func (s *Server) EnableParking(hs *http.Server, ln net.Listener) net.Listener {
	pl := &parkListener{Listener: ln, hs: hs, back: make(chan net.Conn, 1024), done: make(chan struct{}),
		accepted: make(chan acceptResult)}
	prev := hs.ConnContext
	hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if prev != nil {
			ctx = prev(ctx, c)
		}
		return context.WithValue(ctx, parkKey{}, pl)
	}
	return pl
}

// parkListener is the listener whose connections may be parked: it accepts
// new connections and takes back parked ones whose answer left them open.
type parkListener struct {
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

func (l *parkListener) Accept() (net.Conn, error) {
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

func (l *parkListener) acceptLoop() {
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

func (l *parkListener) Close() error {
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
func (l *parkListener) idleTimeout() time.Duration {
	if l.hs.IdleTimeout != 0 {
		return l.hs.IdleTimeout
	}
	return l.hs.ReadTimeout
}

// giveBack queues a kept-alive connection for the http.Server, or closes it
// when the listener is closed.
func (l *parkListener) giveBack(c net.Conn) {
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

// CloseWrite and SyscallConn pass through, for net/http's graceful close
// and peerGone's probe.
func (c *keptConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return c.Conn.Close()
}

func (c *keptConn) SyscallConn() (syscall.RawConn, error) {
	if sc, ok := c.Conn.(syscall.Conn); ok {
		return sc.SyscallConn()
	}
	return nil, errors.ErrUnsupported
}

type parkKind uint8

const (
	parkState  parkKind = iota // GET /games/{id}
	parkEvents                 // GET /games/{id}/events
)

// parkSpec is what a long-poll waits for and how it is answered.
type parkSpec struct {
	kind   parkKind
	viewer int    // state: the seat whose view, or -1
	since  int64  // state: since (-1: none); events: after
	inm    string // state: If-None-Match
}

func (p *parkSpec) ready(st *play.State) bool {
	if p.kind == parkEvents {
		return int64(st.EventCount()) > p.since
	}
	switch {
	case p.since >= 0:
		return st.Version > p.since
	case p.inm != "":
		return !etagListMatches(p.inm, etag(st.Version, p.viewer))
	}
	return true
}

// parked is one long-poll waiting without a goroutine.
type parked struct {
	parkSpec
	w        *room
	ln       *parkListener
	conn     net.Conn
	prefix   []byte // bytes read ahead of the request, replayed on keep-alive
	header   string // the ordinary path's headers, serialized and interned
	failHdr  string // the same for a problem answer
	pending  bool   // no state seen yet, seat unchecked; guarded by w.mu
	close    bool   // the client asked for Connection: close
	deadline time.Time
	idx      int         // in the deadline heap; guarded by parker.mu
	claimed  atomic.Bool // set by whoever answers it
	version  int64       // latest version seen; guarded by w.mu
	events   int         // event count of that version; guarded by w.mu

	// For the request log and metrics, written when it is answered.
	route, path, client string
	seat                int
	start               time.Time
}

func (p *parked) claim() bool { return p.claimed.CompareAndSwap(false, true) }

// parker keeps every parked long-poll of a server by deadline, and sweeps
// them for clients that went away.
type parker struct {
	mu       sync.Mutex
	h        parkHeap
	timer    *time.Timer
	closed   bool // shutdown has begun: nothing parks any more
	sweeping bool
	idle     map[*keptConn]struct{} // answered, waiting for the next request

	hdrMu   sync.Mutex
	headers map[string]string
}

type parkHeap []*parked

func (h parkHeap) Len() int           { return len(h) }
func (h parkHeap) Less(i, j int) bool { return h[i].deadline.Before(h[j].deadline) }
func (h parkHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].idx, h[j].idx = i, j
}
func (h *parkHeap) Push(x any) {
	p := x.(*parked)
	p.idx = len(*h)
	*h = append(*h, p)
}
func (h *parkHeap) Pop() any {
	old := *h
	p := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	p.idx = -1
	return p
}

// intern shares one copy of each serialized header block among waiters.
func (pk *parker) intern(block string) string {
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

// parkListenerOf returns the listener of the request's connection when the
// request may be parked.
func parkListenerOf(c *gin.Context) *parkListener {
	r := c.Request
	pl, _ := r.Context().Value(parkKey{}).(*parkListener)
	// A TLS connection would be wrapped twice when handed back.
	if pl == nil || r.TLS != nil || r.ProtoMajor != 1 || r.ProtoMinor < 1 || r.ContentLength != 0 || len(r.TransferEncoding) > 0 {
		return nil
	}
	if _, ok := c.Writer.(http.Hijacker); !ok {
		return nil
	}
	return pl
}

// serializeHeader writes h as net/http would, one "Key: value" line each.
func serializeHeader(h http.Header) string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, v := range h[k] {
			b.WriteString(k)
			b.WriteString(": ")
			if strings.ContainsAny(v, "\r\n") {
				v = strings.NewReplacer("\r", " ", "\n", " ").Replace(v)
			}
			b.WriteString(strings.TrimSpace(v))
			b.WriteString("\r\n")
		}
	}
	return b.String()
}

// tryPark parks the request when it can: the caller has found st not ready,
// and holds a reference to w that passes to the parked request. It reports
// whether the request was parked; if not, nothing has changed.
//
// With st nil, the game has not been loaded yet: the request parks before
// the load instead of holding its goroutine through it, and the watcher's
// first load settles it (see firstLoad, settleOne) with the answer the ordinary path would
// have given: the state, or a problem.
func (s *Server) tryPark(c *gin.Context, w *room, st *play.State, wait time.Duration, spec parkSpec) bool {
	pl := parkListenerOf(c)
	if pl == nil || st != nil && s.checkSeat(st, c) != nil {
		return false
	}
	h := c.Writer.Header().Clone()
	for _, k := range []string{"Etag", "Content-Type", "Content-Length", "Date", "Connection", "Transfer-Encoding"} {
		delete(h, k)
	}
	// What fail sets on a problem.
	h.Set("Cache-Control", "no-store")
	failHdr := s.parker.intern(serializeHeader(h))
	// What getGame and getEvents set on every answer.
	h.Set("Vary", "Authorization")
	h.Set("Cache-Control", "private, no-cache")
	p := &parked{
		parkSpec: spec, w: w, ln: pl,
		header: s.parker.intern(serializeHeader(h)), failHdr: failHdr,
		close:   c.Request.Close,
		pending: st == nil,
		route:   c.FullPath(), path: c.Request.URL.Path, client: c.ClientIP(), seat: -1,
		start: c.GetTime(ctxStart), deadline: time.Now().Add(wait),
	}
	if st != nil {
		p.version, p.events = st.Version, st.EventCount()
	}
	if a := seatOf(c); a != nil {
		p.seat = a.seat
	}
	if p.start.IsZero() {
		p.start = time.Now()
	}
	conn, rw, err := c.Writer.Hijack()
	if err != nil {
		return false
	}
	if n := rw.Reader.Buffered(); n > 0 {
		p.prefix, _ = rw.Reader.Peek(n)
		p.prefix = slices.Clone(p.prefix)
	}
	p.conn = conn
	c.Set(ctxParked, true)
	if st != nil {
		s.games.Kick(st)
	}
	s.addWaiter()

	pk := &s.parker
	pk.mu.Lock()
	if pk.closed {
		pk.mu.Unlock()
		p.claim()
		if p.pending {
			s.answerLoaded(p)
		} else {
			s.answer([]*parked{p}, nil).Wait()
		}
		return true
	}
	heap.Push(&pk.h, p)
	if pk.h[0] == p {
		s.armLocked(time.Until(p.deadline))
	}
	if !pk.sweeping {
		pk.sweeping = true
		s.bg.Add(1)
		go s.sweep()
	}
	pk.mu.Unlock()

	// Join the watcher's list, unless a newer state already answers us.
	w.mu.Lock()
	if p.pending {
		if known := w.knownLocked(); known != nil {
			// Loaded since waitFor looked: settle at once.
			w.mu.Unlock()
			if s.unpark(p) {
				s.settleOne(p, known)
			}
			return true
		}
		if !p.claimed.Load() {
			w.parked[p] = struct{}{}
		}
		start := !w.loading
		w.loading = true
		w.mu.Unlock()
		if start {
			go s.firstLoad(w)
		}
		return true
	}
	if cur, _ := w.w.Latest(); cur != nil && cur.Version > p.version {
		p.version, p.events = cur.Version, cur.EventCount()
		if p.ready(cur) {
			w.mu.Unlock()
			if s.unpark(p) {
				s.answer([]*parked{p}, cur)
			}
			return true
		}
	}
	if !p.claimed.Load() { // else its wait ran out already, and it is answered
		w.parked[p] = struct{}{}
	}
	w.mu.Unlock()
	return true
}

// armLocked sets the deadline timer; parker.mu is held.
func (s *Server) armLocked(d time.Duration) {
	if s.parker.timer == nil {
		s.parker.timer = time.AfterFunc(d, s.expire)
		return
	}
	s.parker.timer.Reset(d)
}

// unpark claims p and takes it out of the deadline heap; it reports whether
// the caller won the claim and must answer p. It leaves the watcher's list
// to the caller.
func (s *Server) unpark(p *parked) bool {
	if !p.claim() {
		return false
	}
	s.parker.mu.Lock()
	if p.idx >= 0 && p.idx < len(s.parker.h) && s.parker.h[p.idx] == p {
		heap.Remove(&s.parker.h, p.idx)
	}
	s.parker.mu.Unlock()
	return true
}

// leaveWatcher takes p out of its watcher's list.
func (s *Server) leaveWatcher(p *parked) {
	p.w.mu.Lock()
	delete(p.w.parked, p)
	p.w.mu.Unlock()
}

// expire answers the long-polls whose wait has run out.
func (s *Server) expire() {
	now := time.Now()
	var due []*parked
	pk := &s.parker
	pk.mu.Lock()
	for len(pk.h) > 0 && !pk.h[0].deadline.After(now) {
		p := heap.Pop(&pk.h).(*parked)
		if p.claim() {
			due = append(due, p)
		}
	}
	if len(pk.h) > 0 {
		s.armLocked(time.Until(pk.h[0].deadline))
	}
	pk.mu.Unlock()
	s.answer(s.withState(due, nil), nil)
}

// withState takes the claimed requests out of their watchers' lists and
// returns those that have seen a state of their game. The others were parked
// before it was loaded: each is answered, as if its wait had run out, after
// a load of its own (on wg, when given).
func (s *Server) withState(ps []*parked, wg *sync.WaitGroup) []*parked {
	seen := ps[:0]
	for _, p := range ps {
		p.w.mu.Lock()
		delete(p.w.parked, p)
		pending := p.pending
		p.w.mu.Unlock()
		switch {
		case !pending:
			seen = append(seen, p)
		case wg != nil:
			wg.Go(func() { s.answerLoaded(p) })
		default:
			go s.answerLoaded(p)
		}
	}
	return seen
}

// answerLoaded answers a claimed request that was parked before its game
// was loaded as if its wait had run out: it loads the game first.
func (s *Server) answerLoaded(p *parked) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := p.w.w.Load(ctx)
	if err == nil && p.seat >= 0 {
		err = checkSeatNumber(st, p.seat)
	}
	if err != nil {
		s.answerProblem(p, err)
		return
	}
	p.version, p.events = st.Version, st.EventCount()
	s.answer([]*parked{p}, st).Wait()
}

// releaseParked answers every parked long-poll as if its wait had run out,
// with Connection: close; nothing parks afterwards. Shutdown calls it.
func (s *Server) releaseParked() {
	pk := &s.parker
	pk.mu.Lock()
	pk.closed = true
	var all []*parked
	for _, p := range pk.h {
		p.idx = -1
		if p.claim() {
			all = append(all, p)
		}
	}
	pk.h = nil
	if pk.timer != nil {
		pk.timer.Stop()
	}
	for c := range pk.idle {
		c.Close()
	}
	pk.idle = nil
	pk.mu.Unlock()
	var loading sync.WaitGroup
	s.answer(s.withState(all, &loading), nil).Wait()
	loading.Wait()
}

// firstLoad loads a watched game for the requests parked before any state
// of it was known, and settles them.
func (s *Server) firstLoad(w *room) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Any load that starts now is younger than the watch's subscription.
	st, err := w.w.Load(ctx)
	if err == nil {
		w.w.Offer(st)
		s.games.Kick(st)
	}
	var settled []*parked
	w.mu.Lock()
	w.loading = false
	for p := range w.parked {
		if p.pending {
			delete(w.parked, p)
			settled = append(settled, p)
		}
	}
	w.mu.Unlock()
	for _, p := range settled {
		if !s.unpark(p) {
			continue
		}
		if err != nil {
			s.answerProblem(p, err)
		} else {
			s.settleOne(p, st)
		}
	}
}

// settleOne answers, or parks for good, a claimed request that was parked
// before its game was loaded, now that st is known: what waitFor and the
// handler would have done had the load come first.
func (s *Server) settleOne(p *parked, st *play.State) {
	if p.seat >= 0 {
		if err := checkSeatNumber(st, p.seat); err != nil {
			s.answerProblem(p, err)
			return
		}
	}
	if p.ready(st) {
		p.version, p.events = st.Version, st.EventCount()
		s.answer([]*parked{p}, st)
		return
	}
	// Not ready: park it again, now with a state, under a fresh claim.
	w := p.w
	w.mu.Lock()
	p.pending = false
	p.version, p.events = st.Version, st.EventCount()
	w.mu.Unlock()
	p.claimed.Store(false)
	pk := &s.parker
	pk.mu.Lock()
	if pk.closed {
		pk.mu.Unlock()
		p.claim()
		s.answer([]*parked{p}, nil).Wait()
		return
	}
	heap.Push(&pk.h, p)
	if pk.h[0] == p {
		s.armLocked(time.Until(p.deadline))
	}
	pk.mu.Unlock()
	w.mu.Lock()
	cur := w.knownLocked()
	if cur != nil && cur.Version > p.version && p.ready(cur) {
		w.mu.Unlock()
		if s.unpark(p) {
			s.answer([]*parked{p}, cur)
		}
		return
	}
	if !p.claimed.Load() {
		w.parked[p] = struct{}{}
	}
	w.mu.Unlock()
}

// answerProblem answers a claimed request with err as fail would.
func (s *Server) answerProblem(p *parked, err error) {
	ae, prob := problemFor(err)
	if ae.code == codeInternal || ae.code == codeUnavailable {
		s.log.Error("request failed", "route", p.route, "err", err.Error())
	}
	body, _ := json.Marshal(prob)
	r := rendered{status: prob.Status, ctype: "application/problem+json", body: body, code: prob.Code, problem: true}
	if ae.code == codeUnavailable {
		r.extra = "Retry-After: 1\r\n"
	}
	s.writeParked(p, r, s.shuttingDown())
}

// wake answers the parked long-polls of w that st satisfies; follow calls it
// after each load.
func (s *Server) wake(w *room, st *play.State) {
	var ready, pending []*parked
	w.mu.Lock()
	for p := range w.parked {
		if p.pending {
			delete(w.parked, p)
			pending = append(pending, p)
			continue
		}
		if st.Version > p.version {
			p.version, p.events = st.Version, st.EventCount()
		}
		if p.ready(st) {
			delete(w.parked, p)
			ready = append(ready, p)
		}
	}
	w.mu.Unlock()
	mine := ready[:0]
	for _, p := range ready {
		if s.unpark(p) {
			mine = append(mine, p)
		}
	}
	s.answer(mine, st)
	for _, p := range pending {
		if s.unpark(p) {
			s.settleOne(p, st)
		}
	}
}

// answer writes the answers of claimed long-polls, already out of every
// list. With st, those that st satisfies get it; the others (and all, when
// st is nil) get the answer of a wait that ran out. Each distinct body is
// rendered once, and the writes are spread over a few goroutines.
func (s *Server) answer(ps []*parked, st *play.State) *sync.WaitGroup {
	var wg sync.WaitGroup
	if len(ps) == 0 {
		return &wg
	}
	shutdown := s.shuttingDown()
	type key struct {
		kind   parkKind
		viewer int
		since  int64
		inm    string
	}
	bodies := map[key]rendered{}
	out := make([]rendered, len(ps))
	for i, p := range ps {
		k := key{p.kind, p.viewer, p.since, p.inm}
		if p.kind == parkEvents {
			k.viewer = 0 // every viewer gets the same events
		}
		if st == nil || !p.ready(st) {
			// Timeouts differ by the version each saw; they have no view to render.
			out[i] = s.renderTimeout(p)
			continue
		}
		r, ok := bodies[k]
		if !ok {
			r = s.renderReady(p, st)
			bodies[k] = r
		}
		out[i] = r
	}
	const chunk = 64
	for lo := 0; lo < len(ps); lo += chunk {
		hi := min(lo+chunk, len(ps))
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				s.writeParked(ps[i], out[i], shutdown)
			}
		})
	}
	return &wg
}

// rendered is the part of an answer shared by the waiters it fits.
type rendered struct {
	status  int
	etag    string
	ctype   string
	body    []byte
	extra   string // further header lines
	code    string // problem code, for the log
	problem bool   // a problem: fail's headers, not the success path's
}

func (s *Server) renderTimeout(p *parked) rendered {
	if p.kind == parkEvents {
		body, _ := json.Marshal(EventsResponse{Events: []Event{}, Version: p.version})
		return rendered{status: http.StatusOK, ctype: "application/json; charset=utf-8", body: body}
	}
	return rendered{status: http.StatusNotModified, etag: etag(p.version, p.viewer)}
}

func (s *Server) renderReady(p *parked, st *play.State) rendered {
	var body []byte
	var err error
	if p.kind == parkEvents {
		var evs []Event
		if evs, err = eventsOf(st, int(p.since)); err == nil {
			body, err = json.Marshal(EventsResponse{Events: evs, Version: st.Version})
		}
		if err == nil {
			return rendered{status: http.StatusOK, ctype: "application/json; charset=utf-8", body: body}
		}
	} else {
		tag := etag(st.Version, p.viewer)
		if p.inm != "" && etagListMatches(p.inm, tag) {
			return rendered{status: http.StatusNotModified, etag: tag}
		}
		if body, err = s.viewJSON(st, p.viewer); err == nil {
			return rendered{status: http.StatusOK, etag: tag, ctype: "application/json; charset=utf-8", body: body}
		}
	}
	s.log.Error("request failed", "route", routeOf(p.kind), "err", err.Error())
	_, prob := problemFor(err)
	body, _ = json.Marshal(prob)
	return rendered{status: prob.Status, ctype: "application/problem+json", body: body, code: prob.Code, problem: true}
}

func routeOf(k parkKind) string {
	if k == parkEvents {
		return "/v1/games/:id/events"
	}
	return "/v1/games/:id"
}

// writeParked writes one answer and then keeps the connection alive through
// the listener, or closes it.
func (s *Server) writeParked(p *parked, r rendered, shutdown bool) {
	defer s.releaseWaiter()
	defer p.w.w.Close()
	closeAfter := p.close || shutdown
	var b []byte
	b = append(b, "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(r.status), 10)
	b = append(b, ' ')
	b = append(b, http.StatusText(r.status)...)
	b = append(b, "\r\n"...)
	if r.problem {
		b = append(b, p.failHdr...)
	} else {
		b = append(b, p.header...)
	}
	b = append(b, r.extra...)
	if r.etag != "" {
		b = append(b, "Etag: "...)
		b = append(b, r.etag...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "Date: "...)
	b = time.Now().UTC().AppendFormat(b, http.TimeFormat)
	b = append(b, "\r\n"...)
	if r.status != http.StatusNotModified {
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, int64(len(r.body)), 10)
		b = append(b, "\r\nContent-Type: "...)
		b = append(b, r.ctype...)
		b = append(b, "\r\n"...)
	}
	if closeAfter {
		b = append(b, "Connection: close\r\n"...)
	}
	b = append(b, "\r\n"...)
	bufs := net.Buffers{b}
	if r.status != http.StatusNotModified && len(r.body) > 0 {
		bufs = append(bufs, r.body)
	}
	_ = p.conn.SetWriteDeadline(time.Now().Add(parkWriteTimeout))
	_, err := bufs.WriteTo(p.conn)
	status := r.status
	if err != nil {
		status = 499 // the client has gone
		closeAfter = true
	}
	s.recordParked(p, status, len(r.body), r.code)
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
	s.handBackWhenReadable(kc, p.ln)
}

// handBackWhenReadable keeps an answered connection until its client sends
// the next request, and only then hands it to the http.Server: an idle
// connection costs a small goroutine here, where net/http would also hold
// 8 KB of buffers for it. It waits as long as the server's idle timeout;
// Shutdown closes the connections still waiting.
func (s *Server) handBackWhenReadable(c *keptConn, ln *parkListener) {
	pk := &s.parker
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
			return // Shutdown closed it
		}
		if err != nil {
			c.Close() // gone, or idle too long
			return
		}
		_ = c.Conn.SetReadDeadline(time.Time{})
		ln.giveBack(c)
	}()
}

// recordParked counts and logs a parked request as the middleware would.
func (s *Server) recordParked(p *parked, status, size int, code string) {
	d := time.Since(p.start)
	s.metrics.record(p.route, http.MethodGet, status, d)
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	if !s.log.Enabled(context.Background(), level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("method", http.MethodGet),
		slog.String("route", p.route),
		slog.String("path", p.path),
		slog.Int("status", status),
		slog.Duration("duration", d),
		slog.String("client", p.client),
		slog.Int("bytes", size),
	}
	if code != "" {
		attrs = append(attrs, slog.String("code", code))
	}
	if p.seat >= 0 {
		attrs = append(attrs, slog.Int("seat", p.seat))
	}
	s.log.LogAttrs(context.Background(), level, "request", attrs...)
}

// parkSweepEvery is how often parked connections are checked for clients
// that went away.
var parkSweepEvery = time.Second

// sweep closes parked connections whose client has gone, so that they stop
// counting as waiters long before their wait runs out.
func (s *Server) sweep() {
	defer s.bg.Done()
	t := time.NewTicker(parkSweepEvery)
	defer t.Stop()
	var batch []*parked
	for {
		select {
		case <-t.C:
		case <-s.shutdown:
			return
		}
		s.parker.mu.Lock()
		batch = append(batch[:0], s.parker.h...)
		s.parker.mu.Unlock()
		for i, p := range batch {
			batch[i] = nil
			if p.claimed.Load() || !peerGone(p.conn) {
				continue
			}
			if s.unpark(p) {
				s.leaveWatcher(p)
				p.conn.Close()
				s.recordParked(p, 499, 0, "")
				p.w.w.Close()
				s.releaseWaiter()
			}
		}
	}
}

// ctxParked marks a gin context whose request was parked: the middleware
// leaves its logging and metrics to the parked answer.
const ctxParked = "hanabi.parked"

// ctxStart is when the request reached the middleware.
const ctxStart = "hanabi.start"

func isParked(c *gin.Context) bool {
	_, ok := c.Get(ctxParked)
	return ok
}
