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
// since, a read of a game nobody changed reads one row (its version), and an
// action on a busy game need not read the database first (see act). A
// cached State is shared and read only: whoever wants to change one works on
// mutable(). The cache is an optimisation, never the truth: the store's log
// is, and no read answers from the cache without the store's word that the
// copy is current.
type stateCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*cacheEntry
	lru     list.List // of *cacheEntry, the most recently used first
}

type cacheEntry struct {
	st   *State // shared, read only
	elem *list.Element
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, entries: map[string]*cacheEntry{}}
}

// lookup returns the cached state of game id, or nil.
func (c *stateCache) lookup(id string) *State {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[id]
	if e == nil {
		return nil
	}
	c.lru.MoveToFront(e.elem)
	return e.st
}

// put records st, shared from now on, unless the cache holds it or a newer
// state of the same game already (newer notes count: they change apart
// from the version).
func (c *stateCache) put(st *State) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cur := c.entries[st.ID]
	if cur != nil && cur.st.Seed == st.Seed && cur.st.Version >= st.Version && len(cur.st.Log) >= len(st.Log) &&
		cur.st.NotesRev >= st.NotesRev {
		return
	}
	if cur != nil {
		// The replaced entry's place in the order is the new one's.
		cur.st = st
		c.lru.MoveToFront(cur.elem)
		return
	}
	if len(c.entries) >= c.max {
		oldest := c.lru.Back()
		delete(c.entries, oldest.Value.(*cacheEntry).st.ID)
		c.lru.Remove(oldest)
	}
	e := &cacheEntry{st: st}
	e.elem = c.lru.PushFront(e)
	c.entries[st.ID] = e
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
