package play

import (
	"context"
	"time"

	"github.com/hanabi-server/hanabi/models"
)

// Store is what play needs from storage. models.Store implements it; play is
// the only package besides cmd/ that speaks the store's types.
type Store interface {
	// CreateGame inserts a game and its initially taken seats (the creator's
	// and any bots') in one transaction, with key when set.
	CreateGame(ctx context.Context, g *models.Game, seats []models.Seat, key *models.Idempotency) error
	// LoadGame returns the game, its seats by seat number and its log by seq,
	// or models.ErrNotFound.
	LoadGame(ctx context.Context, id string) (*models.Game, []models.Seat, []models.Action, error)
	// JoinSeat takes the lowest free seat for name, bumps the version and, when
	// it was the last free seat, makes the game active with the deadline
	// opts.Started gives; all in one transaction. It returns the game and all its
	// seats as the join left them. Errors: models.ErrNotFound,
	// models.ErrGameFull, models.ErrNotLobby.
	JoinSeat(ctx context.Context, gameID, name string, opts models.JoinOpts) (seat int, g *models.Game, seats []models.Seat, err error)
	// AppendAction inserts log entry a.Seq and sets the status ("" keeps
	// it), with key when set, in one transaction; after is the version the entry follows, and
	// the answer's is the next. When a.Seq is taken (a racing request won)
	// it returns models.ErrConflict and changes nothing.
	AppendAction(ctx context.Context, a models.Action, status string, after int64, key *models.Idempotency) (*models.Appended, error)
	// LeaveLobby frees a lobby's seat held by occupant and bumps the
	// version, cancelling the lobby when no person is left. Errors:
	// models.ErrNotFound, models.ErrNotLobby, models.ErrNotOccupant.
	LeaveLobby(ctx context.Context, gameID string, seat int, occupant string) (*models.Game, error)
	// TakeOver appends a (a seat leaving an active game) and hands the seat
	// to the bot strategy bot under a new occupant, in one transaction; the
	// (game, seq) key decides races (models.ErrConflict), and the seat must
	// still be occupant's (models.ErrNotOccupant).
	TakeOver(ctx context.Context, a models.Action, occupant, bot string) (*models.Game, error)
	// SetDeadline records when something is next due in a game (nil:
	// nothing), unless the game is past version.
	SetDeadline(ctx context.Context, id string, version int64, deadline *time.Time) error
	// DueGames lists lobbies and active games whose deadline is at or
	// before now, the most overdue first.
	DueGames(ctx context.Context, now time.Time, limit int) ([]string, error)
	// CancelLobby cancels a lobby still at version (models.ErrConflict else).
	CancelLobby(ctx context.Context, id string, version int64) (*models.Game, error)
	// CountGames counts games by status.
	CountGames(ctx context.Context) (map[string]int64, error)
	// ListGames pages through games, newest first, optionally of one status.
	ListGames(ctx context.Context, status string, limit int, cursor string) (games []models.Game, next string, err error)
	// SigningSecret returns the JWT secret kept in the database, creating it once.
	SigningSecret(ctx context.Context) ([]byte, error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// GameVersion returns a game's version (models.ErrNotFound when there is
	// none), without its seats and log.
	GameVersion(ctx context.Context, id string) (models.Stamp, error)
	// WriteNote sets a seat's note on a card ("" removes it) in an active
	// game whose seat occupant still holds, and returns the game's new
	// notes_rev. Errors: models.ErrNotFound, models.ErrNotActive,
	// models.ErrNotOccupant.
	WriteNote(ctx context.Context, gameID string, seat int, occupant string, card int, text string) (int64, error)
	// LoadNotes returns a game's notes by seat and card.
	LoadNotes(ctx context.Context, gameID string) ([]models.Note, error)
	// ProbeWrite proves that the database takes a write.
	ProbeWrite(ctx context.Context) error
	// LookupIdempotency and CompleteIdempotency keep Idempotency-Keys; the
	// writes above record the key they are given with their change.
	LookupIdempotency(ctx context.Context, scope, key string) (*models.Idempotency, error)
	CompleteIdempotency(ctx context.Context, rec models.Idempotency, changed bool) (kept bool, err error)
	// Subscribe returns a channel that receives after every change to the
	// game, from this process or (on Postgres) another replica, and a cancel.
	// It holds no database connection while the caller waits.
	Subscribe(gameID string) (<-chan struct{}, func())
}
