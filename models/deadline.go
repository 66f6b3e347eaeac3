package models

import (
	"context"
	"time"

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
