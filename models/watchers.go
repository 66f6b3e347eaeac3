package models

import (
	"context"
	"time"

	"github.com/hanabi-server/hanabi/rooms"
)

var _ rooms.WatcherStore = (*Store)(nil)

// SeeWatcher: see rooms.WatcherStore.
func (s *Store) SeeWatcher(ctx context.Context, game string, w rooms.Watcher) error {
	_, err := s.wdb().exec(ctx, `INSERT INTO watchers (game_id, player_id, name, bot, shadow, seen_at) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (game_id, player_id) DO UPDATE SET name = excluded.name, bot = excluded.bot, shadow = excluded.shadow, seen_at = excluded.seen_at`,
		game, w.Player, w.Name, w.Bot, w.Shadow, w.At.UTC())
	return err
}

// Watchers: see rooms.WatcherStore.
func (s *Store) Watchers(ctx context.Context, game string, since time.Time) ([]rooms.Watcher, error) {
	var out []rooms.Watcher
	err := s.ormReads.WithContext(ctx).Table("watchers").Select("player_id AS player, name, bot, shadow, seen_at AS at").
		Where("game_id = ? AND seen_at > ?", game, since.UTC()).Order("name").Scan(&out).Error
	for i := range out {
		out[i].At = out[i].At.UTC()
	}
	return out, err
}

// ForgetWatchers: see rooms.WatcherStore.
func (s *Store) ForgetWatchers(ctx context.Context, since time.Time) error {
	_, err := s.wdb().exec(ctx, `DELETE FROM watchers WHERE seen_at < $1`, since.UTC())
	return err
}
