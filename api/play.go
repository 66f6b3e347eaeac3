package api

import (
	"context"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// Play is what a request needs of a game's life; *play.Games implements it.
// The API only translates between HTTP and these calls: it never touches
// the store. What the server needs besides (idempotency keys, probes, bots,
// counters, the token secret) comes in Config.
type Play interface {
	// Create opens a table for the caller; the seat is the creator's, -1
	// when bots took seat 0.
	Create(ctx context.Context, by auth.Caller, req play.NewGame) (st *play.State, seat int, err error)
	// Join takes the lowest free seat for the caller (a signed-in player
	// who holds one already is answered it).
	Join(ctx context.Context, id string, by auth.Caller, name, secret string, key *play.Key) (seat int, st *play.State, err error)
	// Act applies the caller's seat's move and appends it to the log.
	Act(ctx context.Context, id string, by auth.Caller, m play.Move) (*play.State, engine.Event, error)
	// Terminate ends an active game for everyone, charged to the caller's
	// seat.
	Terminate(ctx context.Context, id string, by auth.Caller) (*play.State, engine.Event, error)
	// Vote casts or takes back the caller's seat's vote to end the game;
	// Pause and Resume stop and start a timed game's play.
	Vote(ctx context.Context, id string, by auth.Caller, end bool) (*play.State, error)
	Pause(ctx context.Context, id string, by auth.Caller) (*play.State, error)
	Resume(ctx context.Context, id string, by auth.Caller) (*play.State, error)
	// Rearrange puts the caller's seat's hand in order (its card ids,
	// newest first) on m's conditions: no move, any time while the game
	// runs.
	Rearrange(ctx context.Context, id string, by auth.Caller, order []int, m play.Move) (*play.State, error)
	// Leave gives up the caller's seat: free again in a lobby, a bot ("":
	// the strongest) plays it in an active game.
	Leave(ctx context.Context, id string, by auth.Caller, seat int, bot string) (*play.State, error)
	// Say adds the caller's line to a table's chat.
	Say(ctx context.Context, id string, by auth.Caller, secret, text string) (*play.State, play.Line, error)
	// WriteNote sets the caller's seat's note on a card ("" removes it).
	WriteNote(ctx context.Context, id string, by auth.Caller, card int, text string) (*play.State, error)
	// SeatOf is the seat a player holds in a game (auth.Seats); SeatFor
	// the game when the signed-in caller holds seat of it.
	SeatOf(ctx context.Context, game, player string) (int, string, error)
	Holds(ctx context.Context, game string, seat int, occupant string) error
	SeatFor(ctx context.Context, id string, by auth.Caller, seat int) (*play.State, error)
	// Spoiled refuses the caller a read of a shared deal's games while it
	// plays it; DealInPlayAt is a game's deal when the caller plays it at
	// another table.
	Spoiled(ctx context.Context, by auth.Caller, deal string) error
	DealInPlayAt(ctx context.Context, by auth.Caller, id string) (string, error)
	// Rematch opens the next table of a finished game at the word of one
	// of its players (the game's Next names it).
	Rematch(ctx context.Context, id string, by auth.Caller) (*play.State, error)
	// Invitation is the invitation the caller may send to a table.
	Invitation(ctx context.Context, id string, by auth.Caller) (play.Invitation, error)
	// Load reads a game (a snapshot the store vouches for): shared, read only.
	Load(ctx context.Context, id string) (*play.State, error)
	// List pages through games, newest first.
	List(ctx context.Context, status string, limit int, cursor string) ([]play.Record, string, error)
	// Follow holds a game's table for a waiter; Close it when done.
	Follow(id string) play.Follower
	// RecordedSeed is the seed a finished game is shown under: a shared
	// deal's name, without the key that deals it.
	RecordedSeed(seed string) string
}

// Keys keeps Idempotency-Keys and the answers given under them; *play.Games
// implements it.
type Keys interface {
	// Answered returns a key's record, nil when nobody took it, or why by
	// may not be answered it (a seat's token whose seat was left).
	Answered(ctx context.Context, scope, key string, by auth.Caller) (*play.Answer, error)
	// Refused keeps a refused request's answer under its key; when another
	// request holds the key, it returns that request's record instead.
	Refused(ctx context.Context, scope, key string, a play.Answer) (*play.Answer, error)
}

// Probe is what the readiness probe, the metrics and the problems ask of
// the database; *play.Games implements it.
type Probe interface {
	// Ready checks that the database takes a write.
	Ready(ctx context.Context) error
	// Count counts games by status.
	Count(ctx context.Context) (map[string]int64, error)
	// Unavailable tells whether an error means that the database cannot
	// serve now: a 503, part of the outage's story. (Without a Probe only
	// a missed deadline is.)
	Unavailable(err error) bool
}

var (
	_ Play  = (*play.Games)(nil)
	_ Keys  = (*play.Games)(nil)
	_ Probe = (*play.Games)(nil)
)
