package play

import (
	"context"
	"errors"
	"time"
)

// Store is what play needs from storage, in play's own types and errors, so
// that storage depends on play and not the other way round: models.Store
// implements it, and only cmd/ knows both.
type Store interface {
	// CreateGame inserts a game and its initially taken seats (the creator's
	// and any bots') in one transaction, with key when set.
	CreateGame(ctx context.Context, g *GameRow, seats []Seat, key *Key) error
	// LoadGame returns the game, its seats by seat number and its log by seq,
	// or ErrNotFound.
	LoadGame(ctx context.Context, id string) (*GameRow, []Seat, []Entry, error)
	// ChangeLobby makes c to the lobby gameID, and records its key when
	// set, in one transaction, only while the game is a lobby at version
	// after: it moves the version on by one and sets the status, the time
	// of the change and the deadline c gives, takes c.Take's seat (which
	// must be free) or frees c.Free's (which c.Free.Occupant must hold).
	// Anything else changes nothing and is ErrConflict (ErrKeyTaken: the
	// key).
	ChangeLobby(ctx context.Context, gameID string, after int64, c LobbyChange) error
	// AppendAction inserts log entry e.Seq of game gameID and sets the
	// status ("" keeps it), with key when set, in one transaction; after is
	// the version the entry follows, and the answer's is the next. When e.Seq
	// is taken (a racing request won) it returns ErrConflict and changes
	// nothing.
	AppendAction(ctx context.Context, gameID string, e Entry, status string, after int64, key *Key) (*Appended, error)
	// TakeOver appends e (a seat leaving an active game) and hands the seat
	// to the bot strategy bot under a new occupant, in one transaction; the
	// (game, seq) key decides races (ErrConflict), and the seat must still
	// be occupant's (ErrRevoked).
	TakeOver(ctx context.Context, gameID string, e Entry, occupant, bot string) (*GameRow, error)
	// SetDeadline records when something is next due in a game (nil:
	// nothing), unless the game is past version.
	SetDeadline(ctx context.Context, id string, version int64, deadline *time.Time) error
	// DueGames lists lobbies and active games whose deadline is at or
	// before now, the most overdue first.
	DueGames(ctx context.Context, now time.Time, limit int) ([]string, error)
	// CountGames counts games by status.
	CountGames(ctx context.Context) (map[string]int64, error)
	// ListGames pages through games, newest first, optionally of one
	// status; the store caps limit at its largest page.
	ListGames(ctx context.Context, status string, limit int, cursor string) (games []GameRow, next string, err error)
	// SigningSecret returns the JWT secret kept in the database, creating it once.
	SigningSecret(ctx context.Context) ([]byte, error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// GameVersion returns a game's version (ErrNotFound when there is
	// none), without its seats and log.
	GameVersion(ctx context.Context, id string) (Stamp, error)
	// WriteNote sets n (an empty text removes the note) and moves the
	// game's notes revision on from after, only while the game is active
	// at that revision and occupant holds n's seat (ErrConflict else).
	WriteNote(ctx context.Context, gameID string, after int64, n Note, occupant string) error
	// LoadNotes returns a game's notes by seat and card.
	LoadNotes(ctx context.Context, gameID string) ([]Note, error)
	// ProbeWrite proves that the database takes a write.
	ProbeWrite(ctx context.Context) error
	// Unavailable tells whether err, from this store, means that the
	// database cannot serve now (unreachable, refusing connections,
	// shutting down, out of room, taking no writes) rather than that the
	// request was wrong: the caller may retry later. The store knows its
	// drivers' errors; play does not.
	Unavailable(err error) bool
	// LookupIdempotency (ErrNotFound: no such key) and KeepRefusal keep
	// Idempotency-Keys; the writes above record the key they are given,
	// with its answer, with their change.
	LookupIdempotency(ctx context.Context, scope, key string) (*Answer, error)
	KeepRefusal(ctx context.Context, scope, key string, a Answer) (kept bool, err error)
	// Listen sets the one function the store calls when another replica
	// announces a change: the game and the stamp the change left it at (0
	// for a part the writer did not know), or "" and a zero stamp when any
	// game may have changed unannounced. This process's own changes are
	// never announced to it: its tables publish them.
	Listen(heard func(gameID string, st Stamp))
}

// GameRow is a game as the store keeps it: the options stay the JSON they
// are stored as (play reads them into Settings, which the store leaves
// zero), and Deadline is the index of when something is next due in it
// (see SetDeadline), which no State carries.
type GameRow struct {
	Record
	Options  string
	Deadline *time.Time
}

// Appended is what an append changed in its game besides the status its
// caller set: enough to move a copy of the game on without reading it.
type Appended struct {
	Version   int64
	UpdatedAt time.Time
}

// Stamp is what a copy of a game must match to be current: notes change
// apart from the version.
type Stamp struct {
	Version  int64
	NotesRev int64
}

// ErrConflict is the store's refusal of a change that another got to first:
// the log's next seq was taken, or the game moved on from the version the
// change was decided on. play decides about it rather than passes it on.
var ErrConflict = errors.New("another change was made first")
