package play

import (
	"container/list"
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/feed"
)

// Table is the one owner of a live game in this process. Every change to
// the game made here (a move, a join, a leave, an end, a note, the clock's
// and the bots' moves) is made through it, one at a time, and published
// once, by it; every reader gets one of its snapshots, which are immutable;
// every waiter (long-polls, parked or not, and streams) waits on its one
// signal. A snapshot is never trusted alone: a read answers from it when a
// barrier proves it current, else asks the store (see read), and a change
// the store refuses is judged again on the stored game. Other replicas'
// changes reach a table through the store's notifications while followed.
type Table struct {
	g  *Games
	id string
	// turn is held by the change under way (a channel, so that a caller
	// waiting for its turn still honours its context).
	turn chan struct{}

	mu sync.Mutex
	// cur is the newest snapshot (nil before the first), replaced under mu
	// and read without it: every waiter of a wake asks Latest at once.
	cur    atomic.Pointer[State]
	sig    feed.Signal   // fired when cur is replaced
	flight *flight       // the read under way, if any
	reads  atomic.Uint64 // numbers reads, so that a reader joins only a younger one
	// proven is the listening (see Store.Barrier) in which cur was last
	// known current, 0 for none; newest the newest stamp heard of the game.
	proven uint64
	newest Stamp

	// Guarded by Games.tablesMu.
	users int           // callers using the table now (see table)
	subs  int           // followers (see Follow)
	stale chan struct{} // while followed: another replica changed the game
	stop  chan struct{} // ends the follow goroutine
	elem  *list.Element // in Games.lru
}

// flight is one read of the game from the store, shared by every reader who
// arrived before it started.
type flight struct {
	seq  uint64
	done chan struct{}
	st   *State
	err  error
}

// Follower is a waiter's hold on a game's table (see Games.Follow).
type Follower interface {
	Latest() (*State, <-chan struct{})
	// Read reads the game as stored (see Games.Load).
	Read(ctx context.Context) (*State, error)
	Close()
}

// Read is Games.Load on the table in hand.
func (t *Table) Read(ctx context.Context) (*State, error) {
	st, err := t.read(ctx)
	if err == nil {
		t.g.Kick(st)
	}
	return st, err
}

// Latest returns the newest snapshot (nil before any) and a channel closed
// when a newer one is published. It is the one wait primitive: the
// long-polls, parked or not, and the streams all wait on it.
func (t *Table) Latest() (*State, <-chan struct{}) {
	// The channel first: cur is stored before the signal fires, so a
	// snapshot older than the channel's is one its closing will follow.
	ch := t.sig.C()
	return t.cur.Load(), ch
}

// Close ends a follower's interest (see Games.Follow).
func (t *Table) Close() {
	g := t.g
	g.tablesMu.Lock()
	defer g.tablesMu.Unlock()
	t.subs--
	if t.subs == 0 {
		close(t.stop)
		t.stop, t.stale = nil, nil
	}
	g.releaseLocked(t)
}

// publish makes st the newest snapshot unless a newer one is there, and
// returns the newest. st read from the store after a barrier of listening
// proof is proven current in it (so is the newest, at its stamp); a change
// of this process's own (proof 0) keeps the proof of the snapshot it
// replaces, unless it lacks a change that one holds (decided on an older).
func (t *Table) publish(st *State, proof uint64) *State {
	cur, lost := t.replace(st, proof)
	if lost {
		// A change of ours decided on a snapshot older than the one it
		// replaced: a note or a chat line the other held (another
		// replica's, heard meanwhile) is missing from it. The waiters
		// must not read on without it: the game is read again for them.
		t.g.tablesMu.Lock()
		if t.subs > 0 {
			select {
			case t.stale <- struct{}{}:
			default:
			}
		}
		t.g.tablesMu.Unlock()
	}
	return cur
}

