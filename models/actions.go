package models

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// AppendAction inserts log entry a.Seq, bumps the version and sets the
// status, in one transaction. The primary key (game_id, seq) decides races:
// when a.Seq is taken it returns ErrConflict and changes nothing. An a.Seq
// past the end of the log is refused the same way, so the log never has a
// gap. An unknown game gives ErrNotFound.
func (s *Store) AppendAction(ctx context.Context, a Action, status string) (*Game, error) {
	switch status {
	case "", StatusLobby, StatusActive, StatusFinished:
	default:
		return nil, fmt.Errorf("models: unknown game status %q", status)
	}
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if a.CreatedAt.IsZero() {
			a.CreatedAt = now()
		}
		if a.Seq < 0 {
			return ErrConflict
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
		if err := tx.Where("id = ?", a.GameID).Take(&g).Error; err != nil {
			return err
		}
		return s.notifyTx(tx, a.GameID)
	})
	switch {
	case err == nil:
	case errors.Is(err, ErrConflict), isUniqueViolation(err):
		return nil, ErrConflict
	case errors.Is(err, ErrNotFound), errors.Is(err, gorm.ErrRecordNotFound), isForeignKeyViolation(err):
		return nil, ErrNotFound
	default:
		return nil, err
	}
	s.notifier.notify(a.GameID)
	g.utc()
	return &g, nil
}
