package rooms

import (
	"context"
	"time"
)

// A signed-in spectator counts as watching a table while it reads it: at
// least every SeenEvery while a long-poll or a stream holds it open, and
// watchedFor after its last read.
const (
	SeenEvery  = 20 * time.Second
	watchedFor = 60 * time.Second
)

// Watcher is a signed-in spectator of a table.
type Watcher struct {
	Player string
	Name   string
	Bot    bool
	// Shadow is the seat the watcher shadows, -1 for none (every hand).
	Shadow int
	At     time.Time
}

// WatcherStore is what the watchers' list needs from storage.
type WatcherStore interface {
	// SeeWatcher records that w read game at w.At.
	SeeWatcher(ctx context.Context, game string, w Watcher) error
	// Watchers lists the watchers of game seen since since, by name.
	Watchers(ctx context.Context, game string, since time.Time) ([]Watcher, error)
	// ForgetWatchers deletes the watchers of every game not seen since
	// since.
	ForgetWatchers(ctx context.Context, since time.Time) error
}

// Watchers is who watches each table, as every replica records it.
type Watchers struct {
	store WatcherStore
	now   func() time.Time
	// written is when this process last recorded each game's watcher, and
	// as which seat's shadow.
	written *Recent[[2]string, int]
}

// NewWatchers builds the watchers' list on store.
func NewWatchers(store WatcherStore, now func() time.Time) *Watchers {
	if now == nil {
		now = time.Now
	}
	return &Watchers{store: store, now: now, written: NewRecent[[2]string, int](watchedFor)}
}

// Seen records that w (its At aside) reads game now; a write that failed
// is not counted as written (see Online.Seen).
func (ws *Watchers) Seen(ctx context.Context, game string, w Watcher) error {
	now := ws.now().UTC()
	w.At = now
	return ws.written.Write([2]string{game, w.Player}, w.Shadow, now, func() error { return ws.store.SeeWatcher(ctx, game, w) })
}

// List is who watches game now.
func (ws *Watchers) List(ctx context.Context, game string) ([]Watcher, error) {
	return ws.store.Watchers(ctx, game, ws.now().UTC().Add(-watchedFor))
}

// Forget deletes the watchers who no longer watch (a row a spectator and
// a game, kept once they stop reading it, would stay for good).
func (ws *Watchers) Forget(ctx context.Context) error {
	return ws.store.ForgetWatchers(ctx, ws.now().UTC().Add(-watchedFor))
}
