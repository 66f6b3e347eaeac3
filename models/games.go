package models

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// Page sizes for ListGames.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// CreateGame inserts a game and its initially taken seats in one
// transaction, with key when set (play.ErrKeyTaken when another request has
// it). It fills in an empty ID, status (lobby), zero timestamps and empty
// occupants.
func (s *Store) CreateGame(ctx context.Context, r *play.GameRow, seats []play.Seat, key *play.Key) error {
	if r.ID == "" {
		r.ID = play.NewID()
	}
	if r.Status == "" {
		r.Status = play.StatusLobby
	}
	t := now()
	if r.CreatedAt.IsZero() {
		r.CreatedAt = t
	}
	r.CreatedAt = r.CreatedAt.UTC().Truncate(time.Millisecond)
	if r.UpdatedAt.IsZero() {
		r.UpdatedAt = r.CreatedAt
	}
	r.UpdatedAt = r.UpdatedAt.UTC()
	g := Game{ID: r.ID, Variant: r.Variant, Options: r.Options, Seed: r.Seed, Players: r.Players, Status: r.Status, Version: r.Version,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, Deadline: r.Deadline, Unlisted: r.Unlisted, JoinSecret: r.JoinSecret, NotesRev: r.NotesRev}
	rows := make([]Seat, len(seats))
	for i, st := range seats {
		rows[i] = Seat{GameID: g.ID, Seat: st.Seat, Name: st.Name, Bot: st.Bot, Occupant: st.Occupant, CreatedAt: t}
		if st.Occupant == "" {
			rows[i].Occupant = play.NewID()
		}
	}
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := recordKey(tx, key); err != nil {
			return err
		}
		if err := tx.Create(&g).Error; err != nil {
			return err
		}
		if len(rows) > 0 {
			return tx.Create(&rows).Error
		}
		return nil
	})
	if isUniqueViolation(err) {
		return play.ErrConflict
	}
	return err
}

// LoadGame returns the game, its seats by seat number and its log by seq, all
// from one snapshot, or play.ErrNotFound.
func (s *Store) LoadGame(ctx context.Context, id string) (*play.GameRow, []play.Seat, []play.Entry, error) {
	if s.dialect == dialectPostgres {
		g, seats, actions, err := s.loadPostgres(ctx, id)
		if err != nil {
			return nil, nil, nil, err
		}
		return loaded(g, seats, actions)
	}
	var (
		g       Game
		seats   []play.Seat
		actions []Action
	)
	err := s.readTx(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&g).Error; err != nil {
			return err
		}
		if err := tx.Model(&Seat{}).Where("game_id = ?", id).Order("seat").Find(&seats).Error; err != nil {
			return err
		}
		return tx.Where("game_id = ?", id).Order("seq").Find(&actions).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil, nil, play.ErrNotFound
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return loaded(&g, seats, actions)
}

// loaded completes a game read with its log: its version and last change
// count the log's entries (see Game.Version).
func loaded(g *Game, seats []play.Seat, actions []Action) (*play.GameRow, []play.Seat, []play.Entry, error) {
	log := make([]play.Entry, len(actions))
	for i := range actions {
		log[i] = actions[i].entry()
	}
	if n := len(actions); n > 0 {
		withLog(g, &actions[n-1])
	}
	return g.row(), seats, log, nil
}

// withLog completes g's stored version and time of last change with its
// log, whose last entry is last (see Game.Version): the log has no gap, so
// its length is that entry's seq plus one.
func withLog(g *Game, last *Action) {
	g.Version += int64(last.Seq) + 1
	if at := last.CreatedAt.UTC(); at.After(g.UpdatedAt) {
		g.UpdatedAt = at
	}
}

// CountGames returns how many games there are of each status (for metrics).
func (s *Store) CountGames(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	err := s.r.WithContext(ctx).Model(&Game{}).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	counts := map[string]int64{play.StatusLobby: 0, play.StatusActive: 0, play.StatusFinished: 0, play.StatusCancelled: 0}
	for _, r := range rows {
		counts[r.Status] = r.N
	}
	return counts, nil
}

