package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// TestForgetWatchers: the spectators not seen since a time are deleted,
// of every game; those seen since stay.
func TestForgetWatchers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		for _, id := range []string{"pa", "pb"} {
			if err := s.CreatePlayer(ctx, players.Player{ID: id, Name: id, CreatedAt: now()}, players.Keys{Fold: id, Skeleton: id}, "hash"); err != nil {
				t.Fatal(err)
			}
		}
		var games []string
		for range 2 {
			g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "s", Players: 2, Status: play.StatusActive}, Options: "{}"}
			if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "a"}, {Seat: 1, Name: "b"}}, nil); err != nil {
				t.Fatal(err)
			}
			games = append(games, g.ID)
		}
		at := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
		for i, game := range games {
			for j, p := range []string{"pa", "pb"} {
				// pa watched both games an hour ago; pb watches them now.
				w := rooms.Watcher{Player: p, Name: p, Shadow: -1, At: at.Add(time.Duration(j-1) * time.Hour).Add(time.Duration(i) * time.Second)}
				if err := s.SeeWatcher(ctx, game, w); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := s.ForgetWatchers(ctx, at.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		for _, game := range games {
			ws, err := s.Watchers(ctx, game, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			if len(ws) != 1 || ws[0].Player != "pb" {
				t.Fatalf("game %s keeps %+v, want pb alone", game, ws)
			}
		}
	})
}
