package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// TestBadInput sends every endpoint what a careless or hostile client might:
// each gets a problem with the right code, never a 500.
func TestBadInput(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = []bots.Strategy{testStrategy} })
	tb := e.newTable("farbrausch2", 2, variants.Options{}, "bad-input")
	lobby := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3})
	e.expect(lobby, http.StatusCreated)
	var lg SeatResponse
	lobby.json(t, &lg)
	id := tb.id
	seat := tb.local.Current()
	tok := tb.tokens[seat]
	other := tb.tokens[1-seat]
	own := tb.local.Hand(seat)[0]
	huge := `{"variant":"basic","players":2,"name":"` + strings.Repeat("x", 70<<10) + `"}`

	cases := []struct {
		name         string
		method, path string
		token        string
		body         any
		status       int
		code, reason string
		detail       string // a fragment the detail must contain
	}{
		// POST /games
		{"create: empty body", "POST", "/v1/games", "", "", 400, "bad_request", "", "empty"},
		{"create: not JSON", "POST", "/v1/games", "", "{variant: basic}", 400, "bad_request", "", "malformed JSON"},
		{"create: truncated", "POST", "/v1/games", "", `{"variant": "basic"`, 400, "bad_request", "", "malformed"},
		{"create: array", "POST", "/v1/games", "", `[1,2]`, 400, "bad_request", "", "JSON object"},
		{"create: two objects", "POST", "/v1/games", "", `{"variant":"basic","players":2}{}`, 400, "bad_request", "", "more than one"},
		{"create: unknown field", "POST", "/v1/games", "", `{"variant":"basic","players":2,"colour":"red"}`, 400, "bad_request", "", `"colour"`},
		{"create: players is a string", "POST", "/v1/games", "", `{"variant":"basic","players":"two"}`, 400, "bad_request", "", "players"},
		{"create: players is a float", "POST", "/v1/games", "", `{"variant":"basic","players":2.5}`, 400, "bad_request", "", "players"},
		{"create: players overflow", "POST", "/v1/games", "", `{"variant":"basic","players":99999999999999999999}`, 400, "bad_request", "", "players"},
		{"create: 1 player", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 1}, 400, "bad_request", "", "players must be 2–6"},
		{"create: 7 players", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 7}, 400, "bad_request", "", "players must be 2–6"},
		{"create: no variant", "POST", "/v1/games", "", map[string]any{"players": 2}, 400, "bad_request", "", "variant"},
		{"create: unknown variant", "POST", "/v1/games", "", map[string]any{"variant": "chess", "players": 2}, 400, "bad_request", "", "chess"},
		{"create: storm tokens 0", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "options": map[string]any{"storm_tokens": 0}}, 400, "bad_request", "", "storm_tokens"},
		{"create: note tokens 17", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "options": map[string]any{"note_tokens": 17}}, 400, "bad_request", "", "note_tokens"},
		{"create: rainbow on basic", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "options": map[string]any{"rainbow_cards": 5}}, 400, "bad_request", "", "rainbow_cards"},
		{"create: rainbow 7", "POST", "/v1/games", "", map[string]any{"variant": "farbrausch", "players": 2, "options": map[string]any{"rainbow_cards": 7}}, 400, "bad_request", "", "rainbow_cards"},
		{"create: unknown option", "POST", "/v1/games", "", `{"variant":"basic","players":2,"options":{"timer":1}}`, 400, "bad_request", "", `"timer"`},
		{"create: empty clues not bool", "POST", "/v1/games", "", `{"variant":"basic","players":2,"options":{"empty_clues":"yes"}}`, 400, "bad_request", "", "empty_clues"},
		{"create: empty seed", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "seed": ""}, 400, "bad_request", "", "seed"},
		{"create: long seed", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "seed": strings.Repeat("s", 300)}, 400, "bad_request", "", "seed"},
		{"create: long name", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": strings.Repeat("n", 65)}, 400, "bad_request", "", "name"},
		{"create: control char name", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "a\x00b"}, 400, "invalid_text", "", "control"},
		{"create: oversized body", "POST", "/v1/games", "", huge, 400, "bad_request", "", "larger than"},
		{"create: a key twice", "POST", "/v1/games", "", []byte(`{"variant":"basic","players":2,"players":3,"name":"A"}`), 400, "bad_request", "", "twice"},
		{"create: a key twice, nested", "POST", "/v1/games", "", []byte(`{"variant":"basic","players":2,"options":{"note_tokens":8,"note_tokens":2}}`), 400, "bad_request", "", "twice"},
		{"create: not UTF-8", "POST", "/v1/games", "", []byte("{\"variant\":\"basic\",\"players\":2,\"name\":\"A\xffB\"}"), 400, "bad_request", "", "UTF-8"},
		{"create: unknown bot", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "bots": []any{map[string]any{"seat": 1, "strategy": "deep-blue"}}}, 400, "bad_request", "", "deep-blue"},
		{"create: bot in seat 2 of 2", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "bots": []any{map[string]any{"seat": 2, "strategy": "tester"}}}, 400, "bad_request", "", "seat"},
		{"create: bot past the table", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "bots": []any{map[string]any{"seat": 2, "strategy": "tester"}}}, 400, "bad_request", "", "seat"},
		{"create: bot twice", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "bots": []any{map[string]any{"seat": 1, "strategy": "tester"}, map[string]any{"seat": 1, "strategy": "tester"}}}, 400, "bad_request", "", "twice"},

		// GET /games
		{"list: bad status", "GET", "/v1/games?status=paused", "", nil, 400, "bad_request", "", "status"},
		{"list: limit 0", "GET", "/v1/games?limit=0", "", nil, 400, "bad_request", "", "limit"},
		{"list: limit 101", "GET", "/v1/games?limit=101", "", nil, 400, "bad_request", "", "limit"},
		{"list: limit word", "GET", "/v1/games?limit=ten", "", nil, 400, "bad_request", "", "limit"},
		{"list: forged cursor", "GET", "/v1/games?cursor=%27%3B%20DROP%20TABLE%20games", "", nil, 400, "bad_request", "", "cursor"},
		// A query that is not one is refused, not read as none.
		{"list: bad escape", "GET", "/v1/games?status=%zz", "", nil, 400, "bad_request", "", "query string"},
		{"list: semicolon", "GET", "/v1/games?status=finished;x=1", "", nil, 400, "bad_request", "", "query string"},
		{"view: bad escape", "GET", "/v1/games/" + id + "?turn=%zz", "", nil, 400, "bad_request", "", "query string"},

		// variants
		{"variant: unknown", "GET", "/v1/variants/chess", "", nil, 404, "not_found", "", "chess"},

		// POST /games/{id}/seats
		{"join: unknown game", "POST", "/v1/games/" + strings.Repeat("0", 32) + "/seats", "", nil, 404, "not_found", "", ""},
		{"join: odd id", "POST", "/v1/games/..%2f..%2fetc/seats", "", nil, 404, "not_found", "", ""},
		{"join: full", "POST", "/v1/games/" + id + "/seats", "", map[string]any{"name": "C"}, 409, "game_full", "", ""},
		{"join: unknown field", "POST", "/v1/games/" + lg.Game.ID + "/seats", "", `{"nick":"C"}`, 400, "bad_request", "", `"nick"`},
		{"join: name type", "POST", "/v1/games/" + lg.Game.ID + "/seats", "", `{"name":5}`, 400, "bad_request", "", "name"},

		// GET /games/{id}
		{"view: unknown game", "GET", "/v1/games/" + strings.Repeat("f", 32), "", nil, 404, "not_found", "", ""},
		{"view: since word", "GET", "/v1/games/" + id + "?since=x", "", nil, 400, "bad_request", "", "since"},
		{"view: since negative", "GET", "/v1/games/" + id + "?since=-1", "", nil, 400, "bad_request", "", "since"},
		{"view: wait word", "GET", "/v1/games/" + id + "?wait=forever", "", nil, 400, "bad_request", "", "wait"},
		{"view: wait negative", "GET", "/v1/games/" + id + "?wait=-5s", "", nil, 400, "bad_request", "", "wait"},
		{"view: wait NaN", "GET", "/v1/games/" + id + "?wait=NaN", "", nil, 400, "bad_request", "", "wait"},

		// GET /games/{id}/events
		{"events: after word", "GET", "/v1/games/" + id + "/events?after=x", "", nil, 400, "bad_request", "", "after"},
		{"events: after negative", "GET", "/v1/games/" + id + "/events?after=-1", "", nil, 400, "bad_request", "", "after"},
		{"events: unknown game", "GET", "/v1/games/" + strings.Repeat("a", 32) + "/events", "", nil, 404, "not_found", "", ""},

		// POST /games/{id}/actions
		{"act: no token", "POST", "/v1/games/" + id + "/actions", "", map[string]any{"type": "play", "card": own}, 401, "unauthorized", "", "token"},
		{"act: empty body", "POST", "/v1/games/" + id + "/actions", tok, "", 400, "bad_request", "", "empty"},
		{"act: not JSON", "POST", "/v1/games/" + id + "/actions", tok, "play 3", 400, "bad_request", "", "malformed"},
		{"act: no type", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"card": own}, 400, "bad_request", "", "type"},
		{"act: bad type", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "pass"}, 400, "bad_request", "", "type"},
		{"act: type number", "POST", "/v1/games/" + id + "/actions", tok, `{"type":0,"card":1}`, 400, "bad_request", "", "type"},
		{"act: unknown field", "POST", "/v1/games/" + id + "/actions", tok, `{"type":"play","card":1,"slot":2}`, 400, "bad_request", "", `"slot"`},
		{"act: play without card", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play"}, 400, "bad_request", "", "card"},
		{"act: card string", "POST", "/v1/games/" + id + "/actions", tok, `{"type":"play","card":"3"}`, 400, "bad_request", "", "card"},
		{"act: card overflow", "POST", "/v1/games/" + id + "/actions", tok, `{"type":"play","card":1e30}`, 400, "bad_request", "", "card"},
		{"act: play with target", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play", "card": own, "target": 1}, 400, "bad_request", "", "only card"},
		{"act: clue without target", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "rank": 1}, 400, "bad_request", "", "target"},
		{"act: clue with card", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat, "card": 1, "rank": 1}, 400, "bad_request", "", "card"},
		{"act: negative version", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play", "card": own, "version": -1}, 400, "bad_request", "", "version"},
		{"act: clue both", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat, "rank": 1, "color": "red"}, 422, "illegal_action", "bad_clue", ""},
		{"act: clue neither", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat}, 422, "illegal_action", "bad_clue", ""},
		{"act: unknown color", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat, "color": "rainbow"}, 422, "illegal_action", "unknown_color", `"rainbow"`},
		{"act: rank 9", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat, "rank": 9}, 422, "illegal_action", "unknown_rank", ""},
		{"act: rank 0", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 1 - seat, "rank": 0}, 422, "illegal_action", "unknown_rank", ""},
		{"act: self clue", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": seat, "rank": 1}, 422, "illegal_action", "self_clue", ""},
		{"act: no such seat", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": 5, "rank": 1}, 422, "illegal_action", "no_such_seat", ""},
		{"act: negative seat", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "clue", "target": -1, "rank": 1}, 422, "illegal_action", "no_such_seat", ""},
		{"act: card not in hand", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play", "card": 49}, 422, "illegal_action", "card_not_in_hand", ""},
		{"act: negative card", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play", "card": -3}, 422, "illegal_action", "card_not_in_hand", ""},
		{"act: huge card", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "discard", "card": 1 << 40}, 422, "illegal_action", "card_not_in_hand", ""},
		{"act: discard with full notes", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "discard", "card": own}, 422, "illegal_action", "notes_full", ""},
		{"act: not your turn", "POST", "/v1/games/" + id + "/actions", other, map[string]any{"type": "play", "card": 0}, 409, "not_your_turn", "", "is to act"},
		{"act: lobby game", "POST", "/v1/games/" + lg.Game.ID + "/actions", deref(lg.Token), map[string]any{"type": "play", "card": 0}, 409, "game_not_active", "", "lobby"},
		{"act: bad If-Match", "POST", "/v1/games/" + id + "/actions", tok, map[string]any{"type": "play", "card": own}, 412, "precondition_failed", "", ""},
		{"act: oversized", "POST", "/v1/games/" + id + "/actions", tok, `{"type":"play","card":1,"x":"` + strings.Repeat("y", 70<<10) + `"}`, 400, "bad_request", "", "larger than"},

		// replays
		{"replay: running game", "GET", "/v1/games/" + id + "/replay", "", nil, 409, "game_not_active", "", "finished"},
		{"replay: bad format", "GET", "/v1/games/" + id + "/replay?format=pgn", "", nil, 400, "bad_request", "", "format"},
		{"replay: unknown game", "GET", "/v1/games/" + strings.Repeat("b", 32) + "/replay", "", nil, 404, "not_found", "", ""},
		{"import: empty", "POST", "/v1/replays", "", "", 400, "bad_request", "", ""},
		{"import: not JSON", "POST", "/v1/replays", "", "<game/>", 400, "bad_request", "", ""},
		{"import: no deck", "POST", "/v1/replays", "", `{"players":["a","b"]}`, 400, "bad_request", "", "deck"},
		{"import: unknown variant", "POST", "/v1/replays", "", `{"players":["a","b"],"deck":[],"actions":[],"options":{"variant":"Cow & Pig"}}`, 400, "bad_request", "", "variant"},
		{"import: one player", "POST", "/v1/replays", "", `{"players":["a"],"deck":[],"actions":[]}`, 400, "bad_request", "", "players"},
		{"import: short deck", "POST", "/v1/replays", "", `{"players":["a","b"],"deck":[{"suitIndex":0,"rank":1}],"actions":[]}`, 400, "bad_request", "", "deck"},
		{"import: oversized", "POST", "/v1/replays", "", `{"players":["` + strings.Repeat("p", 70<<10) + `"]}`, 400, "bad_request", "", "larger than"},

		// routing
		{"no such route", "GET", "/v1/nope", "", nil, 404, "not_found", "", ""},
		{"wrong method", "DELETE", "/v1/games", "", nil, 405, "method_not_allowed", "", "DELETE"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var headers []string
			if tc.name == "act: bad If-Match" {
				headers = []string{"If-Match", `"garbage"`}
			}
			r := e.req(tc.method, tc.path, tc.token, tc.body, headers...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.status, tc.status, truncate(string(r.body), 300))
			}
			p := r.problem(t)
			if p.Code != tc.code || p.Reason != tc.reason {
				t.Fatalf("code %s reason %q, want %s %q (%s)", p.Code, p.Reason, tc.code, tc.reason, p.Detail)
			}
			if !strings.Contains(p.Detail, tc.detail) {
				t.Fatalf("detail %q does not name %q", p.Detail, tc.detail)
			}
			for _, bad := range []string{"SQL", "sql:", "SELECT", "INSERT", "gorm", "goroutine", "panic"} {
				if strings.Contains(r.body2(), bad) {
					t.Fatalf("problem leaks %q: %s", bad, r.body)
				}
			}
		})
	}
	// Nothing above changed the game.
	r := e.req("GET", "/v1/games/"+id, "", nil)
	var g GameView
	r.json(t, &g)
	if g.Version != 1 || g.Turn != 0 {
		t.Fatalf("bad input changed the game: version %d turn %d", g.Version, g.Turn)
	}
}

