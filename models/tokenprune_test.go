package models

import (
	"context"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/players"
)

// TestDeadTokensAreForgotten: every sign-in keeps a session's row; the
// rows of sessions that expired or were signed out, and of access tokens
// revoked, go when the player next gets a token, so that a player who
// signs in every day (a bot's program, each time it starts) does not keep
// a row a day for good. Live tokens stay, and still work.
func TestDeadTokensAreForgotten(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		clock := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		svc := players.New(players.Config{Store: s, Now: func() time.Time { return clock },
			Hash: &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}})
		p, first, err := svc.SignUp(ctx, "Robo", "correct horse", true, "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		rows := func() int {
			return ints(t, s, "SELECT count(*) FROM player_tokens WHERE player_id = ?", p.ID)[0]
		}
		// A session a day for 40 days, each signed out the next day but
		// the last: the first expired (30 days), the others were ended.
		var last string
		for day := range 40 {
			clock = clock.Add(24 * time.Hour)
			if last != "" {
				c, err := svc.Identify(ctx, last)
				if err != nil {
					t.Fatalf("day %d: yesterday's session: %v", day, err)
				}
				if err := svc.SignOut(ctx, c); err != nil {
					t.Fatal(err)
				}
			}
			if _, last, _, err = svc.SignIn(ctx, "robo", "correct horse", "10.0.0.1"); err != nil {
				t.Fatalf("day %d: %v", day, err)
			}
		}
		if n := rows(); n != 1 {
			t.Fatalf("after 40 sign-ins, 39 of them signed out and the first expired: %d rows of tokens kept; want 1 (the live session)", n)
		}
		if _, err := svc.Identify(ctx, last); err != nil {
			t.Fatalf("the live session: %v", err)
		}
		if _, err := svc.Identify(ctx, first); err == nil {
			t.Fatal("the first session, expired, still works")
		}
	})
}
