package api

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
)

// A concurrent burst of sign-ins for one name from one address checks no
// more wrong passwords than the limit allows: each is counted before its
// hash, so the checks past the fifth failure are refused (429, or 503 busy
// past the hashing queue), the right password among 60 (the 45th) with
// them unless it came among the first.
func TestSignInBurstCountedBeforeHashing(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		e.signUp("Alice", "correct horse", false)
		attacker := e.from(t, "127.0.1.1")
		statuses := make([]int, 60)
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Go(func() {
				password := "wrong horse " + strconv.Itoa(i)
				if i == 44 {
					password = "correct horse"
				}
				statuses[i] = attacker.req("POST", "/v1/sessions", "", map[string]any{"name": "Alice", "password": password}).status
			})
		}
		wg.Wait()
		// A right password gives its token back (it is no failure), so
		// when it comes among the first five, one more wrong one is
		// checked: what the burst may not pass is a sixth failure.
		wrong, right, refused := 0, 0, 0
		for _, s := range statuses {
			switch s {
			case http.StatusTooManyRequests, http.StatusServiceUnavailable:
				refused++
			case http.StatusUnauthorized:
				wrong++
			case http.StatusCreated:
				right++
			default:
				t.Fatalf("a sign-in of the burst answered %d", s)
			}
		}
		if wrong > 5 || right > 1 {
			t.Fatalf("60 sign-ins at once: %d wrong passwords checked, %d right, %d refused; want at most 5 wrong", wrong, right, refused)
		}
	})
}

// Five wrong passwords from one address, or ten from many, do not lock
// the player out: the right one from an address that has not failed on
// the name passes. On Postgres the failures counted on one replica count
// on the other.
func TestNobodyLocksAPlayerOut(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		e.signUp("Alice", "correct horse", false)
		attacker := e.from(t, "127.0.2.1")
		for i := range 5 {
			_, r := attacker.signIn("Alice", "wrong horse "+strconv.Itoa(i))
			attacker.expect(r, http.StatusUnauthorized)
		}
		_, r := attacker.signIn("Alice", "correct horse")
		attacker.expect(r, http.StatusTooManyRequests)
		owner := e.from(t, "127.0.2.200")
		if token, r := owner.signIn("Alice", "correct horse"); token == "" {
			t.Fatalf("the owner from another address after five failures: %d %s", r.status, r.body)
		}
		// Many addresses: the name's own limit is passed.
		for a := range 12 {
			_, _ = e.from(t, fmt.Sprintf("127.0.2.%d", 10+a)).signIn("Alice", "wrong horse")
		}
		if token, r := owner.signIn("Alice", "correct horse"); token == "" {
			t.Fatalf("the owner, the name under attack from 13 addresses: %d %s", r.status, r.body)
		}
	})
}

// The guard's counts are shared by the replicas of one Postgres database.
func TestSignInGuardAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	a.signUp("Alice", "correct horse", false)
	onA, onB := a.from(t, "127.0.3.1"), b.from(t, "127.0.3.1")
	for i := range 5 {
		_, r := []*testEnv{onA, onB}[i%2].signIn("Alice", "wrong horse")
		a.expect(r, http.StatusUnauthorized)
	}
	for _, e := range []*testEnv{onA, onB} {
		_, r := e.signIn("Alice", "correct horse")
		e.expect(r, http.StatusTooManyRequests)
	}
	if token, r := b.from(t, "127.0.3.2").signIn("Alice", "correct horse"); token == "" {
		t.Fatalf("another address on the other replica: %d %s", r.status, r.body)
	}
}

// Changing the password checks the old one under the sign-in's limits: a
// stolen token guesses no more than a sign-in would.
func TestChangePasswordLimited(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		token := e.signUp("Alice", "correct horse", false)
		thief := e.from(t, "127.0.4.1")
		for i := range 5 {
			r := thief.req("PUT", "/v1/me/password", token, map[string]any{"password": "guess " + strconv.Itoa(i) + " horse", "new_password": "stolen horse"})
			thief.expect(r, http.StatusUnauthorized)
		}
		r := thief.req("PUT", "/v1/me/password", token, map[string]any{"password": "correct horse", "new_password": "stolen horse"})
		thief.expect(r, http.StatusTooManyRequests)
		if p := r.problem(t); p.Code != codeTooManyAttempts || r.header.Get("Retry-After") == "" {
			t.Fatalf("the sixth guess: %+v", p)
		}
		owner := e.from(t, "127.0.4.2")
		owner.expect(owner.req("PUT", "/v1/me/password", token, map[string]any{"password": "correct horse", "new_password": "another horse"}), http.StatusNoContent)
	})
}
