package api

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/variants"
)

// gameState is one game as the store holds it plus the engine's state after
// replaying its log. The log is the truth; game is derived from it.
type gameState struct {
	row      *models.Game
	seats    []models.Seat
	log      []models.Action
	variant  *variants.Variant
	settings variants.Settings
	cfg      *engine.Config
	game     *engine.Game // private to the request: safe to Apply on
}

func toEngine(a models.Action) engine.Action {
	return engine.Action{Kind: engine.Kind(a.Kind), Card: a.Card, Target: a.Target, Value: a.Value}
}

// load reads a game and brings its engine state up to date with its log.
func (s *Server) load(ctx context.Context, id string) (*gameState, error) {
	if !validID(id) {
		return nil, models.ErrNotFound
	}
	row, seats, log, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	st := &gameState{row: row, seats: seats, log: log}
	if err := s.cache.restore(st); err != nil {
		return nil, err
	}
	return st, nil
}

// setup resolves the stored variant and options into an engine config.
func setup(row *models.Game) (*variants.Variant, variants.Settings, engine.Config, error) {
	var set variants.Settings
	if err := json.Unmarshal([]byte(row.Options), &set); err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: stored options: %w", row.ID, err)
	}
	v, err := variants.Get(row.Variant)
	if err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: %w", row.ID, err)
	}
	cfg, err := v.Config(set, row.Players)
	if err != nil {
		return nil, set, engine.Config{}, fmt.Errorf("game %s: config: %w", row.ID, err)
	}
	return v, set, cfg, nil
}

// stateCache keeps the engine state of recently used games, so that a request
// replays only the actions appended since. Entries are never handed out: a
// request gets a clone, so nothing it does can leak back.
type stateCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*cacheEntry
	tick    uint64
}

type cacheEntry struct {
	seed     string
	variant  *variants.Variant
	settings variants.Settings
	cfg      *engine.Config
	game     *engine.Game
	applied  int
	used     uint64
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, entries: map[string]*cacheEntry{}}
}

func (c *stateCache) restore(st *gameState) error {
	c.mu.Lock()
	e := c.entries[st.row.ID]
	var g *engine.Game
	applied := 0
	if e != nil && e.seed == st.row.Seed && e.applied <= len(st.log) {
		c.tick++
		e.used = c.tick
		g, applied = e.game.Clone(), e.applied
		st.variant, st.settings, st.cfg = e.variant, e.settings, e.cfg
	}
	c.mu.Unlock()

	if g == nil {
		v, set, cfg, err := setup(st.row)
		if err != nil {
			return err
		}
		g, err = engine.NewSeeded(cfg, st.row.Seed)
		if err != nil {
			return fmt.Errorf("game %s: deal: %w", st.row.ID, err)
		}
		st.variant, st.settings, st.cfg = v, set, g.Config()
	}
	for i := applied; i < len(st.log); i++ {
		if st.log[i].Seq != i {
			return fmt.Errorf("game %s: log entry %d has seq %d", st.row.ID, i, st.log[i].Seq)
		}
		if _, err := g.Apply(toEngine(st.log[i])); err != nil {
			return fmt.Errorf("game %s: stored action %d does not replay: %w", st.row.ID, i, err)
		}
	}
	st.game = g
	if e == nil || applied < len(st.log) {
		c.put(st)
	}
	return nil
}

func (c *stateCache) put(st *gameState) {
	if c.max <= 0 {
		return
	}
	snap := st.game.Clone()
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[st.row.ID]; e != nil && e.seed == st.row.Seed && e.applied >= len(st.log) {
		return
	}
	if len(c.entries) >= c.max {
		c.evictOldest()
	}
	c.tick++
	c.entries[st.row.ID] = &cacheEntry{
		seed: st.row.Seed, variant: st.variant, settings: st.settings, cfg: snap.Config(),
		game: snap, applied: len(st.log), used: c.tick,
	}
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

// validID keeps obviously bad ids away from the database.
func validID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
