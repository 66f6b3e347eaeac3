package api

import (
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
)

// TestBotTablesLimited: a caller opens six tables of bots only at once,
// then is told 429 with Retry-After, while a table with a person at it
// and another caller's table of bots are opened.
func TestBotTablesLimited(t *testing.T) {
	e := newEnv(t, "", func(c *envConfig) { c.Bots = bots.List() })
	botsOnly := map[string]any{"variant": "no-variant", "players": 2,
		"bots": []any{map[string]any{"seat": 0, "strategy": "hat"}, map[string]any{"seat": 1, "strategy": "hat"}}}
	for i := range 6 {
		if r := e.req("POST", "/v1/games", "", botsOnly); r.status != http.StatusCreated {
			t.Fatalf("table of bots %d: %d %s", i, r.status, r.body)
		}
	}
	r := e.req("POST", "/v1/games", "", botsOnly)
	e.expect(r, http.StatusTooManyRequests)
	if p := r.problem(t); p.Code != codeRateLimited || r.header.Get("Retry-After") == "" {
		t.Fatalf("the seventh: %+v, Retry-After %q", p, r.header.Get("Retry-After"))
	}
	withMe := map[string]any{"variant": "no-variant", "players": 2,
		"bots": []any{map[string]any{"seat": 1, "strategy": "hat"}}}
	e.expect(e.req("POST", "/v1/games", "", withMe), http.StatusCreated)
	alice := e.signUp("Alice", pw, false)
	e.expect(e.req("POST", "/v1/games", alice, botsOnly), http.StatusCreated)
}
