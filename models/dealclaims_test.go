package models

import (
	"context"
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// TestDealClaims: a game that starts on a shared deal claims it for its
// signed-in players, and the store refuses a second game on that deal for
// any of them (play.ErrConflict), whether it starts as it is made or when
// its last seat is taken; the deal then counts as played for the next
// choice. Migration 26 claims the deals of the games running when it runs.
func TestDealClaims(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		for _, id := range []string{"pa", "pb", "pc"} {
			if err := s.CreatePlayer(ctx, players.Player{ID: id, Name: id, CreatedAt: now()}, players.Keys{Fold: id, Skeleton: id}, "hash"); err != nil {
				t.Fatal(err)
			}
		}
		started := func(deal string, seats ...play.Seat) error {
			g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: deal + "~key", Players: len(seats), Status: play.StatusActive}, Options: `{}`, Deal: deal}
			return s.CreateGame(ctx, g, seats, nil)
		}
		if err := started("p2v0s1", play.Seat{Seat: 0, Name: "a", Player: "pa"}, play.Seat{Seat: 1, Name: "b", Player: "pb"}); err != nil {
			t.Fatal(err)
		}
		if err := started("p2v0s1", play.Seat{Seat: 0, Name: "c", Player: "pc"}, play.Seat{Seat: 1, Name: "a", Player: "pa"}); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("a second game of p2v0s1 for pa: %v, want ErrConflict", err)
		}
		// At a lobby's start, likewise.
		lobby := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: 2}, Options: `{}`}
		if err := s.CreateGame(ctx, lobby, []play.Seat{{Seat: 0, Name: "c", Player: "pc"}}, nil); err != nil {
			t.Fatal(err)
		}
		seed := "p2v0s1~key"
		start := play.LobbyChange{Take: &play.Seat{Seat: 1, Name: "b", Player: "pb", Occupant: play.NewID()}, Status: play.StatusActive, At: now(), Seed: &seed, Deal: "p2v0s1"}
		if err := s.ChangeLobby(ctx, lobby.ID, lobby.Version, start); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("a lobby starting on p2v0s1 with pb: %v, want ErrConflict", err)
		}
		played, err := s.PlayedSeeds(ctx, []string{"pc", "pa"}, "p2v0s")
		if err != nil || len(played) != 1 || played[0] != "p2v0s1" {
			t.Fatalf("played seeds: %v %v", played, err)
		}
		if err := started("p2v0s1", play.Seat{Seat: 0, Name: "c", Player: "pc"}, play.Seat{Seat: 1, Name: "bot", Bot: "hat"}); err != nil {
			t.Fatalf("pc's first game of p2v0s1: %v", err)
		}

		// The migration claims the running games' deals, once each.
		exec(t, s, "DELETE FROM deal_claims")
		exec(t, s, "DROP TABLE deal_claims")
		exec(t, s, "DELETE FROM schema_migrations WHERE version = 26")
		if err := s.migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, who := range []string{"pa", "pb", "pc"} {
			played, err := s.PlayedSeeds(ctx, []string{who}, "p2v0s")
			if err != nil || len(played) != 1 || played[0] != "p2v0s1" {
				t.Fatalf("after the migration, %s's played seeds: %v %v", who, played, err)
			}
		}
	})
}
