package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

// Appended is what an append left of its game: the only columns a move
// changes.
type Appended struct {
	GameID    string
	Version   int64
	Status    string
	UpdatedAt time.Time
}

// AppendAction inserts log entry a.Seq, bumps the version and sets the
// status (status "" keeps it), in one transaction. The primary key
// (game_id, seq) decides races: when a.Seq is taken it returns ErrConflict
// and changes nothing. An a.Seq past the end of the log is refused the same
// way, so the log never has a gap. An unknown game gives ErrNotFound.
func (s *Store) AppendAction(ctx context.Context, a Action, status string) (*Appended, error) {
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
		g, err = s.appends.do(ctx, appendReq{a: a, status: status})
	} else {
		var row *Game
		if row, err = s.appendTx(ctx, a, status, nil); err == nil {
			g = &Appended{GameID: row.ID, Version: row.Version, Status: row.Status, UpdatedAt: row.UpdatedAt}
		}
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
	s.changed(a.GameID, g.Version)
	g.UpdatedAt = g.UpdatedAt.UTC()
	return g, nil
}

// appendedColumns are what an append returns, in the order appendedFields
// scans them.
const appendedColumns = "id, version, status, updated_at"

func appendedFields(g *Appended) []any { return []any{&g.GameID, &g.Version, &g.Status, &g.UpdatedAt} }

// appendReq is one AppendAction call waiting for its batch.
type appendReq struct {
	a      Action
	status string
}

// sameGame keeps two entries of one game out of one batch: the second needs
// the first committed (its previous entry), so it waits for the next.
func sameGame(a, b appendReq) bool { return a.a.GameID == b.a.GameID }

// appendTx appends a in a transaction; also, when set, runs in it too.
func (s *Store) appendTx(ctx context.Context, a Action, status string, also func(tx *gorm.DB) error) (*Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := recordIdempotency(ctx, tx); err != nil {
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
		upd := map[string]any{"version": gorm.Expr("version + 1"), "updated_at": a.CreatedAt}
		if status != "" {
			upd["status"] = status
		}
		res := tx.Model(&Game{}).Where("id = ?", a.GameID).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return tx.Where("id = ?", a.GameID).Take(&g).Error
	})
	return &g, err
}

// appendPostgresSQL does the whole append in one statement, hence one round
// trip: insert the entry if the game exists and the previous entry is there
// (seq 0 needs none) and its seq is free, bump the game and return it. No
// row back means the seq was taken or skipped, or the game is unknown: it
// never fails for that, so that it can share a transaction with others.
const appendPostgresSQL = `
WITH ins AS (
	INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
	SELECT $1::varchar, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::boolean, $9::timestamptz
	WHERE ($2::integer = 0 AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar))
		OR EXISTS (SELECT 1 FROM actions WHERE game_id = $1::varchar AND seq = $2::integer - 1)
	ON CONFLICT (game_id, seq) DO NOTHING
	RETURNING game_id
)
UPDATE games SET version = version + 1,
	status = COALESCE(NULLIF($10::varchar, ''), status),
	updated_at = $9::timestamptz
WHERE id = (SELECT game_id FROM ins)
RETURNING ` + appendedColumns

// appendPostgres appends one entry alone (see appendsPostgres for many).
func (s *Store) appendPostgres(ctx context.Context, a Action, status string) (*Appended, error) {
	var g Appended
	err := s.pg.QueryRow(ctx, appendPostgresSQL, a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt, status).
		Scan(appendedFields(&g)...)
	switch {
	case err == nil:
		return &g, nil
	case errors.Is(err, pgx.ErrNoRows):
		return nil, s.refused(ctx, a.GameID)
	}
	return nil, err
}
