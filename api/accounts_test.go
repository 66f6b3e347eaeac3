package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// signUp makes an account through the API and answers its session token.
func (e *testEnv) signUp(name, password string, bot bool) string {
	e.t.Helper()
	r := e.req("POST", "/v1/players", "", map[string]any{"name": name, "password": password, "bot": bot})
	e.expect(r, http.StatusCreated)
	var s SessionResponse
	r.json(e.t, &s)
	if s.Player.Name != name || s.Player.Bot != bot || !strings.HasPrefix(s.Token, "hps_") {
		e.t.Fatalf("sign-up answered %+v", s)
	}
	return s.Token
}

// signIn signs in and answers the session's token, or "" with the status.
func (e *testEnv) signIn(name, password string) (string, resp) {
	e.t.Helper()
	r := e.req("POST", "/v1/sessions", "", map[string]any{"name": name, "password": password})
	if r.status != http.StatusCreated {
		return "", r
	}
	var s SessionResponse
	r.json(e.t, &s)
	return s.Token, r
}

// Accounts end to end: sign up, sign in, who am I, sign out and the token
// refused after; a wrong password and an unknown name answered alike.
func TestAccounts(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		first := e.signUp("Alice", "correct horse", false)
		me := e.req("GET", "/v1/me", first, nil)
		e.expect(me, http.StatusOK)
		var pv PlayerView
		me.json(t, &pv)
		if pv.Name != "Alice" || pv.Bot {
			t.Fatalf("me: %+v", pv)
		}
		token, r := e.signIn("alice", "correct horse") // the name up to its fold
		if token == "" || token == first {
			t.Fatalf("sign-in: %d %s", r.status, r.body)
		}
		wrong, unknown := e.req("POST", "/v1/sessions", "", map[string]any{"name": "Alice", "password": "wrong horse"}),
			e.req("POST", "/v1/sessions", "", map[string]any{"name": "Mallory", "password": "wrong horse"})
		for _, r := range []resp{wrong, unknown} {
			e.expect(r, http.StatusUnauthorized)
			if p := r.problem(t); p.Code != codeWrongCredentials {
				t.Fatalf("a failed sign-in: %+v", p)
			}
		}
		if string(wrong.body) != string(unknown.body) {
			t.Errorf("a wrong password and an unknown name differ: %s / %s", wrong.body, unknown.body)
		}
		if strings.Contains(string(me.body), "hash") || strings.Contains(string(me.body), "argon2") {
			t.Errorf("the player's view carries a hash: %s", me.body)
		}
		// Signing out ends that session only.
		e.expect(e.req("DELETE", "/v1/sessions/current", token, nil), http.StatusNoContent)
		r = e.req("GET", "/v1/me", token, nil)
		e.expect(r, http.StatusUnauthorized)
		if p := r.problem(t); p.Code != codeUnauthorized {
			t.Fatalf("a signed-out token: %+v", p)
		}
		e.expect(e.req("GET", "/v1/me", first, nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/me", "", nil), http.StatusUnauthorized)
		e.expect(e.req("GET", "/v1/me", "hps_nonsense", nil), http.StatusUnauthorized)
	})
}

// Names are unique up to case, width and look-alike letters; names and
// passwords out of bounds are refused, each with a code of its own, and
// change nothing.
func TestAccountBadInput(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		e.signUp("Alice", "correct horse", false)
		for _, c := range []struct {
			name, password string
			status         int
			code           string
		}{
			{"ALICE", "another horse", 409, codeNameTaken},
			{"Αlice", "another horse", 409, codeNameTaken}, // a Greek capital alpha
			{"Alicé", "another horse", 409, codeNameTaken},
			{"A", "another horse", 422, codeInvalidName},
			{"twenty-one-characters", "another horse", 422, codeInvalidName},
			{"Bob Smith", "another horse", 422, codeInvalidName},
			{"Bob", "short", 422, codeInvalidPassword},
			{"Bob", strings.Repeat("p", 257), 422, codeInvalidPassword},
		} {
			r := e.req("POST", "/v1/players", "", map[string]any{"name": c.name, "password": c.password})
			if r.status != c.status {
				t.Fatalf("sign-up %q: %d %s, want %d", c.name, r.status, r.body, c.status)
			}
			p := r.problem(t)
			if p.Code != c.code {
				t.Fatalf("sign-up %q: %+v, want %s", c.name, p, c.code)
			}
			if c.code == codeNameTaken && !strings.Contains(p.Detail, "Alice") {
				t.Errorf("a taken name's problem does not name the clash: %q", p.Detail)
			}
		}
		// Nothing of the refused sign-ups exists.
		if _, r := e.signIn("Bob", "another horse"); r.status != http.StatusUnauthorized {
			t.Fatalf("a refused sign-up signs in: %d", r.status)
		}
		if _, r := e.signIn("Alice", "another horse"); r.status != http.StatusUnauthorized {
			t.Fatalf("a refused sign-up changed Alice's password: %d", r.status)
		}
	})
}

// Repeated failures for one name are refused before any check, with
// Retry-After, the right password too, until the bucket refills; other
// names from elsewhere are not.
func TestSignInFailuresLimited(t *testing.T) {
	e := sqliteEnv(t)
	e.signUp("Alice", "correct horse", false)
	e.signUp("Bobby", "correct horse", false)
	for i := range 5 {
		if _, r := e.signIn("Alice", "wrong horse "+strconv.Itoa(i)); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d", i, r.status)
		}
	}
	_, r := e.signIn("Alice", "correct horse")
	e.expect(r, http.StatusTooManyRequests)
	if p := r.problem(t); p.Code != codeTooManyAttempts {
		t.Fatalf("problem %+v", p)
	}
	if ra, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || ra < 60 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if token, r := e.signIn("Bobby", "correct horse"); token == "" {
		t.Fatalf("another name is refused: %d %s", r.status, r.body)
	}
}

