package api

import (
	"net/http"
	"strings"
	"testing"
)

// A private table's chat and replay stay behind its secret after the game
// ends: an anonymous reader, or one with a wrong secret, gets 403; one
// with the secret, or a seat, reads them.
func TestPrivateTableStaysPrivateAfterTheEnd(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Host", "private": true})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		id, host, secret := created.Game.ID, deref(created.Token), *created.Game.JoinSecret
		r = e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Guest2", "secret": secret})
		e.expect(r, http.StatusCreated)
		e.expect(e.req("POST", "/v1/games/"+id+"/chat", host, map[string]any{"text": "our secret plan"}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/games/"+id+"/terminate", host, nil), http.StatusOK)
		for _, path := range []string{"/replay", "/replay?format=hanablive", "/events?chat_after=0", "", "/replay?secret=guess"} {
			r := e.req("GET", "/v1/games/"+id+path, "", nil)
			if r.status != http.StatusForbidden || strings.Contains(string(r.body), "secret plan") {
				t.Fatalf("GET %s of a private table that ended, anonymously: %d %s", path, r.status, truncate(string(r.body), 200))
			}
		}
		for _, path := range []string{"/replay?secret=" + secret, "/events?chat_after=0&secret=" + secret} {
			e.expect(e.req("GET", "/v1/games/"+id+path, "", nil), http.StatusOK)
		}
		r = e.req("GET", "/v1/games/"+id+"/events?chat_after=0", host, nil)
		e.expect(r, http.StatusOK)
		if !strings.Contains(string(r.body), "secret plan") {
			t.Fatalf("a seat does not read its table's chat after the end: %s", truncate(string(r.body), 300))
		}
		e.expect(e.req("GET", "/v1/games/"+id+"/replay", host, nil), http.StatusOK)
		// Nor does a shared replay room show it to whoever opens one.
		outsider := e.signUp("Zed", "correct horse", false)
		r = e.req("POST", "/v1/rooms", outsider, map[string]any{"game": id})
		if r.status != http.StatusForbidden {
			t.Fatalf("a replay room on a private table's game, opened by an outsider: %d %s", r.status, truncate(string(r.body), 200))
		}
	})
}