// ListGames pages through games, newest first, optionally of one status
// (status "" lists all). limit <= 0 means DefaultPageSize; it is capped at
// MaxPageSize. cursor is "" for the first page or a next value from an
// earlier call; next is "" on the last page. A cursor it did not make gives
// ErrBadCursor.
func (s *Store) ListGames(ctx context.Context, status string, limit int, cursor string) ([]play.GameRow, string, error) {
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	// SQLite keeps times as text ("2006-01-02 15:04:05.999-07:00"). Every
	// time here is written in UTC, and the text of UTC times sorts in time
	// order even though the fraction has no fixed width ("+" sorts before
	// "." and digits), so created_at and its index work on both dialects.
	var games []Game
	err := s.readTx(ctx, func(tx *gorm.DB) error {
		q := tx.Model(&Game{}).Where("unlisted = ?", false)
		if status != "" {
			q = q.Where("status = ?", status)
		}
		if cursor != "" {
			at, id, err := decodeCursor(cursor)
			if err != nil {
				return err
			}
			q = q.Where("(created_at < ? OR (created_at = ? AND id < ?))", at, at, id)
		}
		return q.Order("created_at DESC").Order("id DESC").Limit(limit + 1).Find(&games).Error
	})
	if err != nil {
		return nil, "", err
	}
	if err := s.withLogs(ctx, games); err != nil {
		return nil, "", err
	}
	if err := s.withSeats(ctx, games); err != nil {
		return nil, "", err
	}
	next := ""
	if len(games) > limit {
		games = games[:limit]
		last := games[limit-1]
		next = encodeCursor(last.CreatedAt, last.ID)
	}
	rows := make([]play.GameRow, len(games))
	for i := range games {
		rows[i] = *games[i].row()
	}
	return rows, next, nil
}

// withLogs completes a page of games with their logs' lengths and last
// entries (see Game.Version): one query for the page.
func (s *Store) withLogs(ctx context.Context, games []Game) error {
	if len(games) == 0 {
		return nil
	}
	ids := make([]string, len(games))
	for i := range games {
		ids[i] = games[i].ID
	}
	var last []Action
	err := s.r.WithContext(ctx).
		Where("game_id IN ? AND seq = (SELECT max(seq) FROM actions b WHERE b.game_id = actions.game_id)", ids).
		Find(&last).Error
	if err != nil {
		return err
	}
	byGame := make(map[string]Action, len(last))
	for _, a := range last {
		byGame[a.GameID] = a
	}
	for i := range games {
		if a, ok := byGame[games[i].ID]; ok {
			withLog(&games[i], &a)
		}
	}
	return nil
}

// withSeats completes a page of games with how many seats are taken and
// seat 0's name: one query for the page.
func (s *Store) withSeats(ctx context.Context, games []Game) error {
	if len(games) == 0 {
		return nil
	}
	ids := make([]string, len(games))
	at := make(map[string]int, len(games))
	for i := range games {
		ids[i] = games[i].ID
		at[games[i].ID] = i
	}
	var seats []Seat
	if err := s.r.WithContext(ctx).Select("game_id", "seat", "name").Where("game_id IN ?", ids).Find(&seats).Error; err != nil {
		return err
	}
	for _, st := range seats {
		g := &games[at[st.GameID]]
		g.Taken++
		if st.Seat == 0 {
			g.Host = st.Name
		}
	}
	return nil
}

func encodeCursor(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
}

func decodeCursor(c string) (time.Time, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", ErrBadCursor
	}
	ts, id, ok := strings.Cut(string(b), "|")
	if !ok || id == "" {
		return time.Time{}, "", ErrBadCursor
	}
	at, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return time.Time{}, "", ErrBadCursor
	}
	return at.UTC(), id, nil
}

// GameVersion returns the game's version, or play.ErrNotFound: one indexed row
// and the last entry of its log's index, for a reader that holds a copy of
// the game and only needs to know whether it is still current (every
// change bumps the version).
func (s *Store) GameVersion(ctx context.Context, id string) (play.Stamp, error) {
	if s.versions != nil {
		return s.versions.do(ctx, id)
	}
	var v []play.Stamp
	if err := s.r.WithContext(ctx).Raw(gameVersionSQLite, id, id).Scan(&v).Error; err != nil {
		return play.Stamp{}, err
	}
	if len(v) == 0 {
		return play.Stamp{}, play.ErrNotFound
	}
	return v[0], nil
}

// The stored version and the log's length (see Game.Version): the log has
// no gap, so its length is its last seq plus one.
const (
	gameVersionPostgres = "SELECT version + COALESCE((SELECT max(seq) + 1 FROM actions WHERE game_id = $1), 0), notes_rev FROM games WHERE id = $1"
	gameVersionSQLite   = "SELECT version + COALESCE((SELECT max(seq) + 1 FROM actions WHERE game_id = ?), 0) AS version, notes_rev FROM games WHERE id = ?"
)
