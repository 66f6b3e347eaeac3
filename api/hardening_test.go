package api

import (
	"net/http"
	"strconv"
	"testing"
)

// Invented HTTP methods must not become label values: /metrics stays the
// same size however many a client sends, to routes and to nowhere.
func TestMethodFloodKeepsMetricsBounded(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) { methodFlood(t, newEnv(t, dbURL)) })
}

func methodFlood(t *testing.T, e *testEnv) {
	size := func() int {
		r := e.req("GET", "/metrics", "", nil)
		e.expect(r, http.StatusOK)
		return len(r.body)
	}
	flood := func(from, to int) {
		for i := from; i < to; i++ {
			path := "/v1/nowhere/" + strconv.Itoa(i)
			if i%2 == 0 {
				path = "/v1/games"
			}
			r := e.req("M"+strconv.Itoa(i), path, "", nil)
			if r.status != http.StatusNotFound && r.status != http.StatusMethodNotAllowed {
				t.Fatalf("method M%d on %s: %d", i, path, r.status)
			}
		}
	}
	flood(0, 10) // the OTHER series exist from here on
	before := size()
	flood(10, 1010)
	after := size()
	// The runtime's own metrics move a little between scrapes; a series per
	// method would add hundreds of kilobytes.
	if after-before > 4096 {
		t.Fatalf("/metrics grew from %d to %d bytes over 1,000 invented methods", before, after)
	}
}

// Requests that match no route are rate limited like the others.
func TestUnroutedRequestsAreLimited(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		unroutedLimited(t, newEnv(t, dbURL, func(c *envConfig) { c.AddrLimit = Limit{PerSecond: 0.5, Burst: 2} }))
	})
}

func unroutedLimited(t *testing.T, e *testEnv) {
	var last resp
	for range 3 {
		last = e.req("GET", "/v1/nowhere", "", nil)
	}
	e.expect(last, http.StatusTooManyRequests)
	last = e.req("BREW", "/v1/games", "", nil)
	e.expect(last, http.StatusTooManyRequests)
}

// Retry-After says how long the limiter really wants the client to wait.
func TestRetryAfterIsTheLimitersWait(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		retryAfter(t, newEnv(t, dbURL, func(c *envConfig) { c.AddrLimit = Limit{PerSecond: 0.2, Burst: 1} }))
	})
}

func retryAfter(t *testing.T, e *testEnv) {
	e.expect(e.req("GET", "/v1/bots", "", nil), http.StatusOK)
	r := e.req("GET", "/v1/bots", "", nil)
	e.expect(r, http.StatusTooManyRequests)
	if got := r.header.Get("Retry-After"); got != "5" {
		t.Fatalf("Retry-After %q, want 5 (one request every 5 s)", got)
	}
}
