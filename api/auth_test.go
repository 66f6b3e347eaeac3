package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hanabi-server/hanabi/variants"
)

func signed(t *testing.T, method jwt.SigningMethod, key any, claims jwt.Claims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// seatClaims is a seat token's payload as a forger would write it (see
// package auth): the game, the seat and its occupancy.
type seatClaims struct {
	Game     string `json:"gid"`
	Seat     int    `json:"seat"`
	Occupant string `json:"occ,omitempty"`
	jwt.RegisteredClaims
}

const (
	tokenIssuer   = "hanabi"
	tokenAudience = "hanabi-seat"
)

func claimsFor(game string, seat int, mod func(*seatClaims)) *seatClaims {
	now := time.Now()
	c := &seatClaims{Game: game, Seat: seat, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: tokenIssuer, Audience: jwt.ClaimStrings{tokenAudience},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)),
	}}
	if mod != nil {
		mod(c)
	}
	return c
}

// TestTokens refuses every kind of bad seat token on every endpoint that
// reads one: 401 with WWW-Authenticate for a bad token, 403 for a good token
// of another game.
func TestTokens(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "tokens")
	other := e.newTable("basic", 2, variants.Options{}, "tokens-other")
	id := tb.id

	st, err := e.games.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	occupied := func(c *seatClaims) { c.Occupant = st.Occupant(0) }
	good := signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, occupied))
	// Genuinely signed, but for no occupancy of the seat (one that was left).
	gone := signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, nil))
	// A genuine token, re-signed after its seat was changed, with another key.
	parts := strings.Split(tb.tokens[0], ".")
	forgedPayload := signed(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-123"), claimsFor(id, 1, nil))
	noneToken := signed(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claimsFor(id, 0, nil))
	cases := []struct {
		name   string
		header string
		status int
		code   string
	}{
		{"good", "Bearer " + good, 200, ""},
		{"a seat that was left", "Bearer " + gone, 401, "unauthorized"},
		{"malformed", "Bearer not.a.jwt", 401, "unauthorized"},
		{"garbage", "Bearer %%%", 401, "unauthorized"},
		{"empty bearer", "Bearer ", 401, "unauthorized"},
		{"basic scheme", "Basic YWxpY2U6cGFzcw==", 401, "unauthorized"},
		{"no scheme", tb.tokens[0], 401, "unauthorized"},
		{"alg none", "Bearer " + noneToken, 401, "unauthorized"},
		{"alg none, unsigned", "Bearer " + strings.Join([]string{"eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0", parts[1], ""}, "."), 401, "unauthorized"},
		{"re-signed with another key", "Bearer " + forgedPayload, 401, "unauthorized"},
		{"payload swapped", "Bearer " + parts[0] + "." + strings.Split(other.tokens[0], ".")[1] + "." + parts[2], 401, "unauthorized"},
		{"HS512 with the right key", "Bearer " + signed(t, jwt.SigningMethodHS512, testSecret, claimsFor(id, 0, nil)), 401, "unauthorized"},
		{"expired", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, func(c *seatClaims) {
			c.IssuedAt = jwt.NewNumericDate(time.Now().Add(-2 * time.Hour))
			c.ExpiresAt = jwt.NewNumericDate(time.Now().Add(-time.Hour))
		})), 401, "unauthorized"},
		{"no exp", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, func(c *seatClaims) { c.ExpiresAt = nil })), 401, "unauthorized"},
		{"wrong issuer", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, func(c *seatClaims) { c.Issuer = "someone" })), 401, "unauthorized"},
		{"wrong audience", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, func(c *seatClaims) { c.Audience = jwt.ClaimStrings{"admin"} })), 401, "unauthorized"},
		{"issued in the future", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 0, func(c *seatClaims) { c.IssuedAt = jwt.NewNumericDate(time.Now().Add(time.Hour)) })), 401, "unauthorized"},
		{"other game's token", "Bearer " + other.tokens[0], 403, "forbidden"},
		{"seat the game lacks", "Bearer " + signed(t, jwt.SigningMethodHS256, testSecret, claimsFor(id, 5, nil)), 403, "forbidden"},
	}
	endpoints := []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/games/" + id, nil},
		{"GET", "/v1/games/" + id + "/events", nil},
		{"POST", "/v1/games/" + id + "/actions", map[string]any{"type": "clue", "target": 1, "rank": 1, "version": 999}},
	}
	for _, tc := range cases {
		for _, ep := range endpoints {
			t.Run(tc.name+" "+ep.method+" "+ep.path[len("/v1/games/"+id):], func(t *testing.T) {
				r := e.req(ep.method, ep.path, "", ep.body, "Authorization", tc.header)
				want := tc.status
				if want == 200 && ep.method == "POST" {
					want = 409 // stale version: the token passed, the move did not
				}
				if r.status != want {
					t.Fatalf("status %d, want %d: %s", r.status, want, r.body)
				}
				if want < 400 {
					return
				}
				if tc.code != "" {
					if p := r.problem(t); p.Code != tc.code {
						t.Fatalf("code %s, want %s", p.Code, tc.code)
					}
				}
				if want == 401 && !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Bearer") {
					t.Fatalf("401 without WWW-Authenticate: Bearer")
				}
			})
		}
	}
	// An action needs a token at all.
	r := e.req("POST", "/v1/games/"+id+"/actions", "", map[string]any{"type": "play", "card": 0})
	e.expect(r, http.StatusUnauthorized)
	if r.header.Get("WWW-Authenticate") == "" {
		t.Fatal("no WWW-Authenticate")
	}
}

