package play

import (
	"fmt"
	"slices"
	"sync"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
)

// stateCache keeps recently used games: the stored record and the engine
// state after their log, so that a load replays only the actions appended
// since, and an action on a busy game need not read the database first (see
// act). Entries are never handed out: a caller gets a copy, so nothing it
// does can leak back. The cache is an optimisation, never the truth: the
// store's log is.
type stateCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*cacheEntry
	tick    uint64
}

type cacheEntry struct {
	st   State // Game is after Log; never handed out
	used uint64
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, entries: map[string]*cacheEntry{}}
}

func (c *stateCache) touch(e *cacheEntry) {
	c.tick++
	e.used = c.tick
}

// restore brings st (record, seats and log as just loaded from row) up to
// date: from the cached engine state when it is a prefix of st's log, else
// from the deal.
func (c *stateCache) restore(st *State, row *models.Game) error {
	c.mu.Lock()
	e := c.entries[st.ID]
	var g *engine.Game
	applied := 0
	if e != nil && e.st.Seed == st.Seed && len(e.st.Log) <= len(st.Log) {
		c.touch(e)
		g, applied = e.st.Game.Clone(), len(e.st.Log)
		st.Settings, st.Config = e.st.Settings, e.st.Config
	}
	c.mu.Unlock()

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
	c.put(st)
	return nil
}

// put records st when it is newer than what the cache holds.
func (c *stateCache) put(st *State) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[st.ID]; e != nil && e.st.Seed == st.Seed &&
		len(e.st.Log) >= len(st.Log) && e.st.Version >= st.Version {
		return
	}
	if _, ok := c.entries[st.ID]; !ok && len(c.entries) >= c.max {
		c.evictOldest()
	}
	e := &cacheEntry{st: *st}
	e.st.Seats, e.st.Log, e.st.Game = slices.Clone(st.Seats), slices.Clone(st.Log), st.Game.Clone()
	c.touch(e)
	c.entries[st.ID] = e
}

// active returns a copy of the cached state of an active game, or nil. It
// may be stale when another replica moved since; only act uses it, and the
// log's unique (game, seq) key catches that staleness (see act).
func (c *stateCache) active(id string) *State {
	if st := c.copyOf(id); st != nil && st.Status == StatusActive {
		return st
	}
	return nil
}

// copyOf returns a copy of the cached state of game id, whatever its
// status, or nil. The caller checks that it is current (see load).
func (c *stateCache) copyOf(id string) *State {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[id]
	if e == nil {
		return nil
	}
	c.touch(e)
	st := e.st
	st.Seats, st.Log, st.Game = slices.Clone(e.st.Seats), slices.Clone(e.st.Log), e.st.Game.Clone()
	return &st
}

// evictOldest drops the least recently used entry. A linear scan is fine at
// the cache's size and runs only when the cache is full.
func (c *stateCache) evictOldest() {
	var oldest string
	var min uint64
	first := true
	for id, e := range c.entries {
		if first || e.used < min {
			oldest, min, first = id, e.used, false
		}
	}
	delete(c.entries, oldest)
}