// replace is publish under the table's lock; lost tells a change of ours
// that replaced a snapshot holding a change it lacks.
func (t *Table) replace(st *State, proof uint64) (cur *State, lost bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	prev := t.cur.Load()
	cur = prev
	// Notes change apart from the version: at the same version, newer
	// notes are a newer snapshot.
	if prev == nil || st.Version > prev.Version || st.Seed != prev.Seed ||
		st.Version == prev.Version && st.NotesRev > prev.NotesRev {
		cur = st
		t.cur.Store(st)
		t.sig.Fire()
	}
	switch {
	case proof != 0 && cur.stamp() == st.stamp():
		t.proven = proof
	case proof == 0 && cur == st && prev != nil && !st.stamp().holds(prev.stamp()):
		t.proven, lost = 0, true
	}
	return cur, lost
}

// snapshot returns the newest snapshot (nil before any), whether it holds
// every change heard of, and the listening it was last proven current in.
func (t *Table) snapshot() (cur *State, whole bool, proven uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur = t.cur.Load()
	return cur, cur != nil && cur.stamp().holds(t.newest), t.proven
}

// lock takes the table's turn for a change.
func (t *Table) lock(ctx context.Context) error {
	select {
	case t.turn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *Table) unlock() { <-t.turn }

// read returns the stored game: the newest snapshot when a barrier begun
// after the call proves it current (proven in the barrier's listening,
// holding every change heard of), else what load reads. Readers who arrive
// while a load runs share the next one: a hundred long-polls woken by one
// move cost one database read. A load runs on a goroutine of its own, so
// that a waiting request's stack never grows to the database's depth.
func (t *Table) read(ctx context.Context) (*State, error) {
	seen := t.reads.Load() // first: a load started since is young enough
	var e uint64           // the listening in which the barrier came back, if it did
	if prev, _ := t.Latest(); prev != nil {
		e, _ = t.g.store.Barrier(ctx)
		if cur, whole, proven := t.snapshot(); whole && e != 0 && proven == e {
			return cur, nil
		}
	}
	t.mu.Lock()
	f := t.flight
	if f == nil || f.seq <= seen {
		f = &flight{seq: t.reads.Add(1), done: make(chan struct{})}
		t.flight = f
		go func() {
			lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readTimeout)
			f.st, f.err = t.load(lctx, e)
			cancel()
			t.mu.Lock()
			if t.flight == f {
				t.flight = nil
			}
			t.mu.Unlock()
			close(f.done)
		}()
	}
	t.mu.Unlock()
	select {
	case <-f.done:
		return f.st, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// readTimeout bounds a read that its readers share, whoever leaves.
const readTimeout = 10 * time.Second

// load is a read's work when no barrier proved the snapshot current: the
// snapshot when the store's version is still its own (one row read), else
// a load of the game, replayed from the snapshot when its log is a prefix;
// proven current in listening e (the barrier's, if it came back). So a
// change this process never heard of is seen.
func (t *Table) load(ctx context.Context, e uint64) (*State, error) {
	prev, whole, _ := t.snapshot()
	if whole {
		if v, err := t.g.store.GameVersion(ctx, t.id); err == nil && v == prev.stamp() {
			return t.publish(prev, e), nil
		}
	}
	stored, err := t.g.store.LoadGame(ctx, t.id)
	if err != nil {
		return nil, err
	}
	st := &State{Record: stored.Record, Seats: stored.Seats, Log: stored.Log, Notes: stored.Notes, Chat: stored.Chat, StartedAt: stored.StartedAt}
	if err := restore(st, &stored.GameRow, prev); err != nil {
		return nil, err
	}
	// After restore, which resolves the settings the clock reads.
	st.setLogged()
	return t.publish(st, e), nil
}

// follow reads the game after each change another replica announces,
// while anyone follows the table, and publishes what it read: other
// replicas' changes reach the waiters this way (this process's own are
// published as they are made). Its reads run one after another, so what it
// publishes only moves forward.
func (t *Table) follow(stale, stop <-chan struct{}) {
	for {
		select {
		case <-stale:
		case <-stop:
			return
		}
		for attempt := 0; ; attempt++ {
			ctx, done := context.WithTimeout(context.Background(), readTimeout)
			st, err := t.read(ctx)
			done()
			if err == nil {
				t.backUpBots(st)
				break
			}
			if attempt == 4 {
				t.g.log.Warn("could not read a changed game for its waiters", "game", t.id, "err", err.Error())
				break
			}
			select {
			case <-time.After(time.Duration(50<<attempt) * time.Millisecond):
			case <-stop:
				return
			}
		}
	}
}

// botGrace is how long a bot's turn that another replica announced may
// wait for that replica to move it before this one does.
const botGrace = 3 * time.Second

// backUpBots sets st's bots going here when, botGrace after another
// replica announced their turn, nobody has moved: that replica may have
// died between a person's move and its bots'. A bot's turn that moves in
// time costs nothing but the timer; one moved by two replicas at once is a
// race for the log's key, never a double move.
func (t *Table) backUpBots(st *State) {
	if !t.g.botToAct(st) {
		return
	}
	time.AfterFunc(botGrace, func() {
		if cur, _ := t.Latest(); cur != nil && cur.Version == st.Version && !t.g.shuttingDown() {
			t.g.Kick(cur)
		}
	})
}

// table returns the table of game id, made if need be, and counts the
// caller as its user until done: a table in use is never evicted, so that a
// game has one table, its one owner, however many use it.
func (g *Games) table(id string) (t *Table, done func()) {
	g.tablesMu.Lock()
	defer g.tablesMu.Unlock()
	t = g.tables[id]
	if t == nil {
		t = &Table{g: g, id: id, turn: make(chan struct{}, 1)}
		g.tables[id] = t
		t.elem = g.lru.PushFront(t)
	} else {
		g.lru.MoveToFront(t.elem)
	}
	t.users++
	return t, func() {
		g.tablesMu.Lock()
		defer g.tablesMu.Unlock()
		g.releaseLocked(t)
	}
}

// releaseLocked ends one use of t and evicts the tables used least
// recently, beyond the cache's size, that nobody uses.
func (g *Games) releaseLocked(t *Table) {
	t.users--
	for e := g.lru.Back(); e != nil && len(g.tables) > max(g.cfg.CacheSize, 0); {
		prev := e.Prev()
		if old := e.Value.(*Table); old.users == 0 {
			delete(g.tables, old.id)
			g.lru.Remove(e)
		}
		e = prev
	}
}

// Follow returns the table of game id for a waiter, with the store's
// notifications of other replicas' changes flowing into it; Close it when
// done. Follow before the first read, so that a change between that read
// and the wait still wakes.
func (g *Games) Follow(id string) Follower {
	t, _ := g.table(id)
	g.tablesMu.Lock()
	defer g.tablesMu.Unlock()
	t.subs++
	if t.subs == 1 {
		// Under the lock, so that what is heard from now on reaches the
		// table before its follower reads.
		t.stop, t.stale = make(chan struct{}), make(chan struct{}, 1)
		go t.follow(t.stale, t.stop)
	}
	return t
}

// heard is the store's word that a change left game id at st ("": any
// game may have changed): see Table.heard.
func (g *Games) heard(id string, st Stamp) {
	g.tablesMu.Lock()
	defer g.tablesMu.Unlock()
	if id != "" {
		if t := g.tables[id]; t != nil {
			t.heard(st)
		}
		return
	}
	for _, t := range g.tables {
		if t.subs > 0 {
			t.heard(st)
		}
	}
}

// heard keeps st, newest heard of the game (a zero one, of a lost listener
// or a writer that does not tell, unproves the copy), and wakes the follow
// goroutine, if any, unless the newest snapshot holds st. tablesMu is held.
func (t *Table) heard(st Stamp) {
	t.mu.Lock()
	if st == (Stamp{}) {
		t.proven = 0
	}
	t.newest = Stamp{max(t.newest.Version, st.Version), max(t.newest.NotesRev, st.NotesRev)}
	cur := t.cur.Load()
	held := cur != nil && st != (Stamp{}) && cur.stamp().holds(st)
	t.mu.Unlock()
	if t.subs > 0 && !held {
		select {
		case t.stale <- struct{}{}:
		default:
		}
	}
}

// inTurn runs fn with game id's table in its turn, the one way a change is
// made in this process, and then sets going the bots whose turn the game
// fn returns came to (see Kick).
func (g *Games) inTurn(ctx context.Context, id string, fn func(t *Table) (*State, error)) (st *State, err error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	t, done := g.table(id)
	defer done()
	if err := t.lock(ctx); err != nil {
		return nil, err
	}
	defer func() { g.Kick(st) }()
	defer t.unlock()
	return fn(t)
}