// TestOwnCardsNeverShown asks for a seat's own cards through every endpoint,
// and by every trick a client might try, during the game; a spectator sees no
// hand before the end and everything after it.
func TestOwnCardsNeverShown(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("farbrausch2", 3, variants.Options{}, "own-cards")
	// A few moves so that clues, draws and discards exist.
	for range 7 {
		tb.act(tb.pick())
	}
	seat := tb.local.Current()
	token := tb.tokens[seat]
	own := tb.ownCards(seat)
	allHands := map[int]bool{}
	for p := range tb.local.Players() {
		for id := range tb.ownCards(p) {
			allHands[id] = true
		}
	}
	id := tb.id
	probes := []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/games/" + id, nil},
		{"GET", "/v1/games/" + id + "?since=0&wait=1ms", nil},
		{"GET", "/v1/games/" + id + "/events", nil},
		{"GET", "/v1/games/" + id + "/events?after=0&wait=1ms", nil},
		{"GET", "/v1/games/" + id + "/replay", nil},
		{"GET", "/v1/games/" + id + "/replay?format=hanablive", nil},
		{"GET", "/v1/games?status=active", nil},
	}
	// Moves that would name or test one's own cards: each must fail without
	// saying what the card is.
	for cardID := range own {
		probes = append(probes,
			struct {
				method, path string
				body         any
			}{"POST", "/v1/games/" + id + "/actions", map[string]any{"type": "clue", "target": seat, "rank": 1}},
			struct {
				method, path string
				body         any
			}{"POST", "/v1/games/" + id + "/actions", map[string]any{"type": "discard", "card": cardID, "version": 0}},
			struct {
				method, path string
				body         any
			}{"POST", "/v1/games/" + id + "/actions", map[string]any{"type": "play", "card": cardID}},
		)
		break
	}
	for _, p := range probes {
		for _, who := range []string{"seat", "public"} {
			tok, hidden := token, own
			if who == "public" {
				tok, hidden = "", allHands
			}
			var r resp
			if p.method == "POST" && p.body.(map[string]any)["type"] == "play" {
				// A real play would change the game; try it with a wrong version.
				body := p.body.(map[string]any)
				body["version"] = 9999
				r = e.req(p.method, p.path, tok, body)
			} else {
				r = e.req(p.method, p.path, tok, p.body)
			}
			if r.status == 200 || r.status >= 400 && len(r.body) > 0 {
				if l := leaks(t, r.body, hidden); len(l) > 0 {
					t.Errorf("%s %s as %s: hidden cards at %v", p.method, p.path, who, l)
				}
			}
			if strings.Contains(p.path, "/replay") && r.status != http.StatusConflict {
				t.Errorf("replay of a running game: %d", r.status)
			}
		}
	}
	// The public view shows no card of any hand while the game runs.
	r := e.req("GET", "/v1/games/"+id, "", nil)
	var g GameView
	r.json(t, &g)
	if g.You != nil {
		t.Fatal("public view has a seat")
	}
	for _, h := range g.Hands {
		for _, c := range h.Cards {
			if c.Suit != nil || c.Rank != nil {
				t.Fatalf("public view shows card %d", c.ID)
			}
		}
	}
	// Play to the end; then the public view shows everything.
	for !tb.local.Over() {
		tb.act(tb.pick())
	}
	checkFinished(t, tb)
}

// TestTokenSurvivesRestart: a server built again on the same database (no
// configured secret) accepts the tokens of the first.
func TestTokenSurvivesRestart(t *testing.T) {
	path := t.TempDir() + "/h.db"
	e1 := newEnv(t, path, func(c *envConfig) { c.Secret = nil })
	tb := e1.newTable("basic", 2, variants.Options{}, "restart")
	e2 := newEnv(t, path, func(c *envConfig) { c.Secret = nil })
	r := e2.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil)
	e2.expect(r, http.StatusOK)
	var g GameView
	r.json(t, &g)
	if g.You == nil || *g.You != 1 {
		t.Fatalf("you = %v", g.You)
	}
}
