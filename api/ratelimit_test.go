package api

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

func TestRateLimits(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) {
		c.AddrLimit = Limit{PerSecond: 0.01, Burst: 3} // slow enough that no token comes back during the test, however slow the machine
	})
	var last resp
	for range 4 {
		last = e.req("GET", "/v1/variants", "", nil)
	}
	e.expect(last, http.StatusTooManyRequests)
	if p := last.problem(t); p.Code != "rate_limited" || last.header.Get("Retry-After") == "" {
		t.Fatalf("%+v %v", p, last.header)
	}
	// Health checks are never limited.
	e.expect(e.req("GET", "/healthz", "", nil), http.StatusOK)

	e = sqliteEnv(t, func(c *envConfig) { c.SeatLimit = Limit{PerSecond: 0.01, Burst: 2} })
	tb := e.newTable("basic", 2, variants.Options{}, "seat-limit")
	for range 2 {
		e.expect(e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil), http.StatusOK)
	}
	r := e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil)
	e.expect(r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// The other seat, and the public, have buckets of their own.
	e.expect(e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil), http.StatusOK)
	e.expect(e.req("GET", "/v1/games/"+tb.id, "", nil), http.StatusOK)

	// A signed-in player beyond any seat has a bucket of their own too,
	// whatever address each request comes from: a token shared among
	// clients cannot outrun it.
	e = sqliteEnv(t, func(c *envConfig) { c.SeatLimit = Limit{PerSecond: 0.01, Burst: 2} })
	alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
	for range 2 {
		e.expect(e.req("GET", "/v1/me", alice, nil), http.StatusOK)
	}
	r = e.req("GET", "/v1/me", alice, nil)
	e.expect(r, http.StatusTooManyRequests)
	if p := r.problem(t); p.Code != "rate_limited" || r.header.Get("Retry-After") == "" {
		t.Fatalf("%+v %v", p, r.header)
	}
	e.expect(e.req("GET", "/v1/me", bob, nil), http.StatusOK)
	e.expect(e.req("GET", "/v1/variants", "", nil), http.StatusOK)
}

func TestLimitersForgetIdleBuckets(t *testing.T) {
	l := newLimiters(Limit{PerSecond: 1, Burst: 1})
	now := time.Now()
	for i := range 100 {
		l.allow("k"+itoa(i), now)
	}
	if ok, wait := l.allow("k1", now); ok || wait <= 0 {
		t.Fatalf("second request in the same instant allowed (%v %v)", ok, wait)
	}
	l.allow("fresh", now.Add(time.Hour))
	l.mu.Lock()
	n := len(l.buckets)
	l.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d buckets after an hour idle", n)
	}
}

// TestChatLimitFollowsTheSeat: a guest who leaves a table and sits down
// again (a new token, the same seat) keeps the chat's bucket: the burst is
// not had again by coming back.
func TestChatLimitFollowsTheSeat(t *testing.T) {
	e := sqliteEnv(t)
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Ann"})
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(t, &created)
	id := created.Game.ID
	sit := func() (int, string) {
		r := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Mallory"})
		e.expect(r, http.StatusCreated)
		var s SeatResponse
		r.json(t, &s)
		return *s.Seat, deref(s.Token)
	}
	seat, token := sit()
	say := func(token string) int {
		return e.req("POST", "/v1/games/"+id+"/chat", token, map[string]any{"text": "spam"}).status
	}
	for range chatLimit.Burst {
		if got := say(token); got != http.StatusCreated {
			t.Fatalf("a line within the burst: %d", got)
		}
	}
	e.expect(e.req("DELETE", "/v1/games/"+id+"/seats/"+itoa(seat), token, nil), http.StatusNoContent)
	again, token := sit()
	if again != seat {
		t.Fatalf("sat down again at seat %d, not %d", again, seat)
	}
	if got := say(token); got != http.StatusTooManyRequests {
		t.Fatalf("the first line after sitting down again: %d, want 429", got)
	}
}

// TestLongPathParams: a path's parameter longer than any id, name or seed
// is refused (400) before anything keeps it: not looked up, nor kept as an
// idempotency key's scope or a rate limit's key.
func TestLongPathParams(t *testing.T) {
	e := sqliteEnv(t)
	token := e.signUp("Alice", "correct horse", false)
	long := strings.Repeat("a", maxPathParam+1)
	for _, tc := range []struct{ method, path, token string }{
		{"GET", "/v1/games/" + long, token},
		{"POST", "/v1/games/" + long + "/seats", ""},
		{"POST", "/v1/games/" + long + "/chat", token},
		{"GET", "/v1/seeds/" + long, ""},
		{"GET", "/v1/players/" + long, ""},
	} {
		r := e.req(tc.method, tc.path, tc.token, map[string]any{"text": "hi"}, "Idempotency-Key", "k1")
		if r.status != http.StatusBadRequest {
			t.Errorf("%s %s…: %d, want 400", tc.method, tc.path[:20], r.status)
		}
	}
	// An id of a length a path allows, but that no game can have, is no
	// such game, and no bucket of the chat's.
	e.expect(e.req("POST", "/v1/games/"+strings.Repeat("é", 64)+"/chat", token, map[string]any{"text": "hi"}), http.StatusNotFound)
	e.srv.chatLimits.mu.Lock()
	buckets := len(e.srv.chatLimits.buckets)
	e.srv.chatLimits.mu.Unlock()
	if buckets != 0 {
		t.Fatalf("%d chat buckets after lines at no game", buckets)
	}
}

// TestDocumentRateLimited: the document is limited as the API is, and its
// 429 is what the document says (the contract client holds it to it).
func TestDocumentRateLimited(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.AddrLimit = Limit{PerSecond: 0.01, Burst: 1} })
	e.expect(e.req("GET", "/openapi.json", "", nil), http.StatusOK)
	if r := e.req("GET", "/openapi.json", "", nil); r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Fatalf("the document past the limit: %d %v", r.status, r.header)
	}
}
