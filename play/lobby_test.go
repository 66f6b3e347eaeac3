package play_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// TestLeaveLobby: a seat left is free again, and its next holder has a new
// occupancy; the last person leaving cancels the lobby; each refusal by its
// error.
func TestLeaveLobby(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		g := newGames(t, openStore(t, dbURL))
		st, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3, Name: "Alice"})
		if err != nil {
			t.Fatal(err)
		}
		if _, st, err = g.Join(ctx, st.ID, nobody, "Bob", "", nil); err != nil {
			t.Fatal(err)
		}
		alice, bob := st.Occupant(0), st.Occupant(1)
		for _, tc := range []struct {
			name     string
			id       string
			seat     int
			occupant string
			want     error
		}{
			{"another's occupant", st.ID, 1, alice, play.ErrRevoked},
			{"a free seat", st.ID, 2, alice, play.ErrRevoked},
			{"no such game", "nosuch", 0, alice, play.ErrNotFound},
		} {
			if _, err := g.Leave(ctx, tc.id, occupancy(tc.id, tc.seat, tc.occupant), tc.seat, ""); !errors.Is(err, tc.want) {
				t.Fatalf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		left, err := g.Leave(ctx, st.ID, occupancy(st.ID, 1, bob), 1, "")
		if err != nil || left.Status != play.StatusLobby || left.Version != 2 || left.Occupant(1) != "" {
			t.Fatalf("bob leaves: %+v %v", left, err)
		}
		seat, joined, err := g.Join(ctx, st.ID, nobody, "Carol", "", nil)
		carol := joined.Occupant(1)
		if err != nil || seat != 1 || carol == bob || carol == "" {
			t.Fatalf("carol joins seat %d as %q: %v", seat, carol, err)
		}
		if _, err := g.Leave(ctx, st.ID, occupancy(st.ID, 1, bob), 1, ""); !errors.Is(err, play.ErrRevoked) {
			t.Fatalf("bob again: %v", err)
		}
		if _, err := g.Leave(ctx, st.ID, occupancy(st.ID, 0, alice), 0, ""); err != nil {
			t.Fatal(err)
		}
		left, err = g.Leave(ctx, st.ID, occupancy(st.ID, 1, carol), 1, "")
		if err != nil || left.Status != play.StatusCancelled {
			t.Fatalf("the last person leaves: %+v %v", left, err)
		}
		if stored, err := newGames(t, openStore(t, dbURL)).Load(ctx, st.ID); err != nil || stored.Status != play.StatusCancelled || stored.Version != left.Version {
			t.Fatalf("stored after the last leave: %+v %v", stored, err)
		}
		if _, err := g.Leave(ctx, st.ID, occupancy(st.ID, 0, alice), 0, ""); !errors.Is(err, play.ErrRevoked) {
			t.Fatalf("leaving a cancelled game: %v", err)
		}
	})
}

// TestJoinRace: more players than seats join at once through two replicas:
// every seat goes to exactly one of them, the others are refused as the
// game is full, and the game starts once.
func TestJoinRace(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		a, b := newGames(t, openStore(t, dbURL)), newGames(t, openStore(t, dbURL))
		for _, players := range []int{2, 5} {
			st, _, err := a.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: players, Name: "Alice"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Load(ctx, st.ID); err != nil { // b has a snapshot of the lobby too
				t.Fatal(err)
			}
			const joiners = 10
			var (
				wg    sync.WaitGroup
				mu    sync.Mutex
				seats = map[int]int{}
				fails int
			)
			start := make(chan struct{})
			for j := range joiners {
				wg.Go(func() {
					g := a
					if j%2 == 1 {
						g = b
					}
					<-start
					seat, _, err := g.Join(ctx, st.ID, nobody, "p", "", nil)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						seats[seat]++
					case errors.Is(err, play.ErrGameFull):
						fails++
					default:
						t.Errorf("join: %v", err)
					}
				})
			}
			close(start)
			wg.Wait()
			if len(seats) != players-1 || fails != joiners-(players-1) {
				t.Fatalf("%d players: seats won %v, %d refused", players, seats, fails)
			}
			for seat, n := range seats {
				if seat < 1 || seat >= players || n != 1 {
					t.Errorf("seat %d taken %d times", seat, n)
				}
			}
			got, err := newGames(t, openStore(t, dbURL)).Load(ctx, st.ID)
			if err != nil || got.Status != play.StatusActive || got.Version != int64(players-1) || len(got.Seats) != players {
				t.Errorf("%d players: %+v %v", players, got, err)
			}
		}
	})
}
