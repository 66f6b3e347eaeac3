package models

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// On SQLite every write goes through one connection, so moves queue there
// anyway: the moves that arrive while one transaction is under way commit
// together in the next, one BEGIN and one COMMIT for all of them.

// appendSQLiteInsert inserts an entry when its game exists and its previous
// entry is there (seq 0 needs none) and its seq is free; it inserts nothing
// otherwise and never fails for that, so that one refused entry leaves the
// rest of its transaction alone.
const appendSQLiteInsert = `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
WHERE (? = 0 AND EXISTS (SELECT 1 FROM games WHERE id = ?))
	OR EXISTS (SELECT 1 FROM actions WHERE game_id = ? AND seq = ? - 1)
ON CONFLICT (game_id, seq) DO NOTHING`

func (s *Store) appendsSQLite(ctx context.Context, calls []*call[appendReq, *Game]) {
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		for _, c := range calls {
			a := c.req.a
			res := tx.Exec(appendSQLiteInsert, a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt,
				a.Seq, a.GameID, a.GameID, a.Seq)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				c.res, c.err = nil, errNotAppended
				continue
			}
			upd := map[string]any{"version": gorm.Expr("version + 1"), "updated_at": a.CreatedAt}
			if c.req.status != "" {
				upd["status"] = c.req.status
			}
			if err := tx.Model(&Game{}).Where("id = ?", a.GameID).Updates(upd).Error; err != nil {
				return err
			}
			var g Game
			if err := tx.Where("id = ?", a.GameID).Take(&g).Error; err != nil {
				return err
			}
			c.res, c.err = &g, nil
		}
		return nil
	})
	if err != nil {
		// The transaction is gone: each entry is tried alone, so that an
		// error is only ever its own.
		for _, c := range calls {
			c.res, c.err = s.appendTx(ctx, c.req.a, c.req.status, nil)
		}
		return
	}
	for _, c := range calls {
		if errors.Is(c.err, errNotAppended) {
			c.err = s.refusedSQLite(ctx, c.req.a.GameID)
		}
	}
}

// refusedSQLite tells why an append inserted nothing: the game does not
// exist, or the seq was not the next free one.
func (s *Store) refusedSQLite(ctx context.Context, gameID string) error {
	var n int64
	if err := s.r.WithContext(ctx).Model(&Game{}).Where("id = ?", gameID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return ErrConflict
}
