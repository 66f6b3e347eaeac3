package api

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

// waitQuery reads ?wait= as a Go duration ("30s") or plain seconds, capped by
// MaxWait. Once shutdown has begun nobody waits.
func (s *Server) waitQuery(c *gin.Context) (time.Duration, error) {
	raw, ok := c.GetQuery("wait")
	if !ok || raw == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil {
		n, err2 := strconv.ParseFloat(raw, 64)
		if err2 != nil || n != n {
			return 0, badRequest("query parameter wait must be a duration like 30s, got %q", truncate(raw, 32))
		}
		if n > 1e6 {
			n = 1e6
		}
		d = time.Duration(n * float64(time.Second))
	}
	if d < 0 {
		return 0, badRequest("query parameter wait must not be negative")
	}
	if d > s.cfg.MaxWait {
		d = s.cfg.MaxWait
	}
	if s.shuttingDown() {
		d = 0
	}
	return d, nil
}

// waitFor loads the game and, while ready says no, waits for a newer state,
// for wait to run out, for the client to leave or for the server to shut
// down. It returns the last state it saw: the caller tells a timeout from a
// change by asking ready again. Nothing is held open while it waits but a
// channel: no database connection, no lock, and not even the game's state,
// only its row and log length, so that thousands of waiters stay cheap.
// The state it returns is shared with other readers: read only.
//
// With a spec, a request that must wait may be parked instead (see
// tryPark): then waitFor returns nil, nil and the request is answered later
// without its handler.
func (s *Server) waitFor(c *gin.Context, id string, wait time.Duration, ready func(*gameState) bool, spec *parkSpec) (*gameState, error) {
	ctx := c.Request.Context()
	if wait <= 0 || !validID(id) {
		return s.load(ctx, id)
	}
	// Watch before the first load, so that a change between the load and
	// the wait still wakes us.
	w := s.watch(id)
	keep := false
	defer func() {
		if !keep {
			s.unwatch(w)
		}
	}()
	next, st := w.latestKnown()
	if st == nil && spec != nil && s.tryPark(c, w, nil, wait, *spec) {
		keep = true
		return nil, nil
	}
	if st == nil {
		var err error
		if st, err = s.loadShared(ctx, id, s.flightSeq.Load()); err != nil {
			return nil, err
		}
		w.offer(st)
	}
	if ready(st) {
		return st, nil
	}
	if spec != nil && s.tryPark(c, w, st, wait, *spec) {
		keep = true
		return nil, nil
	}
	s.addWaiter()
	defer s.releaseWaiter()
	st = &gameState{row: st.row, actions: st.actions}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-next:
		case <-timer.C:
			return st, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-s.shutdown:
			return st, nil
		}
		var cur *gameState
		cur, next = w.latest()
		if cur == nil {
			continue
		}
		if ready(cur) {
			return cur, nil
		}
		if cur.row.Version > st.row.Version {
			st = &gameState{row: cur.row, actions: cur.actions}
		}
	}
}

// watcher follows one game for every long-poll waiting on it in this
// process: one store subscription and, after each change, one load whose
// state every waiter then reads. A hundred long-polls woken by one move cost
// one database read, and none of them reloads on its own.
type watcher struct {
	id   string
	refs int // guarded by Server.watchMu
	stop chan struct{}

	mu      sync.Mutex
	cur     *gameState    // the state loaded after the latest change
	sig     chan struct{} // closed when cur is replaced
	known   *gameState    // the newest state a waiter loaded (see latestKnown)
	loading bool          // firstLoad runs
	parked  map[*parked]struct{}
}

// latestKnown returns the change signal and the newest state loaded since
// the watcher began, or nil. That state is current unless a change is
// being loaded, and that load will signal: a waiter that starts from it
// misses nothing, and needs no database read of its own.
func (w *watcher) latestKnown() (<-chan struct{}, *gameState) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sig, w.knownLocked()
}

func (w *watcher) knownLocked() *gameState {
	if w.known != nil && (w.cur == nil || w.known.row.Version > w.cur.row.Version) {
		return w.known
	}
	return w.cur
}

// offer records a state loaded after the watcher subscribed, for the
// waiters who come later (see latestKnown).
func (w *watcher) offer(st *gameState) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.known == nil || st.row.Version > w.known.row.Version {
		w.known = st
	}
}

func (w *watcher) latest() (*gameState, <-chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur, w.sig
}

