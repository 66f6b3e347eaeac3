package api

import (
	"net/http"
	"testing"
)

// A NUL or a byte that is not UTF-8 in a path or a query is 400 on every
// store, answered before any database call (Postgres refused such text
// with an error of its own, answered 500 and logged).
func TestBadBytesInPathOrQuery(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		for _, path := range []string{
			"/v1/seeds/%00", "/v1/seeds/%ff", "/v1/seeds/p2v0s1%c3",
			"/v1/players/%00", "/v1/players/Al%ffice", "/v1/players/Alice/games?variant=%ff",
			"/v1/players/Alice/games?cursor=%00", "/v1/games/%00", "/v1/games/%fe%ff/replay",
			"/v1/variants/%ff/stats",
		} {
			r := e.req("GET", path, "", nil)
			if r.status != http.StatusBadRequest || r.problem(t).Code != codeBadRequest {
				t.Errorf("GET %s: %d %s, want 400 bad_request", path, r.status, r.body)
			}
		}
		for _, path := range []string{"/v1/me/tokens/%00", "/v1/me/tokens/%ff", "/v1/me/mutes/%00"} {
			r := e.req("DELETE", path, alice, nil)
			if r.status != http.StatusBadRequest || r.problem(t).Code != codeBadRequest {
				t.Errorf("DELETE %s: %d %s, want 400 bad_request", path, r.status, r.body)
			}
		}
		// Text that is UTF-8 still reaches the store, and is not found.
		e.expect(e.req("GET", "/v1/seeds/p2v0s%C3%A9", "", nil), http.StatusNotFound)
		e.expect(e.req("DELETE", "/v1/me/tokens/%C3%A9", alice, nil), http.StatusNotFound)
	})
}
