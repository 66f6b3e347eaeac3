package play

import (
	"context"
	"errors"
	"time"
)

// Store is what play needs from storage, in play's own types and errors, so
// that storage depends on play and not the other way round: models.Store
// implements it, and only cmd/ knows both. play decides every change; the
// store makes it whole or not at all, guarded by the version (or the log's
// seq, or the notes' revision) it was decided on, and refuses it with
// ErrConflict when another change got there first.
type Store interface {
	// CreateGame inserts a game and its initially taken seats (the creator's
	// and any bots') in one transaction, with key when set; a rematch (see
	// GameRow.From) marks the game it plays again in the same one.
	CreateGame(ctx context.Context, g *GameRow, seats []Seat, key *Key) error
	// LoadGame returns the game as stored, from one snapshot, or
	// ErrNotFound.
	LoadGame(ctx context.Context, id string) (*Stored, error)
	// GameVersion returns a game's stamp (ErrNotFound when there is none),
	// without reading the rest of it.
	GameVersion(ctx context.Context, id string) (Stamp, error)
	// Append appends a.Entry to game gameID's log, after version a.After,
	// with what goes with it, in one transaction; when a.Entry.Seq is not
	// the log's next (a racing move won) it changes nothing and answers
	// ErrConflict; ErrRevoked when a take-over's seat is no longer the
	// leaver's; ErrKeyTaken when another request holds a.Key.
	Append(ctx context.Context, gameID string, a Append) error
	// ChangeLobby makes c to the lobby gameID, and records its key when
	// set, in one transaction, only while the game is a lobby at version
	// after: it moves the version on by one and sets the status, the time
	// of the change and the deadline c gives, takes c.Take's seat (which
	// must be free) or frees c.Free's (which c.Free.Occupant must hold).
	// Anything else changes nothing and is ErrConflict (ErrKeyTaken: the
	// key).
	ChangeLobby(ctx context.Context, gameID string, after int64, c LobbyChange) error
	// WriteNote sets n (an empty text removes the note) and moves the
	// game's notes revision on from after, only while the game is active
	// at that revision and occupant holds n's seat (ErrConflict else).
	WriteNote(ctx context.Context, gameID string, after int64, n Note, occupant string) error
	// Say adds l to the game's chat and moves its side revision (notes
	// revision) on from after, in one transaction: l.Line must be the
	// chat's next (ErrConflict else, or when the revision moved on).
	Say(ctx context.Context, gameID string, after int64, l Line) error
	// SetDeadline records when something is next due in a game (nil:
	// nothing), unless the game is past version.
	SetDeadline(ctx context.Context, id string, version int64, deadline *time.Time) error
	// DueGames lists lobbies and active games whose deadline is at or
	// before now, the most overdue first.
	DueGames(ctx context.Context, now time.Time, limit int) ([]string, error)
	// CountGames counts games by status.
	CountGames(ctx context.Context) (map[string]int64, error)
	// ListGames pages through games, newest first, optionally of one
	// status, and private tables too only when unlisted (the public list
	// leaves them out; settling at start must not); the store caps limit at
	// its largest page. A cursor it did not hand out is ErrBadCursor.
	ListGames(ctx context.Context, status string, unlisted bool, limit int, cursor string) (games []GameRow, next string, err error)
	// LookupIdempotency (ErrNotFound: no such key) and KeepRefusal keep
	// Idempotency-Keys; the writes above record the key they are given,
	// with its answer, with their change.
	LookupIdempotency(ctx context.Context, scope, key string) (*Answer, error)
	KeepRefusal(ctx context.Context, scope, key string, a Answer) (kept bool, err error)
	// SigningSecret returns the JWT secret kept in the database, creating it once.
	SigningSecret(ctx context.Context) ([]byte, error)
	// ProbeWrite proves that the database takes a write.
	ProbeWrite(ctx context.Context) error
	// Unavailable tells whether err, from this store, means that the
	// database cannot serve now (unreachable, refusing connections,
	// shutting down, out of room, taking no writes) rather than that the
	// request was wrong: the caller may retry later. The store knows its
	// drivers' errors; play does not.
	Unavailable(err error) bool
	// Listen sets the one function the store calls for every change it
	// hears of, this process's own too, in commit order: the game and the
	// stamp it left, or "" and a zero stamp when any game may have changed
	// unheard (the listener lost its connection).
	Listen(heard func(gameID string, st Stamp))
	// Barrier returns once every change committed before the call has
	// been handed to Listen, with the listening (epoch, not 0) that heard
	// them; ErrNoBarrier: no listener, or one away or late.
	Barrier(ctx context.Context) (uint64, error)
}

