package players

import (
	"context"
	"time"

	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
)

// Event is one thing that concerns a player across games, in the order
// they were written: Seq orders them and is a reconnecting reader's
// cursor. Kinds: a table the player sits at "started", it is their "turn",
// a game "ended", they were "invited" to a table (Detail: who invited them,
// and a private table's join secret).
type Event struct {
	Seq     int64
	Kind    string
	Game    string
	Seat    int
	Version int64
	Detail  string
	At      time.Time
}

// Event kinds.
const (
	EventStarted = "started"
	EventTurn    = "turn"
	EventEnded   = "ended"
	EventInvited = "invited"
)

// FeedStore is what the feed needs from storage: the events, written in
// the transactions that make them, and word of new ones (on every replica).
type FeedStore interface {
	// Events lists a player's events after seq after, oldest first.
	Events(ctx context.Context, playerID string, after int64, limit int) ([]Event, error)
	// AddEvent writes an event (an invitation) for a player.
	AddEvent(ctx context.Context, playerID string, e Event) error
	// Muted lists whose chat, and invitations, the player muted.
	Muted(ctx context.Context, playerID string) ([]Player, error)
	// ListenPlayers calls heard with the player of each event written, on
	// any replica, or "" when any player's may have been written unheard.
	ListenPlayers(heard func(playerID string))
	// ForgetEvents deletes every player's events written before before.
	ForgetEvents(ctx context.Context, before time.Time) error
	// EventsGoneTo is the highest of the player's events ForgetEvents
	// deleted (0: none).
	EventsGoneTo(ctx context.Context, playerID string) (int64, error)
}

// KeptEvents is how long a player's events are kept for a reader who
// comes back: every turn of every signed-in player writes one, read or
// not, so the feed keeps a week of them, not the whole history.
const KeptEvents = 7 * 24 * time.Hour

// ForgetEvery is how often a server forgets the events past KeptEvents.
const ForgetEvery = time.Hour

// Feed is the players' events, and the one wait on them: a reader waits
// for its player's next event as a long-poll or a stream does.
type Feed struct {
	store FeedStore
	hub   feed.Hub[string]
}

// NewFeed builds the feed on store and listens to it.
func NewFeed(store FeedStore) *Feed {
	f := &Feed{store: store}
	store.ListenPlayers(f.hub.Heard)
	return f
}

// Follow is a reader's hold on the player's events; follow before
// reading, so that an event between the read and the wait still wakes,
// and Close when done.
func (f *Feed) Follow(playerID string) *feed.Watch[string] { return f.hub.Watch(playerID) }

// MaxEvents bounds one read of a feed.
const MaxEvents = 100

// Events lists the player's events after seq after; a seq before one of
// theirs that was forgotten is refused (feed.ErrExpired).
func (f *Feed) Events(ctx context.Context, p Player, after int64, limit int) ([]Event, error) {
	evs, err := f.store.Events(ctx, p.ID, after, min(max(limit, 1), MaxEvents))
	return feed.Unexpired(evs, err, after, func() (int64, error) { return f.store.EventsGoneTo(ctx, p.ID) })
}

// Forget deletes the events older than KeptEvents at now.
func (f *Feed) Forget(ctx context.Context, now time.Time) error {
	return f.store.ForgetEvents(ctx, now.Add(-KeptEvents))
}

// Invite tells a player they are invited to inv's table by its sender; a
// private table's secret goes with it, to them alone. An invitee who muted
// the sender is not told (the sender is not told that either, as a muted
// player's chat line is sent all the same).
func (f *Feed) Invite(ctx context.Context, invitee Player, inv play.Invitation, at time.Time) error {
	muted, err := f.store.Muted(ctx, invitee.ID)
	if err != nil || MutesOf(muted).Hides(inv.FromID) {
		return err
	}
	game, from, secret := inv.Game, inv.From, inv.Secret
	detail := from
	if secret != "" {
		detail += "\n" + secret
	}
	return f.store.AddEvent(ctx, invitee.ID, Event{Kind: EventInvited, Game: game, Seat: -1, Detail: detail, At: at.UTC().Truncate(time.Millisecond)})
}
