package models

import (
	"context"
	"testing"
	"time"
)

// TestKeptAnswersMigrate: a key's answer kept as status, headers and body
// apart reads, after migration 9, as the transport's one answer, the status
// and headers in front; a key still under way still has none.
func TestKeptAnswersMigrate(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		at := now().Add(-time.Minute)
		for _, q := range []string{
			"ALTER TABLE idempotency ADD COLUMN status INTEGER NOT NULL DEFAULT 0",
			"ALTER TABLE idempotency ADD COLUMN header TEXT NOT NULL DEFAULT ''",
			"ALTER TABLE idempotency DROP COLUMN token",
			"DELETE FROM schema_migrations WHERE version = 9",
		} {
			exec(t, s, q)
		}
		exec(t, s, "INSERT INTO idempotency (scope, idem_key, hash, status, header, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7), ($1, $8, $9, $10, $11, NULL, $7)",
			"s", "done", "h1", 201, `{"Location":"/v1/games/x"}`, []byte(`{"game":"é"}`), at, "busy", "h2", 0, "")
		if err := s.migrate(ctx); err != nil {
			t.Fatal(err)
		}
		done, err := s.LookupIdempotency(ctx, "s", "done")
		if want := "201 {\"Location\":\"/v1/games/x\"}\n{\"game\":\"é\"}"; err != nil || done.Hash != "h1" || string(done.Reply) != want {
			t.Fatalf("the kept answer reads %+v, %v; want %q", done, err, want)
		}
		busy, err := s.LookupIdempotency(ctx, "s", "busy")
		if err != nil || busy.Hash != "h2" || busy.Reply != nil {
			t.Fatalf("the key under way reads %+v, %v", busy, err)
		}
	})
}
