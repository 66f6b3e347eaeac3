package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/players"
)

// TestRevokedIsHeardApart: a credential revoked is heard as its player's
// (ListenRevoked), on every replica, and not as a player event; a player
// event is not heard as a revocation; revoking nothing tells nobody.
func TestRevokedIsHeardApart(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		other := s // SQLite: one process holds the file
		if s.pool != nil {
			other = openStore(t, dbURL) // another replica
		}
		revoked, events := make(chan string, 16), make(chan string, 16)
		other.ListenRevoked(func(id string) { revoked <- id })
		other.ListenPlayers(func(id string) { events <- id })
		ctx := context.Background()
		at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		if err := s.CreatePlayer(ctx, players.Player{ID: "p1", Name: "Alice", CreatedAt: at}, players.Keys{Fold: "alice", Skeleton: "alice", Lower: "alice"}, "h"); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateToken(ctx, players.TokenRow{ID: "t1", PlayerID: "p1", Kind: players.KindSession, Hash: "x", CreatedAt: at}); err != nil {
			t.Fatal(err)
		}
		hear := func(ch chan string, what string) string {
			t.Helper()
			select {
			case id := <-ch:
				return id
			case <-time.After(5 * time.Second):
				t.Fatalf("no %s heard in 5 s", what)
				return ""
			}
		}
		quiet := func(ch chan string, what string) {
			t.Helper()
			select {
			case id := <-ch:
				t.Fatalf("a %s heard: %q", what, id)
			case <-time.After(200 * time.Millisecond):
			}
		}

		if n, err := s.RevokeTokens(ctx, "p1", players.KindSession, "t1", "", at); err != nil || n != 1 {
			t.Fatalf("revoked %d, %v", n, err)
		}
		if id := hear(revoked, "revocation"); id != "p1" {
			t.Fatalf("the revocation heard as %q's", id)
		}
		quiet(events, "player event")

		if err := s.AddEvent(ctx, "p1", players.Event{Kind: players.EventTurn, Game: "g", Seat: 0, Version: 1, At: at}); err != nil {
			t.Fatal(err)
		}
		if id := hear(events, "player event"); id != "p1" {
			t.Fatalf("the event heard as %q's", id)
		}
		quiet(revoked, "revocation")

		if n, err := s.RevokeTokens(ctx, "p1", players.KindSession, "t1", "", at); err != nil || n != 0 {
			t.Fatalf("revoked again: %d, %v", n, err)
		}
		quiet(revoked, "revocation of nothing")
	})
}
