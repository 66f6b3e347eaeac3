package api

import (
	"context"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// Games is what the API needs of a game's life; *play.Games implements it.
// The API only translates between HTTP and these calls: it never touches
// the store.
type Games interface {
	// Create opens a table; the seat is the creator's, -1 when bots took seat 0.
	Create(ctx context.Context, req play.NewGame) (st *play.State, seat int, err error)
	// Join takes the lowest free seat.
	Join(ctx context.Context, id, name, secret string) (seat int, st *play.State, err error)
	// Act applies a seat's move and appends it to the log.
	Act(ctx context.Context, id string, seat int, m play.Move) (*play.State, engine.Event, error)
	// Terminate ends an active game for everyone, charged to seat; the
	// seat must still be occupant's.
	Terminate(ctx context.Context, id string, seat int, occupant *string) (*play.State, engine.Event, error)
	// Leave gives up a seat held by occupant: free again in a lobby, a bot
	// ("": the strongest) plays it in an active game.
	Leave(ctx context.Context, id string, seat int, occupant *string, bot string) (*play.State, error)
	// WriteNote sets a seat's note on a card ("" removes it).
	WriteNote(ctx context.Context, id string, seat int, occupant string, card int, text string) (*play.State, error)
	// Load reads a game, one read for all who arrive while it runs; the
	// state is shared, read only.
	Load(ctx context.Context, id string) (*play.State, error)
	// List pages through games, newest first.
	List(ctx context.Context, status string, limit int, cursor string) ([]play.Record, string, error)
	// Watch follows a game for waiters; Close it when done.
	Watch(id string) *play.Watch
	// Bots are the strategies that may take a seat.
	Bots() []bots.Strategy
	// Stats are the counters behind the metrics.
	Stats() *play.Stats
	// Count counts games by status.
	Count(ctx context.Context) (map[string]int64, error)
	// SigningSecret is the token secret kept in the database.
	SigningSecret(ctx context.Context) ([]byte, error)
	// Answered returns an idempotency key's record, nil when nobody took it.
	Answered(ctx context.Context, scope, key string) (*play.Answer, error)
	// Answer keeps a request's answer under its idempotency key; a refused
	// request whose key another holds gets that request's record back.
	Answer(ctx context.Context, scope, key string, a play.Answer, changed bool) (*play.Answer, error)
	// Ready checks that the database takes a write.
	Ready(ctx context.Context) error
	// Shutdown stops the bots after their current move.
	Shutdown(ctx context.Context) error
}

var _ Games = (*play.Games)(nil)
