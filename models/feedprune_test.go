package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/players"
)

// TestFeedForgetsOldEvents: a player's feed gets a row at every turn of
// theirs, whether or not anyone reads it; the events older than
// players.KeptEvents go, the newer stay, and an event written after a
// prune that took every row still comes after every cursor given before.
func TestFeedForgetsOldEvents(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		if err := s.CreatePlayer(ctx, players.Player{ID: "p1", Name: "Robo", CreatedAt: at}, players.Keys{Fold: "robo"}, "h"); err != nil {
			t.Fatal(err)
		}
		p := players.Player{ID: "p1"}
		f := players.NewFeed(s)
		add := func(at time.Time) {
			t.Helper()
			if err := s.AddEvent(ctx, "p1", players.Event{Kind: players.EventTurn, Game: "g", Seat: 0, Version: 1, At: at}); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 30 { // a turn a day for a month
			add(at.Add(time.Duration(i) * 24 * time.Hour))
		}
		now := at.Add(30 * 24 * time.Hour)
		if err := f.Forget(ctx, now); err != nil {
			t.Fatal(err)
		}
		evs, err := f.Events(ctx, p, 0, players.MaxEvents)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 7 || evs[0].At.Before(now.Add(-players.KeptEvents)) {
			t.Fatalf("after the prune: %d events, the oldest at %v; want the last week's 7", len(evs), evs[0].At)
		}
		last := evs[len(evs)-1].Seq
		if err := f.Forget(ctx, now.Add(30*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if n := ints(t, s, "SELECT count(*) FROM player_events")[0]; n != 0 {
			t.Fatalf("a month later: %d events kept, want none", n)
		}
		add(now)
		if evs, err := f.Events(ctx, p, last, players.MaxEvents); err != nil || len(evs) != 1 {
			t.Fatalf("an event written after everything was pruned, read after the last cursor: %+v, %v", evs, err)
		}
	})
}
