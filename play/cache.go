package play

import (
	"container/list"
	"fmt"
	"sync"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
)

// stateCache keeps recently used games: the stored record and the engine
// state after their log, so that a load replays only the actions appended
// since, a read of a game nobody changed reads at most one row, and an
// action on a busy game need not read the database first (see act). A cached
// State is shared and read only: whoever wants to change one works on
// mutable(). The cache is an optimisation, never the truth: the store's log
// is.
//
// While the store is sole (models.Store.Sole), a copy that this process has
// seen through every change since it was known current is current without
// any read: trusted entries. An entry is known current when it was written
// here (an append that succeeded is the log's next entry), loaded, or
// checked against the stored version, all within one sole spell, and no
// change event (OnChange) has named a newer version since.
type stateCache struct {
	mu      sync.Mutex
	max     int
	sole    func() uint64
	entries map[string]*cacheEntry
	lru     list.List // of *cacheEntry, the most recently used first
	// deaf: change events no longer reach the cache, so nothing in it is
	// current without a read.
	deaf bool
}

type cacheEntry struct {
	st   *State // shared, read only
	elem *list.Element
	// newest is the newest version a change event named for this game
	// while the entry was cached.
	newest int64
	// spell is the sole spell in which st was known current; 0: never.
	spell uint64
}

func newStateCache(max int, sole func() uint64) *stateCache {
	return &stateCache{max: max, sole: sole, entries: map[string]*cacheEntry{}}
}

// lookup returns the entry of game id (nil if none) and whether it is
// current without a read: spell is the store's sole spell, read before.
func (c *stateCache) lookup(id string, spell uint64) (*cacheEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[id]
	if e == nil {
		return nil, false
	}
	c.lru.MoveToFront(e.elem)
	return e, !c.deaf && spell != 0 && e.spell == spell && e.st.Version >= e.newest
}

// stopListening marks the cache deaf: change events stop reaching it.
func (c *stateCache) stopListening() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deaf = true
}

// changed records a change event: version is the game's after a change
// this process's store committed.
func (c *stateCache) changed(id string, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[id]; e != nil && version > e.newest {
		e.newest = version
	}
}

// vouch marks e current: the store said its version is e's, in the sole
// spell read before asking.
func (c *stateCache) vouch(e *cacheEntry, spell uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[e.st.ID] == e && e.newest <= e.st.Version && spell != 0 && c.sole() == spell {
		e.spell = spell
	}
}

// put records st, shared from now on, when it is newer than what the cache
// holds, and returns its entry (nil when it was not recorded). prev is the
// entry st was derived from (loaded over, or acted on), nil if none, and
// spell the store's sole spell read before the load or the action began:
// st is current when prev stayed the game's entry all along, so that every
// change event since reached it, and none named a newer version.
func (c *stateCache) put(st *State, prev *cacheEntry, spell uint64) *cacheEntry {
	if c.max <= 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cur := c.entries[st.ID]
	if cur != nil && cur.st.Seed == st.Seed && cur.st.Version >= st.Version && len(cur.st.Log) >= len(st.Log) {
		return nil
	}
	if cur == nil && len(c.entries) >= c.max {
		oldest := c.lru.Back()
		delete(c.entries, oldest.Value.(*cacheEntry).st.ID)
		c.lru.Remove(oldest)
	}
	e := &cacheEntry{st: st, newest: st.Version}
	if cur != nil {
		e.newest = max(e.newest, cur.newest)
	}
	if prev != nil && cur == prev && e.newest <= st.Version && spell != 0 && c.sole() == spell {
		e.spell = spell
	}
	if cur != nil {
		// The replaced entry's place in the order is the new one's.
		e.elem, cur.elem.Value = cur.elem, e
		c.lru.MoveToFront(e.elem)
	} else {
		e.elem = c.lru.PushFront(e)
	}
	c.entries[st.ID] = e
	return e
}

// restore brings st (record, seats and log as just loaded from row) up to
// date: from prev's engine state when its log is a prefix of st's, else
// from the deal.
func restore(st *State, row *models.Game, prev *State) error {
	var g *engine.Game
	applied := 0
	if prev != nil && prev.Seed == st.Seed && len(prev.Log) <= len(st.Log) {
		g, applied = prev.Game.Clone(), len(prev.Log)
		st.Settings, st.Config = prev.Settings, prev.Config
	}
	if g == nil {
		_, set, cfg, err := setup(row)
		if err != nil {
			return err
		}
		g, err = engine.NewSeeded(cfg, st.Seed)
		if err != nil {
			return fmt.Errorf("game %s: deal: %w", st.ID, err)
		}
		st.Settings, st.Config = set, g.Config()
	}
	for i := applied; i < len(st.Log); i++ {
		if st.Log[i].Seq != i {
			return fmt.Errorf("game %s: log entry %d has seq %d", st.ID, i, st.Log[i].Seq)
		}
		if _, err := g.Apply(st.Log[i].Action); err != nil {
			return fmt.Errorf("game %s: stored action %d does not replay: %w", st.ID, i, err)
		}
	}
	st.Game = g
	return nil
}

// mutable returns a copy of st that its caller may change: its own engine
// state, and a log to which it may append (appendLog), never into st's.
func (st *State) mutable() *State {
	cp := *st
	cp.Game = st.Game.CloneFor(1)
	return &cp
}
