package models

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// AppendAction inserts log entry e.Seq of game gameID and sets the status
// (status "" keeps it), with key when set (play.ErrKeyTaken when another
// request has it), in one transaction. The primary key (game_id, seq)
// decides races: when e.Seq is taken it returns play.ErrConflict and
// changes nothing. An e.Seq past the end of the log is refused the same
// way, so the log never has a gap. An unknown game gives play.ErrNotFound.
//
// after is the game's version that the entry follows, as the caller's copy
// of the game has it; the answer's version is the next. A game's version
// changes outside its log only while it has none (see Game.Version), so a
// copy whose log reaches e.Seq entries has it right, and the move needs no
// read of the game's row.
func (s *Store) AppendAction(ctx context.Context, gameID string, e play.Entry, status string, after int64, key *play.Key) (*play.Appended, error) {
	switch status {
	case "", play.StatusLobby, play.StatusActive, play.StatusFinished, play.StatusCancelled:
	default:
		return nil, fmt.Errorf("models: unknown game status %q", status)
	}
	if e.Seq < 0 {
		return nil, play.ErrConflict
	}
	a := actionOf(gameID, e)
	if a.CreatedAt.IsZero() {
		a.CreatedAt = now()
	}
	// One round trip, shared with the moves of other games that arrive
	// meanwhile; a move's idempotency key goes in with it.
	g, err := s.appends.do(ctx, appendReq{a: a, status: status, after: after, key: key})
	switch {
	case err == nil:
	case errors.Is(err, play.ErrKeyTaken):
		return nil, err
	case errors.Is(err, play.ErrConflict), isUniqueViolation(err):
		return nil, play.ErrConflict
	case errors.Is(err, play.ErrNotFound), errors.Is(err, gorm.ErrRecordNotFound), isForeignKeyViolation(err):
		return nil, play.ErrNotFound
	default:
		return nil, err
	}
	s.announce(a.GameID, play.Stamp{Version: g.Version})
	g.UpdatedAt = g.UpdatedAt.UTC()
	return g, nil
}

// appendReq is one AppendAction call waiting for its batch.
type appendReq struct {
	a      Action
	status string
	after  int64
	// key, when set, is recorded with the entry, in the same transaction:
	// a key already taken refuses the entry (play.ErrKeyTaken).
	key *play.Key
}

// sameGame keeps two entries of one game out of one batch: the second needs
// the first committed (its previous entry), so it waits for the next.
func sameGame(a, b appendReq) bool { return a.a.GameID == b.a.GameID }