// Access tokens: made once (the secret shown once), listed without it, work
// wherever a session does, and stop at once when revoked.
func TestAccessTokens(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		session := e.signUp("Robo", "correct horse", true)
		r := e.req("POST", "/v1/me/tokens", session, map[string]any{"name": "tournament bot"})
		e.expect(r, http.StatusCreated)
		var made NewAccessToken
		r.json(t, &made)
		if !strings.HasPrefix(made.Token, "hpa_") || made.AccessToken.Name != "tournament bot" || made.AccessToken.LastUsedAt != nil {
			t.Fatalf("made %+v", made)
		}
		me := e.req("GET", "/v1/me", made.Token, nil)
		e.expect(me, http.StatusOK)
		var pv PlayerView
		me.json(t, &pv)
		if pv.Name != "Robo" || !pv.Bot {
			t.Fatalf("the token speaks for %+v", pv)
		}
		r = e.req("GET", "/v1/me/tokens", session, nil)
		e.expect(r, http.StatusOK)
		var list AccessTokenList
		r.json(t, &list)
		if len(list.Tokens) != 1 || list.Tokens[0].ID != made.AccessToken.ID || list.Tokens[0].LastUsedAt == nil {
			t.Fatalf("listed %+v", list)
		}
		// The secret follows the id's "_" and may hold "_" itself (base64url).
		if _, secret, _ := strings.Cut(strings.TrimPrefix(made.Token, "hpa_"), "_"); strings.Contains(string(r.body), secret) {
			t.Fatal("the list shows the token's secret")
		}
		e.expect(e.req("POST", "/v1/me/tokens", session, map[string]any{"name": ""}), http.StatusBadRequest)
		e.expect(e.req("DELETE", "/v1/me/tokens/nope", session, nil), http.StatusNotFound)
		e.expect(e.req("DELETE", "/v1/me/tokens/"+made.AccessToken.ID, session, nil), http.StatusNoContent)
		e.expect(e.req("GET", "/v1/me", made.Token, nil), http.StatusUnauthorized)
		e.expect(e.req("DELETE", "/v1/me/tokens/"+made.AccessToken.ID, session, nil), http.StatusNotFound)
	})
}

// Changing the password ends every other session; the old password stops
// working and the new one signs in.
func TestChangePassword(t *testing.T) {
	e := sqliteEnv(t)
	a := e.signUp("Alice", "correct horse", false)
	b, _ := e.signIn("Alice", "correct horse")
	e.expect(e.req("PUT", "/v1/me/password", a, map[string]any{"password": "wrong horse", "new_password": "battery staple"}), http.StatusUnauthorized)
	e.expect(e.req("PUT", "/v1/me/password", a, map[string]any{"password": "correct horse", "new_password": "short"}), http.StatusUnprocessableEntity)
	e.expect(e.req("PUT", "/v1/me/password", a, map[string]any{"password": "correct horse", "new_password": "battery staple"}), http.StatusNoContent)
	e.expect(e.req("GET", "/v1/me", a, nil), http.StatusOK)
	e.expect(e.req("GET", "/v1/me", b, nil), http.StatusUnauthorized)
	if _, r := e.signIn("Alice", "correct horse"); r.status != http.StatusUnauthorized {
		t.Fatalf("the old password signs in: %d", r.status)
	}
	if token, r := e.signIn("Alice", "battery staple"); token == "" {
		t.Fatalf("the new password: %d %s", r.status, r.body)
	}
}

// A session ended on one replica is refused on the other at once, and its
// streams there end at once.
func TestSignOutAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	token := a.signUp("Alice", "correct horse", false)
	b.expect(b.req("GET", "/v1/me", token, nil), http.StatusOK)
	a.expect(a.req("DELETE", "/v1/sessions/current", token, nil), http.StatusNoContent)
	b.expect(b.req("GET", "/v1/me", token, nil), http.StatusUnauthorized)

	// A stream on the other replica ends at once too, as does one of an
	// access token revoked there.
	session, _ := a.signIn("Alice", "correct horse")
	endsAtOnce(t, b.url+"/v1/me/events/ndjson", session, func() {
		a.expect(a.req("DELETE", "/v1/sessions/current", session, nil), http.StatusNoContent)
	})
	session, _ = a.signIn("Alice", "correct horse")
	r := a.req("POST", "/v1/me/tokens", session, map[string]any{"name": "bot"})
	a.expect(r, http.StatusCreated)
	var made NewAccessToken
	r.json(t, &made)
	endsAtOnce(t, b.url+"/v1/lobby/events/sse", made.Token, func() {
		a.expect(a.req("DELETE", "/v1/me/tokens/"+made.AccessToken.ID, session, nil), http.StatusNoContent)
	})
	// A password changed ends the player's other sessions' streams.
	other, _ := a.signIn("Alice", "correct horse")
	endsAtOnce(t, b.url+"/v1/me/events/sse", other, func() {
		a.expect(a.req("PUT", "/v1/me/password", session, map[string]any{"password": "correct horse", "new_password": "battery staple"}), http.StatusNoContent)
	})
}
