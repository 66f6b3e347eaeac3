// Package storetest helps tests run against the PostgreSQL server named by
// HANABI_TEST_DATABASE_URL, which tests of several packages share at once.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the variable that holds the test database's URL.
const Env = "HANABI_TEST_DATABASE_URL"

// PostgresURL creates a schema of the test's own (named prefix + random hex)
// and returns a URL whose connections use it; the schema is dropped when the
// test ends. It skips the test, saying so, when Env is unset.
func PostgresURL(t testing.TB, prefix string) string {
	t.Helper()
	base, schema := serverAndName(t, prefix)
	exec := adminOn(base)
	if err := exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema on %s: %v", Env, err)
	}
	t.Cleanup(func() {
		if err := exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// EachBackend runs fn as a subtest on a fresh SQLite file and, when Env is
// set, on a fresh Postgres schema named with prefix.
func EachBackend(t *testing.T, prefix string, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		fn(t, filepath.Join(t.TempDir(), "hanabi.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		fn(t, PostgresURL(t, prefix))
	})
}

// adminOn runs one SQL statement on base, on a connection of its own.
func adminOn(base string) func(sql string) error {
	return func(sql string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
}

// serverAndName returns the test server's URL and a fresh name that starts
// with prefix, or skips the test, saying so, when Env is unset.
func serverAndName(t testing.TB, prefix string) (base, name string) {
	t.Helper()
	base = os.Getenv(Env)
	if base == "" {
		t.Skip(Env + " is unset; skipping the Postgres run")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return base, prefix + hex.EncodeToString(b)
}