// appendTx appends a in a transaction, with key when set; also, when set,
// runs in it too. It returns the game as the append left it.
func (s *Store) appendTx(ctx context.Context, a Action, status string, key *play.Key, also func(tx *gorm.DB) error) (*Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := recordKey(tx, key); err != nil {
			return err
		}
		if err := tx.Where("id = ?", a.GameID).Take(&g).Error; err != nil {
			return err
		}
		if err := tx.Create(&a).Error; err != nil {
			return err
		}
		if a.Seq > 0 {
			var n int64
			if err := tx.Model(&Action{}).Where("game_id = ? AND seq = ?", a.GameID, a.Seq-1).Count(&n).Error; err != nil {
				return err
			}
			if n == 0 {
				return play.ErrConflict
			}
		}
		if also != nil {
			if err := also(tx); err != nil {
				return err
			}
		}
		if status != "" && status != g.Status {
			if err := tx.Model(&Game{}).Where("id = ?", a.GameID).Update("status", status).Error; err != nil {
				return err
			}
			g.Status = status
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	withLog(&g, &a)
	return &g, nil
}

// appendAlone appends r in a transaction of its own (see appendTx): the
// way of a move whose batch failed.
func (s *Store) appendAlone(ctx context.Context, r appendReq) (*play.Appended, error) {
	g, err := s.appendTx(ctx, r.a, r.status, r.key, nil)
	if err != nil {
		return nil, err
	}
	return &play.Appended{Version: g.Version, UpdatedAt: g.UpdatedAt}, nil
}

// appendPostgresSQL does the whole append in one statement, hence one round
// trip: insert the entry if the game exists and the previous entry is there
// (seq 0 needs none) and its seq is free. No row back means the seq was
// taken or skipped, or the game is unknown: it never fails for that, so that
// it can share a transaction with others. A move writes nothing but its
// entry; the one that ends the game also sets its status
// (appendEndPostgresSQL).
const appendPostgresSQL = `
INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
SELECT $1::varchar, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::boolean, $9::timestamptz
WHERE ` + appendFollows + `
ON CONFLICT (game_id, seq) DO NOTHING
RETURNING game_id`

// appendFollows holds when entry $2 of game $1 would follow its log: the
// game exists and, past seq 0, the previous entry is there.
const appendFollows = `(($2::integer = 0 AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar))
	OR EXISTS (SELECT 1 FROM actions WHERE game_id = $1::varchar AND seq = $2::integer - 1))`

// appendEndPostgresSQL is appendPostgresSQL for a move that changes the
// game's status ($10) as well.
const appendEndPostgresSQL = `
WITH ins AS (
	INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
	SELECT $1::varchar, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::boolean, $9::timestamptz
	WHERE ` + appendFollows + `
	ON CONFLICT (game_id, seq) DO NOTHING
	RETURNING game_id
), upd AS (
	UPDATE games SET status = $10::varchar WHERE id = (SELECT game_id FROM ins) AND status <> $10::varchar
)
SELECT game_id FROM ins`

// A move with an idempotency key takes three statements of its batch, in
// its transaction: keyPostgresSQL records the key (nothing when it is
// taken), with the move's answer when it rendered one; the move's statement
// then inserts the entry only while that very record (its stamp, $9) is
// there (keyHeld, whose scope and key are the parameters after the move's
// own); keyDropPostgresSQL takes the record back when the entry did not go
// in. The key and the move commit together or not at all, as in a
// transaction of their own.
const (
	keyPostgresSQL = `INSERT INTO idempotency (scope, idem_key, hash, created_at, body)
VALUES ($1::varchar, $2::varchar, $3::varchar, $4::timestamptz, $5::bytea) ON CONFLICT DO NOTHING RETURNING 1`
	keyDropPostgresSQL = `DELETE FROM idempotency WHERE scope = $1::varchar AND idem_key = $2::varchar AND created_at = $3::timestamptz
	AND NOT EXISTS (SELECT 1 FROM actions WHERE game_id = $4::varchar AND seq = $5::integer AND created_at = $3::timestamptz)`
)

// keyHeld is the condition a keyed move's insert adds: its key's record,
// with parameters scope and key, is the one its batch just wrote.
func keyHeld(scope, key string) string {
	return ` AND EXISTS (SELECT 1 FROM idempotency WHERE scope = ` + scope + `::varchar AND idem_key = ` + key +
		`::varchar AND created_at = $9::timestamptz)`
}

// The keyed moves' statements.
var (
	appendKeyedPostgresSQL    = strings.Replace(appendPostgresSQL, "\nON CONFLICT", keyHeld("$10", "$11")+"\nON CONFLICT", 1)
	appendEndKeyedPostgresSQL = strings.Replace(appendEndPostgresSQL, "\n\tON CONFLICT", keyHeld("$11", "$12")+"\n\tON CONFLICT", 1)
)

// appendSQL is the statement that appends r, and r's values for it.
func (r appendReq) appendSQL() (string, []any) {
	a := r.a
	args := []any{a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt}
	if r.status == "" {
		return appendPostgresSQL, args
	}
	return appendEndPostgresSQL, append(args, r.status)
}

// appendAgain appends r alone after its batch failed. The batch may have
// committed and lost only its answer (a connection reset after the commit):
// then r's entry is there already, the very move (the same payload,
// stamped at the same instant), and r is applied; its caller must not be
// told it lost a race it won.
func (s *Store) appendAgain(ctx context.Context, r appendReq) (*play.Appended, error) {
	mine, err := s.ownEntry(ctx, r.a)
	switch {
	case err != nil:
		return nil, err
	case mine:
		return r.appended(), nil
	case r.key != nil || s.pg == nil:
		return s.appendAlone(ctx, r)
	}
	return s.appendPostgres(ctx, r)
}

// appendPostgres appends one entry alone (see appendsPostgres for many).
func (s *Store) appendPostgres(ctx context.Context, r appendReq) (*play.Appended, error) {
	sql, args := r.appendSQL()
	var id string
	err := s.pg.QueryRow(ctx, sql, args...).Scan(&id)
	switch {
	case err == nil:
		return r.appended(), nil
	case errors.Is(err, pgx.ErrNoRows):
		return nil, s.refused(ctx, r.a.GameID)
	}
	return nil, err
}

// appended is what a successful append of r left.
func (r appendReq) appended() *play.Appended {
	return &play.Appended{Version: r.after + 1, UpdatedAt: r.a.CreatedAt}
}
