package models

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/models/storetest"
)

const testDBEnv = "HANABI_TEST_DATABASE_URL"

// eachBackend runs fn as a subtest on SQLite and, when HANABI_TEST_DATABASE_URL
// is set, on Postgres. fn gets a database URL of its own: a file in a temp
// dir, or a fresh schema that is dropped afterwards (the test database is
// shared with other packages' tests running at the same time).
func eachBackend(t *testing.T, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		fn(t, filepath.Join(t.TempDir(), "hanabi.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		fn(t, postgresURL(t))
	})
}

// postgresURL creates a schema for this test and returns a URL whose
// connections use it, or skips the test when no database is configured.
func postgresURL(t testing.TB) string {
	return storetest.PostgresURL(t, "t_")
}

func openStore(t *testing.T, dbURL string) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := Open(ctx, dbURL)
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
func newGame(t *testing.T, s *Store, players int) *Game {
	t.Helper()
	g := &Game{Variant: "basic", Options: `{}`, Seed: "seed", Players: players}
	if err := s.CreateGame(context.Background(), g, []Seat{{Seat: 0, Name: "Alice"}}); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func received(ch <-chan struct{}, within time.Duration) bool {
	select {
	case <-ch:
		return true
	case <-time.After(within):
		return false
	}
}
