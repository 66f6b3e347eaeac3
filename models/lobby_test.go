package models

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// TestChangeLobby: a lobby change is made whole, at the version it was
// decided on, or not at all: its version moves on by one with the status,
// time and deadline it gives and its seat taken or freed; any change decided
// on another version, for a seat taken or another's, or of a game that is
// no lobby, is play.ErrConflict and changes nothing; a key goes in with its
// change, once.
func TestChangeLobby(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "s", Players: 4}, Options: "{}"}
		if err := s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "A"}, {Seat: 2, Name: "B", Bot: "x"}}, nil); err != nil {
			t.Fatal(err)
		}
		due := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
		at := now()
		take := func(seat int, name string) *play.Seat {
			return &play.Seat{Seat: seat, Name: name, Occupant: "occ-" + name}
		}
		key := &play.Key{Scope: "join", Key: "k", Hash: "h", Reply: []byte("answer")}
		steps := []struct {
			name   string
			after  int64
			c      play.LobbyChange
			want   error
			status string
			seats  string
		}{
			{"another version", 1, play.LobbyChange{Take: take(1, "C"), Status: play.StatusLobby}, play.ErrConflict, play.StatusLobby, "AB"},
			{"a seat taken", 0, play.LobbyChange{Take: take(2, "C"), Status: play.StatusLobby}, play.ErrConflict, play.StatusLobby, "AB"},
			{"join", 0, play.LobbyChange{Take: take(1, "C"), Status: play.StatusLobby, Key: key}, nil, play.StatusLobby, "ACB"},
			{"the key again", 1, play.LobbyChange{Take: take(3, "D"), Status: play.StatusLobby, Key: key}, play.ErrKeyTaken, play.StatusLobby, "ACB"},
			{"another's seat freed", 1, play.LobbyChange{Free: &play.Seat{Seat: 1, Occupant: "occ-A"}, Status: play.StatusLobby}, play.ErrConflict, play.StatusLobby, "ACB"},
			{"leave", 1, play.LobbyChange{Free: &play.Seat{Seat: 1, Occupant: "occ-C"}, Status: play.StatusLobby}, nil, play.StatusLobby, "AB"},
			{"join", 2, play.LobbyChange{Take: take(1, "D"), Status: play.StatusLobby}, nil, play.StatusLobby, "ADB"},
			{"the start", 3, play.LobbyChange{Take: take(3, "E"), Status: play.StatusActive, Deadline: &due}, nil, play.StatusActive, "ADBE"},
			{"no lobby", 4, play.LobbyChange{Free: &play.Seat{Seat: 3, Occupant: "occ-E"}, Status: play.StatusLobby}, play.ErrConflict, play.StatusActive, "ADBE"},
			{"no game", 0, play.LobbyChange{Status: play.StatusCancelled}, play.ErrConflict, play.StatusActive, "ADBE"},
		}
		version := int64(0)
		for i, st := range steps {
			st.c.At = at.Add(time.Duration(i) * time.Second)
			id := g.ID
			if st.name == "no game" {
				id = "missing"
			}
			if err := s.ChangeLobby(ctx, id, st.after, st.c); !errors.Is(err, st.want) {
				t.Fatalf("step %d (%s): %v, want %v", i, st.name, err, st.want)
			}
			if st.want == nil {
				version++
			}
			row := load(t, s, g.ID)
			names := ""
			for _, seat := range row.Seats {
				names += seat.Name[:1]
			}
			if row.Version != version || row.Status != st.status || names != st.seats {
				t.Fatalf("step %d (%s): version %d status %s seats %s, want %d %s %s", i, st.name, row.Version, row.Status, names, version, st.status, st.seats)
			}
			if st.want == nil && !row.UpdatedAt.Equal(st.c.At) {
				t.Fatalf("step %d (%s): changed at %v, want %v", i, st.name, row.UpdatedAt, st.c.At)
			}
		}
		if ids, _ := s.DueGames(ctx, due.Add(-time.Millisecond), 10); len(ids) != 0 {
			t.Fatalf("due before the start's deadline: %v", ids)
		}
		if ids, _ := s.DueGames(ctx, due, 10); len(ids) != 1 || ids[0] != g.ID {
			t.Fatalf("the start's deadline: due %v", ids)
		}
		if a, err := s.LookupIdempotency(ctx, "join", "k"); err != nil || string(a.Reply) != "answer" {
			t.Fatalf("the join's key: %+v %v", a, err)
		}
	})
}

// TestLobbyRace has more players than seats join at once through two
// stores (replicas), each deciding on the lobby it read as play does and
// deciding again when the store finds it stale: every seat goes to exactly
// one of them and the game starts once.
func TestLobbyRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		a, b := openStore(t, dbURL), openStore(t, dbURL)
		for _, players := range []int{2, 5} {
			g := newGame(t, a, players)
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
					s := a
					if j%2 == 1 {
						s = b
					}
					<-start
					for {
						row, err := s.LoadGame(ctx, g.ID)
						if err != nil {
							t.Error(err)
							return
						}
						seat := 0
						for _, st := range row.Seats {
							if st.Seat == seat {
								seat++
							}
						}
						if row.Status != play.StatusLobby || seat >= players {
							mu.Lock()
							fails++
							mu.Unlock()
							return
						}
						status := play.StatusLobby
						if len(row.Seats)+1 == players {
							status = play.StatusActive
						}
						err = s.ChangeLobby(ctx, g.ID, row.Version, play.LobbyChange{Take: &play.Seat{Seat: seat, Name: "p", Occupant: play.NewID()}, Status: status, At: now()})
						if errors.Is(err, play.ErrConflict) {
							continue
						}
						if err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						seats[seat]++
						mu.Unlock()
						return
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
			got := load(t, a, g.ID)
			if got.Status != play.StatusActive || got.Version != int64(players-1) || len(got.Seats) != players {
				t.Errorf("%d players: status %s version %d seats %d", players, got.Status, got.Version, len(got.Seats))
			}
		}
	})
}
