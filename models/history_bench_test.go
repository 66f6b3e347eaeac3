package models

import (
	"context"
	"testing"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/players"
)

// The history's reads on Postgres at the sizes the README states: the
// profile, first page of history and statistics of a player with 10,000
// games, and a leaderboard over 100,000 finished games. Each read uses an
// index of its own; none scans the games.
//
//	HANABI_TEST_DATABASE_URL=postgres://... go test -run XXX -bench History ./models
func BenchmarkHistory(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, postgresURL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	seed := []string{
		`INSERT INTO players (id, name, fold, password_hash, bot, created_at)
		 SELECT 'p' || i, 'player' || i, 'player' || i, 'x', false, now() FROM generate_series(0, 999) i`,
		`INSERT INTO games (id, variant, options, seed, players, status, version, created_at, updated_at)
		 SELECT 'g' || i, 'basic', '{}', 'p3v0s' || (i % 5000), 3, 'finished', 60, now(), now() FROM generate_series(0, 99999) i`,
		`INSERT INTO game_results (game_id, variant, players, seed, score, reason, turns, accounts, bots, ended_at)
		 SELECT 'g' || i, 'basic', 3, 'p3v0s' || (i % 5000), (i * 7919) % 26, 'deck_out', 50 + i % 20, true, i % 10 = 0,
		 now() - make_interval(secs => i) FROM generate_series(0, 99999) i`,
		`INSERT INTO seats (game_id, seat, name, bot, occupant, created_at, player_id)
		 SELECT 'g' || i, s, 'player' || ((i + s * 7) % 1000), '', 'o', now(), CASE WHEN i < 10000 AND s = 0 THEN 'p0' ELSE 'p' || (1 + (i + s * 7) % 999) END
		 FROM generate_series(0, 99999) i, generate_series(0, 2) s`,
		`INSERT INTO player_games (player_id, game_id, seat, variant, players, seed, score, ended_at)
		 SELECT 'p0', 'g' || i, 0, 'basic', 3, 'p3v0s' || (i % 5000), (i * 7919) % 26, now() - make_interval(secs => i) FROM generate_series(0, 9999) i`,
		`INSERT INTO player_stats (player_id, variant, players, games, best, total, perfect, strikeouts) VALUES ('p0', 'basic', 3, 10000, 25, 123456, 400, 10)`,
		`ANALYZE`,
	}
	for _, q := range seed {
		if err := s.orm.WithContext(ctx).Exec(q).Error; err != nil {
			b.Fatalf("%s: %v", q[:40], err)
		}
	}
	p := players.Player{ID: "p0"}
	h := players.NewHistory(s)
	b.Run("profile of 10000 games", func(b *testing.B) {
		for b.Loop() {
			if prof, err := h.Profile(ctx, p); err != nil || prof.Games != 10000 {
				b.Fatalf("%+v %v", prof, err)
			}
			if games, _, err := h.Games(ctx, p, auth.Caller{}, players.Filter{}, "", 20); err != nil || len(games) != 20 {
				b.Fatalf("%d %v", len(games), err)
			}
			if _, err := h.PlayerStats(ctx, p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("leaderboard of 100000 games", func(b *testing.B) {
		for b.Loop() {
			if top, err := h.Leaderboard(ctx, "basic", 3, false, 20); err != nil || len(top) != 20 || top[0].Score != 25 {
				b.Fatalf("%d %v", len(top), err)
			}
		}
	})
	b.Run("seed page", func(b *testing.B) {
		for b.Loop() {
			if games, err := h.SeedGames(ctx, "p3v0s17", 100); err != nil || len(games) != 20 {
				b.Fatalf("%d %v", len(games), err)
			}
		}
	})
}
