// Package play owns a game's life, free of any transport: creating and
// loading games, taking seats, acting (the engine judges, the store appends
// under the (game, seq) key, waiters wake), and driving bots on seats. Each
// live game has one owner in the process, its Table (table.go). It speaks the engine's, the variants' and its
// own types; a transport (api) turns them into requests and answers.
package play

import (
	"cmp"
	"container/list"
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/internal/shutdown"
)

// Config is what play needs from its caller.
type Config struct {
	Store Store
	// Bots are the strategies that may take a seat; play moves for their
	// seats. Nil: no bots. Weakest first: the last one takes over a seat
	// whose player left, unless the leaver names another.
	Bots []bots.Strategy
	// Now is the clock (default time.Now), so that anything timed can be
	// tested on a fake one.
	Now    func() time.Time
	Logger *slog.Logger
	// Outage tells the database's outages in the log, once each; share it
	// with the transport's (nil: one of play's own).
	Outage *Outage
	// CacheSize bounds the tables kept of games nobody uses now (default
	// 1024; negative: none).
	CacheSize int
	// LobbyTTL cancels a lobby that has not filled by then (default
	// DefaultLobbyTTL; negative: never). IdleTTL ends an active game in
	// which nobody acted for that long (default DefaultIdleTTL; negative:
	// never).
	LobbyTTL, IdleTTL time.Duration
	// Seeds, when set, is the deal a table of signed-in players gets as it
	// starts, when its creator named none: the next one of its variant and
	// player count that none of them has played (the players' domain
	// knows who played what).
	Seeds func(ctx context.Context, players []string, variant string, seats int) (string, error)
	// DealKey keys the deal of a seed that Seeds gives: such seeds follow
	// a public scheme, so the deal must not follow from the name alone, or
	// a player could work out their own cards before the first move.
	DealKey []byte
	// AccountNamed, when set, is the name of the account that a guest's
	// name is or looks like ("" for none): the players' domain knows the
	// accounts. A guest may not sit under it.
	AccountNamed func(ctx context.Context, name string) (string, error)
	// GuestKeys, when set beside AccountNamed, is what the store asks the
	// accounts for a guest's name by, nil when there is nothing to ask:
	// the seat's write goes in only while no account has one of its keys
	// (NameKeys), so that a guest's seat takes no query of its own.
	GuestKeys func(name string) *NameKeys
	// DealsInPlay, when set, is the players' domain's word on the shared
	// deals a player is playing now (see PlaysDeal).
	DealsInPlay func(ctx context.Context, playerID string) ([]string, error)
	// SweepEvery is how often this process looks for due games (turn
	// clocks, expiries); default DefaultSweepEvery; negative: never (a test
	// calls Sweep itself).
	SweepEvery time.Duration
	// ChatLines is the most lines a table's chat keeps (default
	// MaxChatLines).
	ChatLines int
}

// Games is the home of every game's life in this process. Create it with
// New and call Shutdown when done.
type Games struct {
	cfg   Config
	store Store
	log   *slog.Logger
	stats Stats

	shutdown     chan struct{}
	shutdownOnce sync.Once
	bg           sync.WaitGroup

	// tables are the live games' owners, the least recently used last:
	// beyond CacheSize, those nobody uses are dropped.
	tablesMu sync.Mutex
	tables   map[string]*Table
	lru      list.List

	botMu      sync.Mutex
	botRunning map[string]bool
	botAgain   map[string]bool
	botFailed  map[string]int // a game's bot moves that failed in a row, not by the rules
	unsettled  unsettled      // due games whose settling failed, looked at again later

	reply Reply // see SetReply

	ready readiness // see Ready
}

// Stats counts what this process did, for metrics.
type Stats struct {
	Created  atomic.Int64 // games created
	Actions  atomic.Int64 // actions appended to game logs
	Finished atomic.Int64 // games finished by an action taken here
}

// New builds the home of games on cfg.Store.
func New(cfg Config) (*Games, error) {
	if cfg.Store == nil {
		return nil, errors.New("play: no store")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Logger = cmp.Or(cfg.Logger, slog.New(slog.NewTextHandler(io.Discard, nil)))
	cfg.Outage = cmp.Or(cfg.Outage, &Outage{})
	cfg.CacheSize = cmp.Or(cfg.CacheSize, 1024)
	cfg.LobbyTTL = cmp.Or(cfg.LobbyTTL, DefaultLobbyTTL)
	cfg.IdleTTL = cmp.Or(cfg.IdleTTL, DefaultIdleTTL)
	cfg.SweepEvery = cmp.Or(cfg.SweepEvery, DefaultSweepEvery)
	cfg.ChatLines = cmp.Or(cfg.ChatLines, MaxChatLines)
	g := &Games{
		cfg: cfg, store: cfg.Store, log: cfg.Logger,
		shutdown:   make(chan struct{}),
		tables:     map[string]*Table{},
		botRunning: map[string]bool{},
		botAgain:   map[string]bool{},
		botFailed:  map[string]int{},
	}
	cfg.Store.Listen(g.heard)
	if cfg.SweepEvery > 0 {
		g.bg.Add(1)
		go g.sweep()
	}
	return g, nil
}

// Stats are the process's counters.
func (g *Games) Stats() *Stats { return &g.stats }

// Shutdown stops starting bot moves and waits for the drivers to finish the
// move they are on. It may be called more than once.
func (g *Games) Shutdown(ctx context.Context) error {
	g.shutdownOnce.Do(func() {
		close(g.shutdown)
	})
	return shutdown.Drain(ctx, g.bg.Wait)
}

func (g *Games) shuttingDown() bool { return shutdown.Begun(g.shutdown) }

// SigningSecret is the secret the store keeps for the transport's tokens,
// created once, so that tokens survive restarts and work on every replica.
func (g *Games) SigningSecret(ctx context.Context) ([]byte, error) {
	return g.store.SigningSecret(ctx)
}

// Count counts games by status.
func (g *Games) Count(ctx context.Context) (map[string]int64, error) { return g.store.CountGames(ctx) }

// Unavailable tells whether err means that the database cannot serve now
// (see Store.Unavailable).
func (g *Games) Unavailable(err error) bool { return err != nil && g.store.Unavailable(err) }
