package models

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

var _ rooms.RoomStore = (*Store)(nil)

// roomKey prefixes a room's name on the players' channel (migration 0016).
const roomKey = "~room/"

// ListenRooms: see rooms.RoomStore; set it before the store serves.
func (s *Store) ListenRooms(heard func(id string)) { s.heardRoom.Store(&heard) }

// hearRoom hands word of a room's change to the rooms' listener.
func (s *Store) hearRoom(id string) {
	if f := s.heardRoom.Load(); f != nil {
		(*f)(id)
	}
}

// roomRow is a room as its table holds it.
type roomRow struct {
	ID        string
	GameID    string
	LeaderID  string
	Members   string
	Turn      int
	Pointer   int
	Hypo      string
	NextGame  string
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// storedMember and storedMove are a member and a hypothetical move as the
// JSON columns keep them.
type storedMember struct {
	Player string `json:"p"`
	Name   string `json:"n"`
	Bot    bool   `json:"b,omitempty"`
}

type storedMove [4]int // kind, card, target, value

func roomRowOf(r *rooms.Room) roomRow {
	ms := make([]storedMember, len(r.Members))
	for i, m := range r.Members {
		ms[i] = storedMember{m.Player, m.Name, m.Bot}
	}
	hs := make([]storedMove, len(r.Hypo))
	for i, a := range r.Hypo {
		hs[i] = storedMove{int(a.Kind), a.Card, a.Target, a.Value}
	}
	mj, _ := json.Marshal(ms)
	hj, _ := json.Marshal(hs)
	return roomRow{ID: r.ID, GameID: r.Game, LeaderID: r.Leader, Members: string(mj), Turn: r.Turn, Pointer: r.Pointer,
		Hypo: string(hj), NextGame: r.Next, Version: r.Version, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

func (row roomRow) room() (*rooms.Room, error) {
	var ms []storedMember
	var hs []storedMove
	if err := json.Unmarshal([]byte(row.Members), &ms); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(row.Hypo), &hs); err != nil {
		return nil, err
	}
	r := &rooms.Room{ID: row.ID, Game: row.GameID, Leader: row.LeaderID, Turn: row.Turn, Pointer: row.Pointer, Next: row.NextGame,
		Version: row.Version, CreatedAt: row.CreatedAt.UTC(), UpdatedAt: row.UpdatedAt.UTC()}
	for _, m := range ms {
		r.Members = append(r.Members, rooms.Member{Player: m.Player, Name: m.Name, Bot: m.Bot})
	}
	for _, h := range hs {
		r.Hypo = append(r.Hypo, engine.Action{Kind: engine.Kind(h[0]), Card: h[1], Target: h[2], Value: h[3]})
	}
	return r, nil
}

const roomColumns = "id, game_id, leader_id, members, turn, pointer, hypo, next_game, version, created_at, updated_at"

// CreateRoom: see rooms.RoomStore.
func (s *Store) CreateRoom(ctx context.Context, r *rooms.Room) error {
	row := roomRowOf(r)
	_, err := s.wdb().exec(ctx, `INSERT INTO replay_rooms (`+roomColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		row.ID, row.GameID, row.LeaderID, row.Members, row.Turn, row.Pointer, row.Hypo, row.NextGame, row.Version, row.CreatedAt, row.UpdatedAt)
	if err == nil && s.pool == nil {
		s.hearRoom(r.ID)
	}
	return err
}

// Room: see rooms.RoomStore. A room is read where it is written (the
// writer on SQLite): a member who changed it reads the change.
func (s *Store) Room(ctx context.Context, id string) (*rooms.Room, error) {
	var rows []roomRow
	if err := s.orm.WithContext(ctx).Table("replay_rooms").Select(roomColumns).Where("id = ?", id).Scan(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, rooms.ErrNoRoom
	}
	return rows[0].room()
}

// SaveRoom: see rooms.RoomStore.
func (s *Store) SaveRoom(ctx context.Context, r *rooms.Room, after int64) error {
	row := roomRowOf(r)
	n, err := s.wdb().exec(ctx, `UPDATE replay_rooms SET leader_id = $2, members = $3, turn = $4, pointer = $5, hypo = $6, next_game = $7,
	version = $8, updated_at = $9 WHERE id = $1 AND version = $10`,
		row.ID, row.LeaderID, row.Members, row.Turn, row.Pointer, row.Hypo, row.NextGame, row.Version, row.UpdatedAt, after)
	switch {
	case err != nil:
		return err
	case n == 0:
		return play.ErrConflict
	}
	if s.pool == nil {
		s.hearRoom(r.ID)
	}
	return nil
}

// routeHeard tells a name heard on the players' channel to its listener:
// the lobby's, a room's, a player's credential revoked, or a player's.
func (s *Store) routeHeard(id string) (player bool) {
	switch {
	case id == "":
		s.hearLobby()
		s.hearRoom("")
		s.hearRevoked("")
		return true
	case id == lobbyKey:
		s.hearLobby()
	case strings.HasPrefix(id, roomKey):
		s.hearRoom(id[len(roomKey):])
	case strings.HasPrefix(id, revokedKey):
		s.hearRevoked(id[len(revokedKey):])
	default:
		return true
	}
	return false
}

// SeeMember: see rooms.RoomStore.
func (s *Store) SeeMember(ctx context.Context, room, player string, at time.Time) error {
	_, err := s.wdb().exec(ctx, `INSERT INTO room_members_seen (room_id, player_id, seen_at) VALUES ($1, $2, $3)
ON CONFLICT (room_id, player_id) DO UPDATE SET seen_at = excluded.seen_at`, room, player, at.UTC())
	return err
}

// MembersSeen: see rooms.RoomStore.
func (s *Store) MembersSeen(ctx context.Context, room string) (map[string]time.Time, error) {
	var rows []struct {
		PlayerID string
		SeenAt   time.Time
	}
	if err := s.orm.WithContext(ctx).Table("room_members_seen").Select("player_id, seen_at").Where("room_id = ?", room).Scan(&rows).Error; err != nil {
		return nil, err
	}
	seen := make(map[string]time.Time, len(rows))
	for _, r := range rows {
		seen[r.PlayerID] = r.SeenAt.UTC()
	}
	return seen, nil
}

// ForgetMembersSeen: see rooms.RoomStore.
func (s *Store) ForgetMembersSeen(ctx context.Context, before time.Time) error {
	_, err := s.wdb().exec(ctx, `DELETE FROM room_members_seen WHERE seen_at < $1`, before.UTC())
	return err
}

// ForgetRooms: see rooms.RoomStore. A room read meanwhile has a read kept
// (its members' reads are forgotten AwayFor after they stop).
func (s *Store) ForgetRooms(ctx context.Context, before time.Time) error {
	_, err := s.wdb().exec(ctx, `DELETE FROM replay_rooms WHERE updated_at < $1
AND NOT EXISTS (SELECT 1 FROM room_members_seen s WHERE s.room_id = replay_rooms.id)`, before.UTC())
	return err
}
