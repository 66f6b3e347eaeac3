package play

import (
	"context"
	"sync"
	"time"
)

// Watch follows one game for every waiter on it in this process: one store
// subscription and, after each change, one load whose state every waiter
// then reads. A hundred long-polls woken by one move cost one database read,
// and none of them reloads on its own. Watch a game before its first load,
// so that a change between the load and the wait still wakes.
type Watch struct {
	g    *Games
	id   string
	refs int // guarded by Games.watchMu
	stop chan struct{}

	mu       sync.Mutex
	cur      *State        // the state loaded after the latest change
	sig      chan struct{} // closed when cur is replaced
	known    *State        // the newest state a waiter loaded (see LatestKnown)
	listener Listener
}

// Listener hears of every state a Watch loads after a change, once cur is
// replaced: whoever then looks at the Watch sees that state or a newer one.
type Listener interface {
	Changed(st *State)
}

// ID is the watched game's.
func (w *Watch) ID() string { return w.id }

// LatestKnown returns the change signal and the newest state loaded since
// the watch began, or nil. That state is current unless a change is being
// loaded, and that load will signal: a waiter that starts from it misses
// nothing, and needs no database read of its own.
func (w *Watch) LatestKnown() (<-chan struct{}, *State) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sig, w.knownLocked()
}

func (w *Watch) knownLocked() *State {
	if w.known != nil && (w.cur == nil || w.known.Version > w.cur.Version) {
		return w.known
	}
	return w.cur
}

// Offer records a state loaded after the watch began, for the waiters who
// come later (see LatestKnown).
func (w *Watch) Offer(st *State) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.known == nil || st.Version > w.known.Version {
		w.known = st
	}
}

// Latest returns the state loaded after the latest change (nil before any)
// and the signal of the next.
func (w *Watch) Latest() (*State, <-chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur, w.sig
}

// Attach gives the watch its listener, made by mk the first time; the same
// listener is returned as long as the watch lives.
func (w *Watch) Attach(mk func() Listener) Listener {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.listener == nil {
		w.listener = mk()
	}
	return w.listener
}

// Load loads the watched game for a waiter.
func (w *Watch) Load(ctx context.Context) (*State, error) {
	return w.g.Load(ctx, w.id)
}

// Close ends the caller's interest; the last one ends the subscription.
func (w *Watch) Close() {
	g := w.g
	g.watchMu.Lock()
	defer g.watchMu.Unlock()
	w.refs--
	if w.refs == 0 {
		delete(g.watchers, w.id)
		close(w.stop)
	}
}

// Watch returns the watch of game id, starting it if need be; Close it when
// done.
func (g *Games) Watch(id string) *Watch {
	g.watchMu.Lock()
	defer g.watchMu.Unlock()
	w := g.watchers[id]
	if w == nil {
		w = &Watch{g: g, id: id, stop: make(chan struct{}), sig: make(chan struct{})}
		g.watchers[id] = w
		// Subscribed here, under the lock, so the subscription exists before
		// Watch returns and its caller loads.
		changed, cancel := g.store.Subscribe(id)
		go g.follow(w, changed, cancel)
	}
	w.refs++
	return w
}

// follow loads the game after each change the store announces and hands the
// state to the waiters. Its loads run one after another, so the state it
// publishes only moves forward.
func (g *Games) follow(w *Watch, changed <-chan struct{}, cancel func()) {
	defer cancel()
	for {
		select {
		case <-changed:
		case <-w.stop:
			return
		}
		var st *State
		for attempt := 0; ; attempt++ {
			ctx, done := context.WithTimeout(context.Background(), 10*time.Second)
			var err error
			st, err = g.Load(ctx, w.id)
			done()
			if err == nil {
				break
			}
			if attempt == 4 {
				g.log.Warn("long-poll could not reload a changed game", "game", w.id, "err", err.Error())
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
		l := w.listener
		w.mu.Unlock()
		if l != nil {
			l.Changed(st)
		}
	}
}

// flight is one load of a game that every reader who arrives while it runs,
// and who may have it, shares.
type flight struct {
	seq  uint64
	done chan struct{}
	st   *State
	err  error
}

// shared loads a game for readers: a hundred long-polls woken by one move,
// or the seats that read their views after it, cost one database read, not
// a hundred. A reader joins a load only if it started after the reader
// called, so no reader gets a state older than any change acknowledged
// before it asked. The load runs on a goroutine of its own, so that a
// waiting request's stack never grows to the database's depth. The state
// is shared: read only.
func (g *Games) shared(ctx context.Context, id string) (*State, error) {
	seen := g.flightSeq.Load()
	g.flightMu.Lock()
	f := g.flights[id]
	if f == nil || f.seq <= seen {
		f = &flight{seq: g.flightSeq.Add(1), done: make(chan struct{})}
		g.flights[id] = f
		go func() {
			lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			f.st, f.err = g.load(lctx, id)
			cancel()
			g.flightMu.Lock()
			if g.flights[id] == f {
				delete(g.flights, id)
			}
			g.flightMu.Unlock()
			close(f.done)
		}()
	}
	g.flightMu.Unlock()
	select {
	case <-f.done:
		return f.st, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Watching counts the games watched now (tests, metrics).
func (g *Games) Watching() int {
	g.watchMu.Lock()
	defer g.watchMu.Unlock()
	return len(g.watchers)
}
