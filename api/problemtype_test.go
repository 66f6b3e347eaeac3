package api

import (
	"net/http"
	"testing"
)

func TestProblemMedia(t *testing.T) {
	for accept, want := range map[string]string{
		"":                             problemType,
		"application/json":             jsonMedia,
		"application/json, text/plain": jsonMedia,
		"application/problem+json":     problemType,
		"application/json, application/problem+json":     problemType,
		"application/problem+json;q=0, application/json": jsonMedia,
		"application/json;q=0":                           problemType,
		"*/*":                                            problemType,
		"application/json, */*;q=0.1":                    problemType,
		"application/*":                                  problemType,
		"text/html":                                      problemType,
		"APPLICATION/JSON":                               jsonMedia,
	} {
		if got := problemMedia(accept); got != want {
			t.Errorf("Accept %q: %s, want %s", accept, got, want)
		}
	}
}

// A client that reads only JSON gets its errors as application/json, from
// the handlers, the router and the rate limit alike; every other client
// gets application/problem+json. The contract client checks the body.
func TestProblemAsPlainJSON(t *testing.T) {
	e := sqliteEnv(t)
	for _, c := range []struct {
		name, method, path string
		body               any
		status             int
	}{
		{"a handler's refusal", "POST", "/v1/games", map[string]any{"variant": "basic", "players": 9}, http.StatusBadRequest},
		{"an unknown game", "GET", "/v1/games/0123456789abcdef0123456789abcdef", nil, http.StatusNotFound},
		{"no such route", "GET", "/v1/nowhere", nil, http.StatusNotFound},
		{"a bad token", "GET", "/v1/games/0123456789abcdef0123456789abcdef", nil, http.StatusUnauthorized},
	} {
		token := ""
		if c.status == http.StatusUnauthorized {
			token = "not-a-token"
		}
		for accept, want := range map[string]string{"application/json": jsonMedia, "": problemType} {
			var hdr []string
			if accept != "" {
				hdr = []string{"Accept", accept}
			}
			r := e.req(c.method, c.path, token, c.body, hdr...)
			e.expect(r, c.status)
			if ct := r.header.Get("Content-Type"); ct != want {
				t.Errorf("%s, Accept %q: Content-Type %q, want %q", c.name, accept, ct, want)
			}
			r.problem(t)
		}
	}
}
