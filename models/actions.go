package models

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// AppendAction inserts log entry a.Seq, bumps the version and sets the
// status (status "" keeps it), in one transaction. The primary key
// (game_id, seq) decides races: when a.Seq is taken it returns ErrConflict
// and changes nothing. An a.Seq past the end of the log is refused the same
// way, so the log never has a gap. An unknown game gives ErrNotFound.
func (s *Store) AppendAction(ctx context.Context, a Action, status string) (*Game, error) {
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
		g   *Game
		err error
	)
	if s.dialect == dialectPostgres && idempotencyOf(ctx) == nil {
		// One statement, one round trip; a move with an idempotency key
		// takes the transaction, which records the key with it.
		g, err = s.appendPostgres(ctx, a, status)
	} else {
		g, err = s.appendTx(ctx, a, status, nil)
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
	g.utc()
	return g, nil
}

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
// trip and an implicit transaction: insert the entry if the previous one
// exists, bump the game and return it. No row back means the previous entry is missing or the
// game is unknown; a taken seq is a unique violation.
const appendPostgresSQL = `
WITH ins AS (
	INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
	SELECT CAST(? AS varchar), CAST(? AS integer), CAST(? AS integer), CAST(? AS integer),
		CAST(? AS integer), CAST(? AS integer), CAST(? AS integer), CAST(? AS boolean), CAST(? AS timestamptz)
	WHERE CAST(? AS integer) = 0
		OR EXISTS (SELECT 1 FROM actions WHERE game_id = CAST(? AS varchar) AND seq = CAST(? AS integer) - 1)
	RETURNING game_id
), upd AS (
	UPDATE games SET version = version + 1,
		status = COALESCE(NULLIF(CAST(? AS varchar), ''), status),
		updated_at = CAST(? AS timestamptz)
	WHERE id = (SELECT game_id FROM ins)
	RETURNING id, variant, options, seed, players, status, version, created_at, updated_at
)
SELECT * FROM upd`

func (s *Store) appendPostgres(ctx context.Context, a Action, status string) (*Game, error) {
	var rows []Game
	err := s.w.WithContext(ctx).Raw(appendPostgresSQL,
		a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt,
		a.Seq, a.GameID, a.Seq,
		status, a.CreatedAt,
	).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 1 {
		return &rows[0], nil
	}
	var n int64
	if err := s.r.WithContext(ctx).Model(&Game{}).Where("id = ?", a.GameID).Count(&n).Error; err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	return nil, ErrConflict
}