func (r resp) body2() string { return string(r.body) }

// TestImportIllegalAction names the first illegal action by its index.
func TestImportIllegalAction(t *testing.T) {
	e := sqliteEnv(t)
	cfg, _ := variants.Get("basic")
	set, _ := cfg.Resolve(variants.Options{})
	ec, _ := cfg.Config(set, 2)
	deck := ec.Shuffle("import")
	var live strings.Builder
	live.WriteString(`{"players":["a","b"],"deck":[`)
	for i, c := range deck {
		if i > 0 {
			live.WriteString(",")
		}
		live.WriteString(`{"suitIndex":` + itoa(c.Suit) + `,"rank":` + itoa(c.Rank) + `}`)
	}
	// Seat 0 gives a rank clue to seat 1, then seat 1 plays a card it does not hold.
	live.WriteString(`],"actions":[{"type":3,"target":1,"value":` + itoa(deck[5].Rank) + `},{"type":0,"target":0}],"options":{"variant":"No Variant"}}`)
	r := e.req("POST", "/v1/replays", "", live.String())
	e.expect(r, http.StatusUnprocessableEntity)
	p := r.problem(t)
	if p.Code != "illegal_action" || p.Reason != "card_not_in_hand" || !strings.Contains(p.Detail, "action 1") {
		t.Fatalf("%+v", p)
	}
}

// TestRateLimits: per address and per seat buckets answer 429 with Retry-After.
// testStrategy gives a clue while it can (the next seat's newest card's rank,
// which the rules say touches it), else discards its oldest card.
// TestBotSeats: a bot seat moves by itself, through the same checks as a
// seat's request, and GET /bots lists the strategies.
// TestBotMovesAfterRestart: a bot whose turn came while no driver ran (here:
// a game written straight to the store) moves once someone reads the game.
// TestRegisteredBots seats every registered strategy and plays a game
// against it to the end: each bot move passes the engine's checks.
