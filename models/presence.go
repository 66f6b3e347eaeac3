package models

import (
	"context"
	"errors"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

var _ rooms.OnlineStore = (*Store)(nil)

// seeOnlineSQL records a player's read ($7: a new arrival token, $8: gone,
// $9: holds; see rooms.OnlineStore). The arrival token is kept while the
// player stays where they were, so that the one write that changed it gets
// its own token back; a lobby read that a table outranks writes nothing
// and gets no row.
const seeOnlineSQL = `INSERT INTO presence (player_id, name, bot, place, place_id, seen_at, arrival) VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, bot = excluded.bot, place = excluded.place, place_id = excluded.place_id, seen_at = excluded.seen_at,
	arrival = CASE WHEN presence.place = excluded.place AND presence.place_id = excluded.place_id AND presence.seen_at > $8 THEN presence.arrival ELSE excluded.arrival END
WHERE excluded.place <> 'lobby' OR presence.place = 'lobby' OR presence.seen_at <= $9
RETURNING arrival`

// onlineEventSQL tells the lobby where player $1 now is.
const onlineEventSQL = `INSERT INTO lobby_events (kind, player_id, name, bot, place, game_id, created_at)
SELECT 'online', player_id, name, bot, place, place_id, seen_at FROM presence WHERE player_id = $1`

// SeeOnline: see rooms.OnlineStore. On Postgres the event's trigger tells
// every replica; SQLite's one process is told here.
func (s *Store) SeeOnline(ctx context.Context, p rooms.Presence, gone, holds time.Time) error {
	token := play.NewID()
	told := false
	err := s.inTx(ctx, func(tx db) error {
		if s.pool != nil { // before the presence row's lock: see feedLocks
			if _, err := tx.exec(ctx, lobbyFeedLockSQL); err != nil {
				return err
			}
		}
		var arrival string
		err := tx.row(ctx, seeOnlineSQL, []any{p.Player, p.Name, p.Bot, p.Place.Kind, p.Place.ID, p.At.UTC(), token, gone.UTC(), holds.UTC()}, &arrival)
		if errors.Is(err, play.ErrNotFound) || err == nil && arrival != token {
			return nil // outranked, or no change: nothing to tell
		}
		if err != nil {
			return err
		}
		told = true
		_, err = tx.exec(ctx, onlineEventSQL, p.Player)
		return err
	})
	if err == nil && told && s.pool == nil {
		s.hearLobby()
	}
	return err
}

// Online: see rooms.OnlineStore.
func (s *Store) Online(ctx context.Context, since time.Time) ([]rooms.Presence, error) {
	var rows []struct {
		PlayerID string
		Name     string
		Bot      bool
		Place    string
		PlaceID  string
		SeenAt   time.Time
	}
	err := s.ormReads.WithContext(ctx).Table("presence").Select("player_id, name, bot, place, place_id, seen_at").
		Where("seen_at > ?", since.UTC()).Order("name").Scan(&rows).Error
	out := make([]rooms.Presence, 0, len(rows))
	for _, r := range rows {
		out = append(out, rooms.Presence{Player: r.PlayerID, Name: r.Name, Bot: r.Bot, Place: rooms.Place{Kind: r.Place, ID: r.PlaceID}, At: r.SeenAt.UTC()})
	}
	return out, err
}

// dropOfflineSQL, on Postgres, forgets the players gone silent and tells
// the lobby, in one statement: of two replicas that sweep at once, the
// one whose delete took a row tells it.
const dropOfflineSQL = `WITH gone AS (DELETE FROM presence WHERE seen_at < $1 RETURNING player_id, name, bot)
INSERT INTO lobby_events (kind, player_id, name, bot, created_at) SELECT 'offline', player_id, name, bot, $2 FROM gone`

// DropOffline: see rooms.OnlineStore. It first looks whether anyone went
// silent: an insert, even of no row, would wake every lobby reader of
// every replica.
func (s *Store) DropOffline(ctx context.Context, since, at time.Time) error {
	var n int64
	if err := s.rdb().row(ctx, `SELECT count(*) FROM presence WHERE seen_at < $1`, []any{since.UTC()}, &n); err != nil || n == 0 {
		return err
	}
	if s.pool != nil {
		_, err := s.script(ctx, []stmt{{dropOfflineSQL, []any{since.UTC(), at.UTC()}}})
		return err
	}
	// SQLite's one writer runs the two in one transaction.
	_, err := s.script(ctx, []stmt{
		{`INSERT INTO lobby_events (kind, player_id, name, bot, created_at) SELECT 'offline', player_id, name, bot, $2 FROM presence WHERE seen_at < $1`, []any{since.UTC(), at.UTC()}},
		{`DELETE FROM presence WHERE seen_at < $1`, []any{since.UTC()}},
	})
	if err == nil {
		s.hearLobby()
	}
	return err
}
