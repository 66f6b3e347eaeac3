package api

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
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
	game     *engine.Game
	// actions counts the log's entries; it outlives log in a long-poll's
	// slimmed state (see waitFor).
	actions int
}

// eventCount is the number of events the game has produced: one per action
// and the game_over event of a finished game.
func (st *gameState) eventCount() int {
	n := st.actions
	if st.row.Status == models.StatusFinished {
		n++
	}
	return n
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
	st := &gameState{row: row, seats: seats, log: log, actions: len(log)}
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

// stateCache keeps recently used games: the stored rows and the engine state
// after their log, so that a request replays only the actions appended since,
// and an action on a busy game need not read the database first (see act).
// Entries are never handed out: a request gets a copy, so nothing it does
// can leak back.
type stateCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*cacheEntry
	tick    uint64
}

type cacheEntry struct {
	row      models.Game
	seats    []models.Seat
	log      []models.Action
	variant  *variants.Variant
	settings variants.Settings
	cfg      *engine.Config
	game     *engine.Game // after log
	used     uint64
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, entries: map[string]*cacheEntry{}}
}

func (c *stateCache) touch(e *cacheEntry) {
	c.tick++
	e.used = c.tick
}

func (c *stateCache) restore(st *gameState) error {
	c.mu.Lock()
	e := c.entries[st.row.ID]
	var g *engine.Game
	applied := 0
	if e != nil && e.row.Seed == st.row.Seed && len(e.log) <= len(st.log) {
		c.touch(e)
		g, applied = e.game.Clone(), len(e.log)
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
	c.put(st)
	return nil
}

// put records st when it is newer than what the cache holds.
func (c *stateCache) put(st *gameState) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[st.row.ID]; e != nil && e.row.Seed == st.row.Seed &&
		len(e.log) >= len(st.log) && e.row.Version >= st.row.Version {
		return
	}
	if _, ok := c.entries[st.row.ID]; !ok && len(c.entries) >= c.max {
		c.evictOldest()
	}
	e := &cacheEntry{
		row: *st.row, seats: slices.Clone(st.seats), log: slices.Clone(st.log),
		variant: st.variant, settings: st.settings, cfg: st.cfg, game: st.game.Clone(),
	}
	c.touch(e)
	c.entries[st.row.ID] = e
}

// active returns a copy of the cached state of an active game, or nil. It
// may be stale when another replica moved since; only act uses it, and the
// log's unique (game, seq) key catches that staleness (see act).
func (c *stateCache) active(id string) *gameState {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[id]
	if e == nil || e.row.Status != models.StatusActive {
		return nil
	}
	c.touch(e)
	row := e.row
	return &gameState{
		row: &row, seats: slices.Clone(e.seats), log: slices.Clone(e.log), actions: len(e.log),
		variant: e.variant, settings: e.settings, cfg: e.cfg, game: e.game.Clone(),
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
