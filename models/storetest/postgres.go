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

// EachBackend runs fn as a subtest on a fresh SQLite file and, when Env is
// set, on a fresh Postgres schema named with prefix.
func EachBackend(t *testing.T, prefix string, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, filepath.Join(t.TempDir(), "hanabi.db")) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresURL(t, prefix)) })
}

// PostgresURL creates a schema of the test's own (named prefix + random hex)
// and returns a URL whose connections use it; the schema is dropped when the
// test ends. It skips the test, saying so, when Env is unset.
func PostgresURL(t testing.TB, prefix string) string {
	t.Helper()
	u, name, _ := create(t, prefix, "SCHEMA", " CASCADE")
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresDatabase is PostgresURL with a database of the test's own, for
// tests that take a whole database away (an outage); admin runs SQL on the
// server's default database.
func PostgresDatabase(t testing.TB, prefix string) (dbURL, name string, admin func(sql string) error) {
	t.Helper()
	u, name, admin := create(t, prefix, "DATABASE", " WITH (FORCE)")
	u.Path = "/" + name
	return u.String(), name, admin
}

// create creates a schema or a database (kind) of a fresh name that starts
// with prefix, dropped (with drop's words) when the test ends, or skips the
// test, saying so, when Env is unset.
func create(t testing.TB, prefix, kind, drop string) (*url.URL, string, func(string) error) {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skip(Env + " is unset; skipping the Postgres run")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := prefix + hex.EncodeToString(b)
	admin := func(sql string) error {
		// A minute: dropping a database waits for its connections to go,
		// which a loaded machine (CI runs packages side by side) can make
		// slow.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := admin("CREATE " + kind + " " + name); err != nil {
		t.Fatalf("create %s on %s: %v", kind, Env, err)
	}
	t.Cleanup(func() {
		if err := admin("DROP " + kind + " " + name + drop); err != nil {
			t.Errorf("drop %s %s: %v", kind, name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", Env, err)
	}
	return u, name, admin
}
