package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

// Appended is what an append changed in its game (besides the status its
// caller set).
type Appended struct {
	GameID    string
	Version   int64
	UpdatedAt time.Time
}

// AppendAction inserts log entry a.Seq and sets the status (status "" keeps
// it), in one transaction. The primary key (game_id, seq) decides races:
// when a.Seq is taken it returns ErrConflict and changes nothing. An a.Seq
// past the end of the log is refused the same way, so the log never has a
// gap. An unknown game gives ErrNotFound.
//
// after is the game's version that the entry follows, as the caller's copy
// of the game has it; the answer's version is the next. A game's version
// changes outside its log only while it has none (see Game.Version), so a
// copy whose log reaches a.Seq entries has it right, and the move needs no
// read of the game's row.
func (s *Store) AppendAction(ctx context.Context, a Action, status string, after int64) (*Appended, error) {
	switch status {
	case "", StatusLobby, StatusActive, StatusFinished, StatusCancelled:
	default:
		return nil, fmt.Errorf("models: unknown game status %q", status)
	}
	if a.Seq < 0 {
		return nil, ErrConflict
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = now()
	}
	var (
		g   *Appended
		err error
	)
	if s.appends != nil && idempotencyOf(ctx) == nil {
		// One statement, one round trip, shared with the moves of other
		// games that arrive meanwhile; a move with an idempotency key takes
		// the transaction, which records the key with it.
		g, err = s.appends.do(ctx, appendReq{a: a, status: status, after: after})
	} else {
		g, err = s.appendAlone(ctx, a, status)
	}
	switch {
	case err == nil:
	case errors.Is(err, ErrIdempotencyKeyTaken):
		return nil, err
	case errors.Is(err, ErrConflict), isUniqueViolation(err):
		return nil, ErrConflict
	case errors.Is(err, ErrNotFound), errors.Is(err, gorm.ErrRecordNotFound), isForeignKeyViolation(err):
		return nil, ErrNotFound
	default:
		return nil, err
	}
	s.changed(a.GameID)
	g.UpdatedAt = g.UpdatedAt.UTC()
	return g, nil
}

// appendReq is one AppendAction call waiting for its batch.
type appendReq struct {
	a      Action
	status string
	after  int64
}

// sameGame keeps two entries of one game out of one batch: the second needs
// the first committed (its previous entry), so it waits for the next.
func sameGame(a, b appendReq) bool { return a.a.GameID == b.a.GameID }

// appendTx appends a in a transaction; also, when set, runs in it too. It
// returns the game as the append left it.
func (s *Store) appendTx(ctx context.Context, a Action, status string, also func(tx *gorm.DB) error) (*Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := recordIdempotency(ctx, tx); err != nil {
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
				return ErrConflict
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

// appendAlone appends a in a transaction of its own (see appendTx).
func (s *Store) appendAlone(ctx context.Context, a Action, status string) (*Appended, error) {
	g, err := s.appendTx(ctx, a, status, nil)
	if err != nil {
		return nil, err
	}
	return &Appended{GameID: g.ID, Version: g.Version, UpdatedAt: g.UpdatedAt}, nil
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
WHERE ($2::integer = 0 AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar))
	OR EXISTS (SELECT 1 FROM actions WHERE game_id = $1::varchar AND seq = $2::integer - 1)
ON CONFLICT (game_id, seq) DO NOTHING
RETURNING game_id`

// appendEndPostgresSQL is appendPostgresSQL for a move that changes the
// game's status ($10) as well.
const appendEndPostgresSQL = `
WITH ins AS (
	INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
	SELECT $1::varchar, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::boolean, $9::timestamptz
	WHERE ($2::integer = 0 AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar))
		OR EXISTS (SELECT 1 FROM actions WHERE game_id = $1::varchar AND seq = $2::integer - 1)
	ON CONFLICT (game_id, seq) DO NOTHING
	RETURNING game_id
), upd AS (
	UPDATE games SET status = $10::varchar WHERE id = (SELECT game_id FROM ins) AND status <> $10::varchar
)
SELECT game_id FROM ins`

// appendSQL is the statement that appends r, and r's values for it.
func (r appendReq) appendSQL() (string, []any) {
	a := r.a
	args := []any{a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt}
	if r.status == "" {
		return appendPostgresSQL, args
	}
	return appendEndPostgresSQL, append(args, r.status)
}

// appendPostgres appends one entry alone (see appendsPostgres for many).
func (s *Store) appendPostgres(ctx context.Context, r appendReq) (*Appended, error) {
	sql, args := r.appendSQL()
	var id string
	err := s.pg.QueryRow(ctx, sql, args...).Scan(&id)
	switch {
	case err == nil:
		return r.appended(), nil
	case errors.Is(err, pgx.ErrNoRows):
		// Tried again after its batch failed, the entry may be there
		// already: the batch committed but its answer was lost.
		mine, err := s.ownEntry(ctx, r.a)
		switch {
		case err != nil:
			return nil, err
		case mine:
			return r.appended(), nil
		}
		return nil, s.refused(ctx, r.a.GameID)
	}
	return nil, err
}

// appended is what a successful append of r left.
func (r appendReq) appended() *Appended {
	return &Appended{GameID: r.a.GameID, Version: r.after + 1, UpdatedAt: r.a.CreatedAt}
}
