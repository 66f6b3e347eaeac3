package api

import (
	"net/http"
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
