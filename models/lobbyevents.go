package models

import (
	"context"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

var _ rooms.LobbyStore = (*Store)(nil)

// lobbyKey is the lobby's name on the players' channel (migration 0015):
// no player id has a ~.
const lobbyKey = "~lobby"

// lobbyTableSQL writes a table event of the listed game $1 ($2 the kind,
// $3 when), only where the change went in (its token, $4, on the game's
// row): a change that lost its race tells nothing.
const lobbyTableSQL = `INSERT INTO lobby_events (kind, game_id, created_at)
SELECT $2::varchar, id, $3::timestamptz FROM games WHERE id = $1::varchar AND NOT unlisted AND change_token = $4::varchar`

// endLobbySQL tells the lobby that a listed game ended, in the
// transaction of the entry that ended it (see endStatements).
const endLobbySQL = `INSERT INTO lobby_events (kind, game_id, created_at)
SELECT 'gone', $1::varchar, $8::timestamptz WHERE ` + entryHere + ` AND ` + noResultYet + `
	AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND unlisted)`

// lobbyChange is the table event a lobby change to status tells, or "".
func lobbyChange(c play.LobbyChange) string {
	switch {
	case c.Status == play.StatusActive:
		return rooms.TableStarted
	case c.Status == play.StatusCancelled:
		return rooms.TableGone
	case c.Take != nil || c.Free != nil:
		return rooms.TableSeat
	}
	return ""
}

// ListenLobby: see rooms.LobbyStore; set it before the store serves.
func (s *Store) ListenLobby(heard func()) { s.heardLobby.Store(&heard) }

// hearLobby hands word of a lobby event to the lobby's listener.
func (s *Store) hearLobby() {
	if f := s.heardLobby.Load(); f != nil {
		(*f)()
	}
}

// lobbyRow is a lobby event as its table holds it.
type lobbyRow struct {
	ID        int64
	Kind      string
	GameID    string
	PlayerID  *string
	Name      string
	Bot       bool
	Text      string
	Place     string
	CreatedAt time.Time
}

func (r lobbyRow) event() rooms.LobbyEvent {
	e := rooms.LobbyEvent{ID: r.ID, Kind: r.Kind, Game: r.GameID, Where: r.Place, Name: r.Name, Bot: r.Bot, Text: r.Text, At: r.CreatedAt.UTC()}
	if r.PlayerID != nil {
		e.PlayerID = *r.PlayerID
	}
	return e
}

const lobbyColumns = "id, kind, game_id, player_id, name, bot, text, place, created_at"

// LobbyEvents: see rooms.LobbyStore.
func (s *Store) LobbyEvents(ctx context.Context, after int64, limit int) ([]rooms.LobbyEvent, error) {
	var rows []lobbyRow
	err := s.ormReads.WithContext(ctx).Table("lobby_events").Select(lobbyColumns).
		Where("id > ?", after).Order("id").Limit(limit).Scan(&rows).Error
	out := make([]rooms.LobbyEvent, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.event())
	}
	return out, err
}

// LobbyChatTail: see rooms.LobbyStore.
func (s *Store) LobbyChatTail(ctx context.Context, n int) ([]rooms.LobbyEvent, int64, error) {
	// The head first, and the tail up to it: a line said between the two
	// reads is then after the head, told by the reader's next read, where
	// read the other way round it would be neither in the tail nor after.
	var last *int64
	if err := s.ormReads.WithContext(ctx).Table("lobby_events").Select("MAX(id)").Scan(&last).Error; err != nil {
		return nil, 0, err
	}
	if last == nil {
		return []rooms.LobbyEvent{}, 0, nil
	}
	var rows []lobbyRow
	err := s.ormReads.WithContext(ctx).Table("lobby_events").Select(lobbyColumns).
		Where("kind = ? AND id <= ?", rooms.LobbyChat, *last).Order("id DESC").Limit(n).Scan(&rows).Error
	if err != nil {
		return nil, 0, err
	}
	out := make([]rooms.LobbyEvent, len(rows))
	for i, r := range rows {
		out[len(rows)-1-i] = r.event()
	}
	return out, *last, nil
}

// AddLobbyChat: see rooms.LobbyStore. On Postgres the event's trigger
// tells every replica; SQLite's one process is told here.
func (s *Store) AddLobbyChat(ctx context.Context, e rooms.LobbyEvent) (rooms.LobbyEvent, error) {
	err := s.inTx(ctx, func(tx db) error {
		if s.pool != nil { // see feedLocks
			if _, err := tx.exec(ctx, lobbyFeedLockSQL); err != nil {
				return err
			}
		}
		return tx.row(ctx, `INSERT INTO lobby_events (kind, player_id, name, bot, text, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			[]any{rooms.LobbyChat, e.PlayerID, e.Name, e.Bot, e.Text, e.At.UTC()}, &e.ID)
	})
	if err == nil && s.pool == nil {
		s.hearLobby()
	}
	return e, err
}

// PruneLobby: see rooms.LobbyStore. The ids to delete up to are read
// first and the deletion is bound by them, so that the horizon it raises
// is the highest id it deleted, whatever is written meanwhile.
func (s *Store) PruneLobby(ctx context.Context, before time.Time, keepChat int) error {
	return s.inTx(ctx, func(tx db) error {
		// tables: the last table event past its day; chat: the last line
		// before the keepChat kept.
		var tables, chat int64
		err := tx.row(ctx, `SELECT COALESCE((SELECT max(id) FROM lobby_events WHERE kind <> $1 AND created_at < $2), 0),
		COALESCE((SELECT id FROM lobby_events WHERE kind = $1 ORDER BY id DESC LIMIT 1 OFFSET $3), 0)`,
			[]any{rooms.LobbyChat, before.UTC(), keepChat}, &tables, &chat)
		if err != nil || max(tables, chat) == 0 {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM lobby_events WHERE (kind <> $1 AND created_at < $2 AND id <= $3) OR (kind = $1 AND id <= $4)`,
			rooms.LobbyChat, before.UTC(), tables, chat); err != nil {
			return err
		}
		return raiseHorizons(ctx, tx, `VALUES ($1, $2)`, lobbyHorizon, max(tables, chat))
	})
}
