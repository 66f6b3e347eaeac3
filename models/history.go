package models

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

var _ players.HistoryStore = (*Store)(nil)

// gameRow is a finished game's row as history reads it.
type gameRow struct {
	ID, Variant, Options, Seed, Status, Reason string
	Players, Score, Turns, Seat                int
	Abandoned                                  bool
	EndedAt, UpdatedAt                         time.Time
}

// Games: see players.HistoryStore. A player's games come from their own
// rows (player_games), newest first on its index.
func (s *Store) Games(ctx context.Context, playerID string, f players.Filter, cursor string, limit int) ([]players.Game, string, error) {
	limit = min(max(limit, 1), MaxPageSize)
	q := s.ormReads.WithContext(ctx).Table("player_games pg").
		Select("pg.game_id AS id, pg.variant, pg.players, g.options, pg.seed, 'finished' AS status, r.score, r.reason, r.turns, r.abandoned, pg.ended_at, pg.seat").
		Joins("JOIN game_results r ON r.game_id = pg.game_id").Joins("JOIN games g ON g.id = pg.game_id").
		Where("pg.player_id = ?", playerID)
	if f.Variant != "" {
		q = q.Where("pg.variant = ?", f.Variant)
	}
	if f.Players > 0 {
		q = q.Where("pg.players = ?", f.Players)
	}
	if f.Listed {
		q = q.Where(listedSQL)
	}
	var rows []gameRow
	if err := keysetPage(q, cursor, "pg.ended_at", "pg.game_id", limit, &rows); err != nil {
		return nil, "", err
	}
	next := ""
	if len(rows) > limit {
		rows = rows[:limit]
		next = encodeCursor(rows[limit-1].EndedAt, rows[limit-1].ID)
	}
	games, err := s.withSeats(ctx, rows)
	return games, next, err
}

// listedSQL keeps the games (g) of tables listed and open to all.
const listedSQL = "NOT g.unlisted AND g.join_secret = ''"

// withSeats is rows with who sat in each game, read in one query.
func (s *Store) withSeats(ctx context.Context, rows []gameRow) ([]players.Game, error) {
	out := make([]players.Game, len(rows))
	ids := make([]string, len(rows))
	at := map[string]int{}
	for i, r := range rows {
		out[i] = players.Game{ID: r.ID, Variant: r.Variant, Players: r.Players, Options: r.Options, Seed: r.Seed, Status: r.Status,
			Score: r.Score, Reason: r.Reason, Turns: r.Turns, Abandoned: r.Abandoned, EndedAt: r.EndedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), Seat: r.Seat}
		ids[i], at[r.ID] = r.ID, i
	}
	if len(ids) == 0 {
		return out, nil
	}
	var seats []struct {
		GameID, Name string
		Seat         int
		Player, Bot  bool
	}
	err := s.ormReads.WithContext(ctx).Table("seats").
		Select("game_id, seat, name, player_id IS NOT NULL AS player, (bot <> '' OR EXISTS (SELECT 1 FROM players p WHERE p.id = seats.player_id AND p.bot)) AS bot").
		Where("game_id IN ?", ids).Order("game_id, seat").Scan(&seats).Error
	for _, st := range seats {
		g := &out[at[st.GameID]]
		g.Seats = append(g.Seats, players.GameSeat{Seat: st.Seat, Name: st.Name, Player: st.Player, Bot: st.Bot})
	}
	return out, err
}

// Profile: see players.HistoryStore: the counts of the player's games
// (the abandoned apart) and the two ends of their index of games.
func (s *Store) Profile(ctx context.Context, playerID string) (players.Profile, error) {
	var out players.Profile
	var n struct{ Games, Abandoned int64 }
	err := s.ormReads.WithContext(ctx).Table("player_games pg").Joins("JOIN game_results r ON r.game_id = pg.game_id").
		Select("COUNT(*) AS games, COALESCE(SUM(CASE WHEN r.abandoned THEN 1 ELSE 0 END), 0) AS abandoned").
		Where("pg.player_id = ?", playerID).Scan(&n).Error
	if err != nil || n.Games == 0 {
		return out, err
	}
	out.Games, out.Abandoned = int(n.Games-n.Abandoned), int(n.Abandoned)
	db := s.ormReads.WithContext(ctx).Table("player_games").Where("player_id = ?", playerID)
	var first, last []time.Time
	if err := db.Session(&gorm.Session{}).Order("ended_at").Limit(1).Pluck("ended_at", &first).Error; err != nil {
		return out, err
	}
	if err := db.Session(&gorm.Session{}).Order("ended_at DESC").Limit(1).Pluck("ended_at", &last).Error; err != nil {
		return out, err
	}
	if len(first) == 1 && len(last) == 1 {
		f, l := first[0].UTC(), last[0].UTC()
		out.First, out.Last = &f, &l
	}
	return out, nil
}

