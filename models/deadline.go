package models

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// SetDeadline records when something is next due in game id (nil: nothing),
// unless the game has changed since version: the writer of a newer version
// records its own.
func (s *Store) SetDeadline(ctx context.Context, id string, version int64, deadline *time.Time) error {
	if deadline != nil {
		d := deadline.UTC()
		deadline = &d
	}
	return s.w.WithContext(ctx).Model(&Game{}).
		Where("id = ? AND version + COALESCE((SELECT max(seq) + 1 FROM actions WHERE game_id = ?), 0) = ?", id, id, version).
		UpdateColumn("deadline", deadline).Error
}

// DueGames lists up to limit lobbies and active games whose deadline is at
// or before now, the most overdue first.
func (s *Store) DueGames(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.r.WithContext(ctx).Model(&Game{}).
		Where("deadline IS NOT NULL AND deadline <= ? AND status IN ?", now.UTC(), []string{play.StatusLobby, play.StatusActive}).
		Order("deadline").Limit(limit).Pluck("id", &ids).Error
	return ids, err
}

// CancelLobby cancels a lobby that is still at version, bumping the
// version. play.ErrConflict: it changed (a seat taken or left) or is no
// lobby. A lobby has no log, so its stored version is its whole version.
func (s *Store) CancelLobby(ctx context.Context, id string, version int64) (*play.GameRow, error) {
	var g Game
	t := now()
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&Game{}).Where("id = ? AND version = ? AND status = ?", id, version, play.StatusLobby).
			Updates(map[string]any{"status": play.StatusCancelled, "version": gorm.Expr("version + 1"), "updated_at": t, "deadline": nil})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return play.ErrConflict
		}
		return tx.Where("id = ?", id).Take(&g).Error
	})
	if err != nil {
		return nil, err
	}
	s.changed(id)
	return g.row(), nil
}
