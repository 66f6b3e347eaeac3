package models

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// A guest's seat goes in, with the table made for them or the seat they
// take, only while no account has one of its name's keys: else the store
// answers play.ErrLookAlike and writes nothing.
func TestGuestGuard(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		at := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		if err := s.CreatePlayer(ctx, players.Player{ID: "p1", Name: "Alice", CreatedAt: at}, players.Keys{Fold: "alice", Skeleton: "alice", Lower: "alice"}, "hash"); err != nil {
			t.Fatal(err)
		}
		alike := &play.NameKeys{Fold: "alise", Skeleton: "alice", Lower: "alice"}
		other := &play.NameKeys{Fold: "bob", Skeleton: "bob", Lower: "bob"}

		g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: 2}, Options: `{}`, Guest: alike}
		if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "Aliсe"}}, nil); !errors.Is(err, play.ErrLookAlike) {
			t.Fatalf("a table for a guest named like an account: %v, want ErrLookAlike", err)
		}
		if _, err := s.LoadGame(ctx, g.ID); !errors.Is(err, play.ErrNotFound) {
			t.Fatalf("the refused table was written: %v", err)
		}
		// A keyed table refused keeps no key, which would answer a table
		// never made.
		g = &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: 2}, Options: `{}`, Guest: alike}
		key := &play.Key{Scope: "create", Key: "k1", Hash: "h", Reply: []byte(`{}`)}
		if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "Aliсe"}}, key); !errors.Is(err, play.ErrLookAlike) {
			t.Fatalf("a keyed table for a guest named like an account: %v, want ErrLookAlike", err)
		}
		if _, err := s.LookupIdempotency(ctx, "create", "k1"); !errors.Is(err, play.ErrNotFound) {
			t.Fatalf("the refused table's key was kept: %v", err)
		}
		g = &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: 3}, Options: `{}`, Guest: other}
		if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "Bob"}}, nil); err != nil {
			t.Fatal(err)
		}

		take := func(name string, keys *play.NameKeys) error {
			return s.ChangeLobby(ctx, g.ID, g.Version, play.LobbyChange{Take: &play.Seat{Seat: 1, Name: name, Occupant: play.NewID()},
				Status: play.StatusLobby, At: at, Guest: keys})
		}
		keyed := play.LobbyChange{Take: &play.Seat{Seat: 1, Name: "AIice", Occupant: play.NewID()}, Status: play.StatusLobby, At: at, Guest: alike,
			Key: &play.Key{Scope: "join", Key: "k2", Hash: "h", Reply: []byte(`{}`)}}
		if err := s.ChangeLobby(ctx, g.ID, g.Version, keyed); !errors.Is(err, play.ErrLookAlike) {
			t.Fatalf("a keyed seat for a guest named like an account: %v, want ErrLookAlike", err)
		}
		if _, err := s.LookupIdempotency(ctx, "join", "k2"); !errors.Is(err, play.ErrNotFound) {
			t.Fatalf("the refused seat's key was kept: %v", err)
		}
		if err := take("AIice", alike); !errors.Is(err, play.ErrLookAlike) {
			t.Fatalf("a seat for a guest named like an account: %v, want ErrLookAlike", err)
		}
		if st := load(t, s, g.ID); st.Version != g.Version || len(st.Seats) != 1 {
			t.Fatalf("the refused seat was written: version %d, %d seats", st.Version, len(st.Seats))
		}
		// A change that lost its race is still a conflict.
		if err := s.ChangeLobby(ctx, g.ID, g.Version+1, play.LobbyChange{Take: &play.Seat{Seat: 1, Name: "Carol", Occupant: play.NewID()},
			Status: play.StatusLobby, At: at, Guest: &play.NameKeys{Fold: "carol", Skeleton: "carol", Lower: "carol"}}); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("a stale guest's seat: %v, want ErrConflict", err)
		}
		if err := take("Carol", &play.NameKeys{Fold: "carol", Skeleton: "carol", Lower: "carol"}); err != nil {
			t.Fatal(err)
		}
		if st := load(t, s, g.ID); len(st.Seats) != 2 || st.Seats[1].Name != "Carol" {
			t.Fatalf("seats %+v", st.Seats)
		}
	})
}
