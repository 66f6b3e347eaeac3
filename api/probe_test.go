package api

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// Regression tests for what a probe of hostile inputs found.

// TestSeedControlCharacters: a seed with a control character (a NUL byte,
// which PostgreSQL cannot store) is refused with 400 invalid_text on every store, as
// names and notes are, and nothing is created.
func TestSeedControlCharacters(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		for _, seed := range []string{"a\x00b", "\x00", "line\nbreak", "del\x7f", "c1\u0085"} {
			r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "seed": seed})
			e.expect(r, http.StatusBadRequest)
			if p := r.problem(t); p.Code != "invalid_text" || !strings.Contains(p.Detail, "seed") {
				t.Errorf("seed %q: %+v", seed, p)
			}
		}
		var list GameList
		e.req("GET", "/v1/games", "", nil).json(t, &list)
		if len(list.Games) != 0 {
			t.Errorf("a refused create left %d games", len(list.Games))
		}
		// Any other text is a seed, as before.
		e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "seed": "Zoë 🎴 walkthrough"}), http.StatusCreated)
	})
}

// TestCORSPreflightAllowsEveryRoute: a browser on another origin may use
// every method the API routes (notes are written with PUT).
func TestCORSPreflightAllowsEveryRoute(t *testing.T) {
	e := sqliteEnv(t)
	methods := map[string]bool{}
	for _, rt := range e.srv.engine.Routes() {
		methods[rt.Method] = true
	}
	if !methods[http.MethodPut] {
		t.Fatalf("no PUT route: %v", methods)
	}
	for m := range methods {
		r := e.req("OPTIONS", "/v1/games/x/notes/3", "", nil, "Origin", "https://example.org", "Access-Control-Request-Method", m,
			"Access-Control-Request-Headers", "authorization,content-type")
		e.expect(r, http.StatusNoContent)
		allowed := strings.Split(r.header.Get("Access-Control-Allow-Methods"), ", ")
		if !containsString(allowed, m) {
			t.Errorf("the preflight for %s allows only %v", m, allowed)
		}
	}
}

// TestSwaggerSecurityHeaders: the interactive documentation sends the
// browser page's security headers on every answer, and its policy allows
// the page's inline style by hash, and nothing else inline.
func TestSwaggerSecurityHeaders(t *testing.T) {
	e := sqliteEnv(t)
	// A client that shows the redirect itself, and checks no contract.
	raw := plainClient(e)
	raw.client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, path := range []string{"/swagger/index.html", "/swagger/", "/swagger/index.css", "/swagger/swagger-initializer.js",
		"/swagger/swagger-ui.css", "/swagger/swagger-ui-bundle.js", "/swagger/doc.json", "/swagger/favicon-32x32.png", "/swagger/nothing-here"} {
		r := raw.req("GET", path, "", nil)
		h := r.header
		if h.Get("Content-Security-Policy") != swaggerCSP || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s (%d): CSP %q, nosniff %q, referrer %q", path, r.status, h.Get("Content-Security-Policy"), h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		}
	}
	r := e.req("GET", "/swagger/index.html", "", nil)
	e.expect(r, http.StatusOK)
	if regexp.MustCompile(`<script>|<style>|\son[a-z]+=`).Match(r.body) {
		t.Errorf("the page has inline script or style elements, which its policy refuses")
	}
	styles := regexp.MustCompile(`style="([^"]*)"`).FindAllSubmatch(r.body, -1)
	if len(styles) == 0 {
		t.Fatal("no inline style on the page: the policy's hash allows nothing")
	}
	for _, m := range styles {
		sum := sha256.Sum256(m[1])
		if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(swaggerCSP, h) {
			t.Errorf("the policy does not allow the page's style %q (%s)", m[1], h)
		}
	}
}

// TestJoinSecretTooLong: a join secret longer than the document's 64
// characters is refused with 400, before the table is asked.
func TestJoinSecretTooLong(t *testing.T) {
	e := sqliteEnv(t)
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "private": true})
	e.expect(r, http.StatusCreated)
	var created SeatResponse
	r.json(t, &created)
	id := created.Game.ID
	secret := deref(created.Game.JoinSecret)
	for _, long := range []string{strings.Repeat("s", 65), strings.Repeat("é", 65), secret + strings.Repeat("x", 1000)} {
		r := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob", "secret": long})
		e.expect(r, http.StatusBadRequest)
		if p := r.problem(t); !strings.Contains(p.Detail, "secret") {
			t.Errorf("a %d-byte secret: %+v", len(long), p)
		}
	}
	r = e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob", "secret": strings.Repeat("é", 64)})
	e.expect(r, http.StatusForbidden) // 64 characters: the length is fine, the secret wrong
	e.expect(e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob", "secret": secret}), http.StatusCreated)
}

// TestNoSniffAndNoForwardedPrefix: every answer tells browsers not to
// guess its type (a parked long-poll's, a refusal's and an unrouted
// path's too), and a client's X-Forwarded-Prefix goes into no redirect.
func TestNoSniffAndNoForwardedPrefix(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "nosniff")
	for _, r := range []resp{
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil),
		e.req("GET", "/v1/games/"+tb.id+"?since=0&wait=1s", tb.tokens[0], nil),
		e.req("GET", "/v1/games/nosuchgame", "", nil),
		e.req("GET", "/v1/nowhere", "", nil),
	} {
		if r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("an answer %d without nosniff: %v", r.status, r.header)
		}
	}
	req, err := http.NewRequest("GET", e.url+"/v1/games/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Forwarded-Prefix", "/evil")
	res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if loc := res.Header.Get("Location"); res.StatusCode/100 != 3 || strings.Contains(loc, "evil") {
		t.Fatalf("GET /v1/games/: %d to %q", res.StatusCode, loc)
	}
}