func (s *Server) watch(id string) *watcher {
	s.watchMu.Lock()
	defer s.watchMu.Unlock()
	w := s.watchers[id]
	if w == nil {
		w = &watcher{id: id, stop: make(chan struct{}), sig: make(chan struct{}), parked: map[*parked]struct{}{}}
		s.watchers[id] = w
		// Subscribed here, under the lock, so the subscription exists before
		// watch returns and its caller loads.
		changed, cancel := s.store.Subscribe(id)
		go s.follow(w, changed, cancel)
	}
	w.refs++
	return w
}

func (s *Server) unwatch(w *watcher) {
	s.watchMu.Lock()
	defer s.watchMu.Unlock()
	w.refs--
	if w.refs == 0 {
		delete(s.watchers, w.id)
		close(w.stop)
	}
}

// follow loads the game after each change the store announces and hands the
// state to the waiters. Its loads run one after another, so the state it
// publishes only moves forward.
func (s *Server) follow(w *watcher, changed <-chan struct{}, cancel func()) {
	defer cancel()
	for {
		select {
		case <-changed:
		case <-w.stop:
			return
		}
		var st *gameState
		for attempt := 0; ; attempt++ {
			ctx, done := context.WithTimeout(context.Background(), 10*time.Second)
			var err error
			st, err = s.load(ctx, w.id)
			done()
			if err == nil {
				break
			}
			if attempt == 4 {
				s.log.Warn("long-poll could not reload a changed game", "game", w.id, "err", err.Error())
				break
			}
			select {
			case <-time.After(time.Duration(50<<attempt) * time.Millisecond):
			case <-w.stop:
				return
			}
		}
		if st == nil {
			continue
		}
		w.mu.Lock()
		w.cur = st
		close(w.sig)
		w.sig = make(chan struct{})
		w.mu.Unlock()
		s.kickBots(st)
		s.wake(w, st)
	}
}

// flight is one load of a game that every reader who arrives while it runs,
// and who may have it, shares.
type flight struct {
	seq  uint64
	done chan struct{}
	st   *gameState
	err  error
}

// loadShared loads a game for readers: a hundred long-polls woken by one
// move cost one database read, not a hundred. A reader joins a flight only
// if the flight started after seen (the flight counter's value when the
// reader learned of the change it wants to see), so no reader gets a state
// older than the change that woke it. The load runs on a goroutine of its
// own, so that a waiting request's stack never grows to the database's depth.
func (s *Server) loadShared(ctx context.Context, id string, seen uint64) (*gameState, error) {
	s.flightMu.Lock()
	f := s.flights[id]
	if f == nil || f.seq <= seen {
		f = &flight{seq: s.flightSeq.Add(1), done: make(chan struct{})}
		s.flights[id] = f
		go func() {
			lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			f.st, f.err = s.load(lctx, id)
			cancel()
			s.flightMu.Lock()
			if s.flights[id] == f {
				delete(s.flights, id)
			}
			s.flightMu.Unlock()
			close(f.done)
		}()
	}
	s.flightMu.Unlock()
	select {
	case <-f.done:
		return f.st, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Server) addWaiter() {
	s.waiters.Add(1)
	s.metrics.waiting.Inc()
}

func (s *Server) releaseWaiter() {
	s.waiters.Add(-1)
	s.metrics.waiting.Dec()
}

func (s *Server) shuttingDown() bool {
	select {
	case <-s.shutdown:
		return true
	default:
		return false
	}
}

// etag is strong and differs per viewer, since each seat's view differs.
func etag(version int64, viewer int) string {
	who := "p"
	if viewer >= 0 {
		who = "s" + strconv.Itoa(viewer)
	}
	return `"v` + strconv.FormatInt(version, 10) + "-" + who + `"`
}

// etagListMatches implements If-None-Match's comparison for one tag.
func etagListMatches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

// ifMatchVersion reports whether an If-Match header names version. It takes
// a bare version ("17") as the contract shows, or an ETag of any viewer.
func ifMatchVersion(header string, version int64) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" {
			return true
		}
		if strings.HasPrefix(t, "W/") {
			continue // weak tags never match under If-Match
		}
		t = strings.Trim(t, `"`)
		t = strings.TrimPrefix(t, "v")
		if i := strings.IndexByte(t, '-'); i >= 0 {
			t = t[:i]
		}
		if n, err := strconv.ParseInt(t, 10, 64); err == nil && n == version {
			return true
		}
	}
	return false
}
