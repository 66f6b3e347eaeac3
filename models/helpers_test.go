package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// eachBackend runs fn on a fresh SQLite file and, when
// HANABI_TEST_DATABASE_URL is set, on a fresh Postgres schema.
func eachBackend(t *testing.T, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	storetest.EachBackend(t, "t_", fn)
}

// postgresURL creates a schema for this test and returns a URL whose
// connections use it, or skips the test when no database is configured.
func postgresURL(t testing.TB) string {
	return storetest.PostgresURL(t, "t_")
}

func openStore(t *testing.T, dbURL string, opts ...Option) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := Open(ctx, dbURL, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// newGame creates a lobby game with seat 0 taken.
func newGame(t *testing.T, s *Store, players int) *play.GameRow {
	t.Helper()
	g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: players}, Options: `{}`}
	if err := s.CreateGame(context.Background(), g, []play.Seat{{Seat: 0, Name: "Alice"}}, nil); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

// Action is a log entry as a test writes it.
type Action struct {
	GameID                               string
	Seq, Seat, Kind, Card, Target, Value int
	Auto                                 bool
	CreatedAt                            time.Time
}

// entry is a as play takes it.
func (a Action) entry() play.Entry {
	return play.Entry{Seq: a.Seq, Seat: a.Seat, Action: engine.Action{Kind: engine.Kind(a.Kind), Card: a.Card, Target: a.Target, Value: a.Value},
		At: a.CreatedAt, Auto: a.Auto}
}

// appendEntry appends e to game id after version after, as play does.
func appendEntry(ctx context.Context, s *Store, id string, e play.Entry, status string, after int64, key *play.Key) error {
	return s.Append(ctx, id, play.Append{Entry: e, Status: status, After: after, Key: key})
}

// load reads game id, failing the test if it cannot.
func load(t *testing.T, s *Store, id string) *play.Stored {
	t.Helper()
	g, err := s.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// exec runs q on s's writer, failing the test if it fails.
func exec(t *testing.T, s *Store, q string, args ...any) {
	t.Helper()
	if _, err := s.wdb().exec(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// ints reads the one column of integers that q answers on s's readers.
func ints(t *testing.T, s *Store, q string, args ...any) []int {
	t.Helper()
	var out []int
	if err := s.ormReads.Raw(q, args...).Scan(&out).Error; err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// join takes the lowest free seat of lobby id for name as play decides a
// join (the game starts with its last seat), and returns the seat and the
// time of the change.
func join(t *testing.T, s *Store, id, name string) (int, time.Time) {
	t.Helper()
	ctx := context.Background()
	g := load(t, s, id)
	seat := 0
	for _, st := range g.Seats {
		if st.Seat == seat {
			seat++
		}
	}
	status := play.StatusLobby
	if len(g.Seats)+1 == g.Players {
		status = play.StatusActive
	}
	at := now()
	c := play.LobbyChange{Take: &play.Seat{Seat: seat, Name: name, Occupant: play.NewID()}, Status: status, At: at}
	if err := s.ChangeLobby(ctx, id, g.Version, c); err != nil {
		t.Fatalf("join %s: %v", id, err)
	}
	return seat, at
}

func seatOccupant(t *testing.T, s *Store, gameID string, seat int) string {
	t.Helper()
	for _, st := range load(t, s, gameID).Seats {
		if st.Seat == seat {
			return st.Occupant
		}
	}
	t.Fatalf("seat %d is free", seat)
	return ""
}
