package players

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/auth"
)

func init() {
	// The flows, not Argon2id's cost (BenchmarkSignIn measures that).
	HashParams = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
}

// A session works until it expires; an access token until revoked; a token
// whose secret differs by a byte never.
func TestTokensLife(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	st := newMemStore()
	s := New(Config{Store: st, Now: func() time.Time { return now }})
	ctx := context.Background()
	p, session, err := s.SignUp(ctx, "Alice", "correct horse", false, "addr")
	if err != nil {
		t.Fatal(err)
	}
	who, err := s.Identify(ctx, session)
	if err != nil || who.Account.ID != p.ID || who.Via != auth.Session {
		t.Fatalf("Identify: %+v %v", who, err)
	}
	// Its end goes with it, for the follows that hold it to end then.
	if end := who.Ends(); !end.Equal(now.Add(SessionTTL)) {
		t.Fatalf("the session ends %v, want %v", end, now.Add(SessionTTL))
	}
	_, access, err := s.MakeToken(ctx, who, "bot")
	if err != nil {
		t.Fatal(err)
	}
	if bot, err := s.Identify(ctx, access); err != nil || !bot.Ends().IsZero() {
		t.Fatalf("the access token: ends %v, %v; want never", bot.Ends(), err)
	}
	forged := session[:len(session)-1] + "x"
	if session[len(session)-1] == 'x' {
		forged = session[:len(session)-1] + "y"
	}
	for _, raw := range []string{forged, "hps_short", access[:4] + session[4:]} {
		if _, err := s.Identify(ctx, raw); !errors.Is(err, ErrUnauthorized) {
			t.Errorf("Identify(%q): %v, want ErrUnauthorized", raw, err)
		}
	}
	// No player's token at all: a seat's token, maybe, which is not ours
	// to refuse.
	if _, err := s.Identify(ctx, "Bearer "+session); !errors.Is(err, auth.ErrNotPlayers) {
		t.Errorf("Identify of a token with a prefix: %v, want auth.ErrNotPlayers", err)
	}
	now = now.Add(SessionTTL)
	if _, err := s.Identify(ctx, session); !errors.Is(err, ErrUnauthorized) {
		t.Errorf("an expired session: %v", err)
	}
	if _, err := s.Identify(ctx, access); err != nil {
		t.Errorf("an access token expired: %v", err)
	}
}

// An unknown name and a wrong password are one refusal.
func TestSignInRefusals(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	if _, _, err := s.SignUp(ctx, "Alice", "correct horse", false, "a"); err != nil {
		t.Fatal(err)
	}
	_, _, _, wrong := s.SignIn(ctx, "Alice", "wrong horse", "a")
	_, _, _, unknown := s.SignIn(ctx, "Mallory", "wrong horse", "a")
	if wrong != ErrWrongPassword || unknown != ErrWrongPassword {
		t.Fatalf("wrong password %v, unknown name %v", wrong, unknown)
	}
}

// No account may be named like the names a guest who gives none sits
// under: a guest of that name would look like the account.
func TestGuestNamesAreNoAccounts(t *testing.T) {
	s := New(Config{Store: newMemStore()})
	ctx := context.Background()
	for _, name := range []string{"Guest", "GUEST", "guest", "Seat0", "seat0", "SEAT0"} {
		_, _, err := s.SignUp(ctx, name, "correct horse", false, "10.0.0.1")
		var pe *Error
		if !errors.As(err, &pe) || pe.Code != NameTaken {
			t.Fatalf("sign-up as %q: %v, want name_taken", name, err)
		}
	}
	if _, _, err := s.SignUp(ctx, "Guesty", "correct horse", false, "10.0.0.1"); err != nil {
		t.Fatalf("sign-up as Guesty: %v", err)
	}
}
