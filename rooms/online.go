package rooms

import (
	"context"
	"sync"
	"time"
)

// Where a player online is: reading the lobby, a table (seated or
// watching) or a shared replay room.
const (
	AtLobby = "lobby"
	AtTable = "table"
	AtRoom  = "room"
)

// The lobby's presence events: a player came online or moved (written
// once per change), or went silent for onlineFor and dropped off.
const (
	PlayerOnline  = "online"
	PlayerOffline = "offline"
)

// A signed-in player is online while they read the lobby, a table or a
// room: a long-poll or a stream tells it at least every SeenEvery, and
// they drop off onlineFor after their last read. A table or a room
// outranks the lobby: a player who reads both (two tabs) is where they
// play or watch, and the lobby has them once that read is tableHolds old.
const (
	onlineFor  = 60 * time.Second
	tableHolds = 30 * time.Second
	// sweepEvery bounds how often a process looks for the players who
	// went silent.
	sweepEvery = 10 * time.Second
)

// Place is where a player is. ID is the table's or the room's id; it is
// empty in the lobby and at an unlisted table, which is found by its link
// alone and so is never told.
type Place struct {
	Kind string
	ID   string
}

// Presence is a signed-in player online, and where.
type Presence struct {
	Player string
	Name   string
	Bot    bool
	Place  Place
	At     time.Time
}

// OnlineStore is what the players' presence needs from storage.
type OnlineStore interface {
	// SeeOnline records that p read p.Place at p.At. A lobby read does
	// not move a player seen at a table or a room since holds. When the
	// player was not online since gone, or was elsewhere, it writes a
	// PlayerOnline event to the lobby in the same transaction, so that a
	// change is told once whichever replica saw it.
	SeeOnline(ctx context.Context, p Presence, gone, holds time.Time) error
	// Online lists the players seen since since, by name.
	Online(ctx context.Context, since time.Time) ([]Presence, error)
	// DropOffline forgets the players not seen since since, writing a
	// PlayerOffline event (at at) for each: of two replicas that sweep at
	// once, one drops each player.
	DropOffline(ctx context.Context, since, at time.Time) error
}

// Online is who is online and where, as every replica records it.
type Online struct {
	store OnlineStore
	now   func() time.Time
	// written is when this process last recorded each player, and where.
	written *Recent[string, Place]
	mu      sync.Mutex
	swept   time.Time
}

// NewOnline builds the presence list on store.
func NewOnline(store OnlineStore, now func() time.Time) *Online {
	if now == nil {
		now = time.Now
	}
	return &Online{store: store, now: now, written: NewRecent[string, Place](onlineFor)}
}

// Seen records that p (its At aside) reads p.Place now. A write that
// failed (the read was cut off as it was recorded, the store erred) is not
// counted as written: the next read records it.
func (o *Online) Seen(ctx context.Context, p Presence) error {
	now := o.now().UTC().Truncate(time.Millisecond)
	p.At = now
	return o.written.Write(p.Player, p.Place, now, func() error {
		return o.store.SeeOnline(ctx, p, now.Add(-onlineFor), now.Add(-tableHolds))
	})
}

// List is who is online now, by name.
func (o *Online) List(ctx context.Context) ([]Presence, error) {
	o.Sweep(ctx)
	return o.store.Online(ctx, o.now().UTC().Add(-onlineFor))
}

// Sweep drops the players gone silent, telling the lobby, at most every
// sweepEvery per process; the lobby's readers call it as they wait, so
// that a departure is told while somebody listens.
func (o *Online) Sweep(ctx context.Context) {
	now := o.now().UTC().Truncate(time.Millisecond)
	o.mu.Lock()
	due := now.Sub(o.swept) >= sweepEvery
	if due {
		o.swept = now
	}
	o.mu.Unlock()
	if due {
		_ = o.store.DropOffline(ctx, now.Add(-onlineFor), now)
	}
}