// ErrNoBarrier: the store cannot prove now what it has heard.
var ErrNoBarrier = errors.New("no barrier: the store cannot prove what it has heard")

// GameRow is a game as the store keeps it: the options stay the JSON they
// are stored as (play reads them into Settings, which the store leaves
// zero), and Deadline is the index of when something is next due in it
// (see SetDeadline), which no State carries.
type GameRow struct {
	Record
	Options  string
	Deadline *time.Time
	// FirstSeat is the seat to act first in a game that starts as it is
	// made (bots in every other seat).
	FirstSeat int
	// From, when set, is the finished game this one plays again: the
	// store makes this game its Next, and moves its version on, in the
	// creation's transaction, and only while it has no Next and is at
	// version FromVersion (ErrConflict else, and nothing is written).
	From        string
	FromVersion int64
	// Deal, when set, is the shared deal a game that starts as it is made
	// deals (DealName): its seated players claim it in the creation's
	// transaction, and a player who has claimed it before makes the store
	// refuse the game (ErrConflict), as two tables starting at one instant
	// would otherwise both deal it to them.
	Deal string
	// Guest, when set, are the keys of the name of the guest the game is
	// made for: the store makes it only while no account has one of them
	// (ErrLookAlike else, and nothing is written).
	Guest *NameKeys
}

// Stored is a game as LoadGame reads it: its row, its seats by seat
// number, its log by seq and its notes by seat and card.
type Stored struct {
	GameRow
	// StartedAt is the row's own time of its last change, which no entry
	// of the log moves on: for an active game, when it began (UpdatedAt
	// counts the log's last entry too).
	StartedAt time.Time
	Seats     []Seat
	Log       []Entry
	Notes     []Note
	Chat      []Line
}

// Append is one entry for a game's log and what goes with it, in its
// transaction: the version it follows; the game's status after it ("":
// unchanged); the request's idempotency key; and, for a seat that leaves an
// active game, the seat as a bot takes it over (TakeOver: its number, the
// bot's strategy and the new occupant) from Leaver, who must still hold it.
type Append struct {
	Entry    Entry
	After    int64
	Status   string
	Key      *Key
	TakeOver *Seat
	Leaver   string
	// End is the result of the game the entry ends: the store keeps it,
	// with the history and statistics of the game's signed-in players, in
	// the append's transaction, so that a game's end is counted once and
	// never lost.
	End *GameEnd
	// TurnOf, when not -1, is the seat to act after the entry: its
	// signed-in player, if any, is told it is their turn.
	TurnOf int
}

// GameEnd is a finished game's result as history and statistics keep it.
type GameEnd struct {
	Variant string
	Players int
	Seed    string
	Score   int
	// Perfect: the variant's highest score; Strikeout: the storms ended it.
	Perfect, Strikeout bool
	Reason             string
	Turns              int
	// Abandoned: the seats or the clock ended it (engine.EndReason.Forced),
	// not its cards: its result is on no leaderboard and the statistics
	// count it apart, in no average nor best.
	Abandoned bool
	// Guests: no seat holds a signed-in player, nor was left by one: the
	// game is nobody's history and in no player's statistics, and nobody
	// is told it ended, so that the store may skip writing them.
	Guests bool
}

// Stamp is what a copy of a game must match to be current: notes change
// apart from the version.
type Stamp struct {
	Version  int64
	NotesRev int64
}

// holds tells whether a copy at s holds every change o counts (both grow).
func (s Stamp) holds(o Stamp) bool { return s.Version >= o.Version && s.NotesRev >= o.NotesRev }

// stamp is st's.
func (st *State) stamp() Stamp { return Stamp{st.Version, st.NotesRev} }

// NameKeys are the keys of a guest's name that no account's may share (see
// Config.GuestKeys): the store writes a guest's seat only while none has
// one of them, and else refuses the change with ErrLookAlike.
type NameKeys struct{ Fold, Skeleton, Lower string }

// ErrLookAlike is the store's refusal of a guest's seat whose name an
// account has, or looks like, now (NameKeys).
var ErrLookAlike = errors.New("the guest's name is an account's")

// ErrConflict is the store's refusal of a change that another got to first:
// the log's next seq was taken, or the game moved on from the version the
// change was decided on. play decides about it rather than passes it on.
var ErrConflict = errors.New("another change was made first")
