package models

import (
	"context"
	"time"

	"github.com/hanabi-server/hanabi/players"
)

var _ players.FeedStore = (*Store)(nil)

// Events: see players.FeedStore.
func (s *Store) Events(ctx context.Context, playerID string, after int64, limit int) ([]players.Event, error) {
	var out []players.Event
	err := s.ormReads.WithContext(ctx).Table("player_events").
		Select("id AS seq, kind, game_id AS game, seat, version, detail, created_at AS at").
		Where("player_id = ? AND id > ?", playerID, after).Order("id").Limit(limit).Scan(&out).Error
	for i := range out {
		out[i].At = out[i].At.UTC()
	}
	return out, err
}

// AddEvent: see players.FeedStore. On Postgres the event's trigger tells
// every replica; SQLite's one process is told here.
func (s *Store) AddEvent(ctx context.Context, playerID string, e players.Event) error {
	_, err := s.script(ctx, []stmt{{`INSERT INTO player_events (player_id, kind, game_id, seat, version, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		[]any{playerID, e.Kind, e.Game, e.Seat, e.Version, e.Detail, e.At.UTC()}}})
	if err == nil && s.pool == nil {
		s.hearPlayer(playerID)
	}
	return err
}

// ForgetEvents: see players.FeedStore. The events are deleted by their id,
// up to the last one written before before: a walk of the primary key from
// its low end, which each prune leaves short (events are written in about
// the order of their times). The ids go on from the highest ever given,
// on SQLite too (AUTOINCREMENT), so that no cursor ever reads a new event
// as one it has seen. Each player's highest event deleted is their feed's
// new horizon.
func (s *Store) ForgetEvents(ctx context.Context, before time.Time) error {
	return s.inTx(ctx, func(tx db) error {
		var last int64
		err := tx.row(ctx, `SELECT COALESCE(max(id), 0) FROM player_events WHERE id < COALESCE(
		(SELECT id FROM player_events WHERE created_at >= $1 ORDER BY id LIMIT 1),
		(SELECT max(id) + 1 FROM player_events), 0)`, []any{before.UTC()}, &last)
		if err != nil || last == 0 {
			return err
		}
		if err := raiseHorizons(ctx, tx, `SELECT $2 || player_id, max(id) FROM player_events WHERE id <= $1 GROUP BY player_id`,
			last, playerHorizon("")); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM player_events WHERE id <= $1`, last)
		return err
	})
}