// PlayerStats: see players.HistoryStore.
func (s *Store) PlayerStats(ctx context.Context, playerID string) ([]players.Stats, error) {
	return s.statsRows(ctx, "player_stats", "player_id", playerID, "games + abandoned DESC, variant, players")
}

// VariantStats: see players.HistoryStore.
func (s *Store) VariantStats(ctx context.Context, variant string) ([]players.Stats, error) {
	return s.statsRows(ctx, "variant_stats", "variant", variant, "players")
}

// statsRows reads the rows of a stats table (a player's or a variant's)
// whose column key is value, in order.
func (s *Store) statsRows(ctx context.Context, table, key string, value any, order string) ([]players.Stats, error) {
	var out []players.Stats
	err := s.ormReads.WithContext(ctx).Table(table).
		Select("variant, players, games, best, total, perfect, strikeouts, abandoned").
		Where(key+" = ?", value).Order(order).Scan(&out).Error
	return out, err
}

// Leaderboard: see players.HistoryStore. It reads the leaderboard's index
// (game_results_board: no abandoned game is on it) in its order.
func (s *Store) Leaderboard(ctx context.Context, variant string, players int, bots bool, limit int) ([]players.Game, error) {
	var rows []gameRow
	err := s.ormReads.WithContext(ctx).Table("game_results r").
		Select("r.game_id AS id, r.variant, r.players, g.options, r.seed, 'finished' AS status, r.score, r.reason, r.turns, r.abandoned, r.ended_at, -1 AS seat").
		Joins("JOIN games g ON g.id = r.game_id").
		Where("r.variant = ? AND r.players = ? AND r.bots = ? AND r.accounts AND NOT r.abandoned", variant, players, bots).Where(listedSQL).
		// Only deals the server dealt: a seed a creator named may be a deck
		// read in another game's replay, and played to a known end.
		Where("NOT g.seed_given").
		Order("r.score DESC, r.turns, r.ended_at, r.game_id").Limit(min(max(limit, 1), MaxPageSize)).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	return s.withSeats(ctx, rows)
}

// SeedGames: see players.HistoryStore: the abandoned after the others.
func (s *Store) SeedGames(ctx context.Context, seed string, limit int) ([]players.Game, error) {
	var rows []gameRow
	err := s.ormReads.WithContext(ctx).Table("game_results r").
		Select("r.game_id AS id, r.variant, r.players, g.options, r.seed, 'finished' AS status, r.score, r.reason, r.turns, r.abandoned, r.ended_at, -1 AS seat").
		Joins("JOIN games g ON g.id = r.game_id").
		Where("r.seed = ?", seed).Where(listedSQL).
		Order("r.abandoned, r.score DESC, r.turns, r.ended_at, r.game_id").Limit(min(max(limit, 1), MaxPageSize)).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	return s.withSeats(ctx, rows)
}

// PlayedSeeds: see players.HistoryStore.
func (s *Store) PlayedSeeds(ctx context.Context, playerIDs []string, prefix string) ([]string, error) {
	var out []string
	err := s.ormReads.WithContext(ctx).Raw(`SELECT seed FROM player_games WHERE player_id IN ? AND substr(seed, 1, ?) = ?
UNION SELECT deal FROM deal_claims WHERE player_id IN ? AND substr(deal, 1, ?) = ?`,
		playerIDs, len(prefix), prefix, playerIDs, len(prefix), prefix).Scan(&out).Error
	return out, err
}

// DealsInPlay: see players.HistoryStore. The claims of running games, by
// the claims' key (player, deal): no list of the player's tables, which a
// player holding many lobbies would run past.
func (s *Store) DealsInPlay(ctx context.Context, playerID string) ([]string, error) {
	var out []string
	err := s.ormReads.WithContext(ctx).Raw(`SELECT d.deal FROM deal_claims d JOIN games g ON g.id = d.game_id
WHERE d.player_id = ? AND g.status = ?`, playerID, play.StatusActive).Scan(&out).Error
	return out, err
}

// Running: see players.HistoryStore.
func (s *Store) Running(ctx context.Context, playerID string, limit int) ([]players.Game, error) {
	var rows []gameRow
	err := s.ormReads.WithContext(ctx).Table("seats st").
		Select("g.id, g.variant, g.players, g.options, g.seed, g.status, g.updated_at, st.seat").
		Joins("JOIN games g ON g.id = st.game_id").
		Where("st.player_id = ? AND g.status IN ?", playerID, []string{play.StatusLobby, play.StatusActive}).
		Order("g.updated_at DESC, g.id DESC").Limit(min(max(limit, 1), MaxPageSize)).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	return s.withSeats(ctx, rows)
}
