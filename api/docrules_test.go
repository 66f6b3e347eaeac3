package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// ruleCase is one request on one side of a rule the document states.
type ruleCase struct {
	name         string
	method, path string // {id}: the case's game; {seat}, {other}: the seat to act and another
	token        string // "mover", "other" or none
	body         any
	headers      []string
	valid        bool // the rule's verdict
}

// Every rule the server checks of a request's form is stated in the
// document, and the two agree on both sides of it: a request the document
// refuses is refused (400, or the rules' 422), one it allows is not refused
// for its form (never a 400). Each case checks the document's verdict with
// kin-openapi's request validation, then sends the request.
func TestDocumentStatesEveryRule(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	long := func(n int) string { return strings.Repeat("k", n) }
	create := func(extra map[string]any) map[string]any {
		b := map[string]any{"variant": "basic", "players": 2}
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	opts := func(o map[string]any) map[string]any { return create(map[string]any{"options": o}) }
	deck := []map[string]int{}
	for suit := range 5 {
		for _, rank := range []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5} {
			deck = append(deck, map[string]int{"suitIndex": suit, "rank": rank})
		}
	}
	replay := func(players ...string) map[string]any {
		return map[string]any{"players": players, "deck": deck, "actions": []any{}}
	}
	cases := []ruleCase{
		// wait: a Go duration or seconds.
		{"wait 30s", "GET", "/v1/games/{id}?since=999&wait=30ms", "", nil, nil, true},
		{"wait 1m30s", "GET", "/v1/games/{id}/events?after=999&wait=0m0.01s", "", nil, nil, true},
		{"wait in seconds", "GET", "/v1/games/{id}?since=999&wait=0.01", "", nil, nil, true},
		{"wait in µs", "GET", "/v1/games/{id}?since=999&wait=10000µs", "", nil, nil, true},
		{"wait a word", "GET", "/v1/games/{id}?since=1&wait=soon", "", nil, nil, false},
		{"wait negative", "GET", "/v1/games/{id}?since=1&wait=-1s", "", nil, nil, false},
		{"wait in exponent form", "GET", "/v1/games/{id}?since=1&wait=1e3", "", nil, nil, false},
		{"wait with a sign", "GET", "/v1/games/{id}/events?wait=%2B5s", "", nil, nil, false},
		{"wait with no leading digit", "GET", "/v1/games/{id}/events?wait=.5s", "", nil, nil, false},
		{"wait too long a text", "GET", "/v1/games/{id}/events?wait=" + strings.Repeat("1", 33), "", nil, nil, false},
		// since, turn, after, Last-Event-ID: 0–2³⁰.
		{"since at the bound", "GET", "/v1/games/{id}?since=1073741824", "", nil, nil, true},
		{"since past the bound", "GET", "/v1/games/{id}?since=1073741825", "", nil, nil, false},
		{"turn past the bound", "GET", "/v1/games/{id}?turn=1073741825", "", nil, nil, false},
		{"after at the bound", "GET", "/v1/games/{id}/events?after=1073741824", "", nil, nil, true},
		{"after past the bound", "GET", "/v1/games/{id}/events?after=1073741825", "", nil, nil, false},
		{"Last-Event-ID of 10 digits", "GET", "/v1/games/{id}/events/sse", "", nil, []string{"Last-Event-ID", "1000000000"}, false},
		{"Last-Event-ID with a sign", "GET", "/v1/games/{id}/events/ndjson", "", nil, []string{"Last-Event-ID", "+5"}, false},
		{"Last-Event-ID negative", "GET", "/v1/games/{id}/events/ndjson", "", nil, []string{"Last-Event-ID", "-1"}, false},
		// A feed's of one position (the lobby's, a player's, a room's): an
		// entry's id of up to 18 digits, with no chat line.
		{"a lobby Last-Event-ID with a chat line", "GET", "/v1/lobby/events/sse", "", nil, []string{"Last-Event-ID", "1.2"}, false},
		{"a lobby Last-Event-ID of 19 digits", "GET", "/v1/lobby/events/ndjson", "", nil, []string{"Last-Event-ID", "1234567890123456789"}, false},
		// A parameter given with no value is not a parameter left out.
		{"limit empty", "GET", "/v1/games?limit=", "", nil, nil, false},
		{"status empty", "GET", "/v1/games?status=", "", nil, nil, false},
		{"since empty", "GET", "/v1/games/{id}?since=", "", nil, nil, false},
		{"after empty", "GET", "/v1/games/{id}/events?after=", "", nil, nil, false},
		{"wait empty", "GET", "/v1/games/{id}/events?wait=", "", nil, nil, false},
		{"variants' limit empty", "GET", "/v1/variants?limit=", "", nil, nil, false},
		{"cursor empty", "GET", "/v1/variants?cursor=", "", nil, nil, true},
		// Idempotency-Key: 1–255 printable ASCII characters.
		{"key of 255", "POST", "/v1/games", "", create(nil), []string{"Idempotency-Key", long(255)}, true},
		{"key with spaces", "POST", "/v1/games", "", create(nil), []string{"Idempotency-Key", "a b ~"}, true},
		{"key of 256", "POST", "/v1/games", "", create(nil), []string{"Idempotency-Key", long(256)}, false},
		{"key empty", "POST", "/v1/games", "", create(nil), []string{"Idempotency-Key", ""}, false},
		{"key not ASCII", "POST", "/v1/games", "", create(nil), []string{"Idempotency-Key", "clé"}, false},
		// Texts: no control characters.
		{"name plain", "POST", "/v1/games", "", create(map[string]any{"name": "Alice Ω"}), nil, true},
		{"name with a C0 control", "POST", "/v1/games", "", create(map[string]any{"name": "Al\x01ce"}), nil, false},
		{"name with a C1 control", "POST", "/v1/games", "", create(map[string]any{"name": "Al\u0085ce"}), nil, false},
		{"seed with a tab", "POST", "/v1/games", "", create(map[string]any{"seed": "a\tb"}), nil, false},
		{"join name with a newline", "POST", "/v1/games/{lobby}/seats", "", map[string]any{"name": "B\nob"}, nil, false},
		{"join secret with DEL", "POST", "/v1/games/{lobby}/seats", "", map[string]any{"secret": "s\x7f"}, nil, false},
		{"join secret of 65", "POST", "/v1/games/{lobby}/seats", "", map[string]any{"secret": long(65)}, nil, false},
		{"note plain", "PUT", "/v1/games/{id}/notes/0", "mover", map[string]any{"text": "red 3?"}, nil, true},
		{"note with a control", "PUT", "/v1/games/{id}/notes/0", "mover", map[string]any{"text": "red\x1b3"}, nil, false},
		// Creation.
		{"variant empty", "POST", "/v1/games", "", create(map[string]any{"variant": ""}), nil, false},
		{"a bot by name", "POST", "/v1/games", "", create(map[string]any{"bots": []any{map[string]any{"seat": 1, "strategy": "hat"}}}), nil, true},
		{"an unknown bot", "POST", "/v1/games", "", create(map[string]any{"bots": []any{map[string]any{"seat": 1, "strategy": "deep-blue"}}}), nil, false},
		{"clock off", "POST", "/v1/games", "", opts(map[string]any{"turn_seconds": 0}), nil, true},
		{"clock of 5 s", "POST", "/v1/games", "", opts(map[string]any{"turn_seconds": 5}), nil, true},
		{"clock of 4 s", "POST", "/v1/games", "", opts(map[string]any{"turn_seconds": 4}), nil, false},
		{"clock of 1 s", "POST", "/v1/games", "", opts(map[string]any{"turn_seconds": 1}), nil, false},
		{"one card more", "POST", "/v1/games", "", opts(map[string]any{"one_extra_card": true, "one_less_card": false}), nil, true},
		{"one card more and one less", "POST", "/v1/games", "", opts(map[string]any{"one_extra_card": true, "one_less_card": true}), nil, false},
		{"a key in the wrong case", "POST", "/v1/games", "", `{"Variant":"basic","players":2}`, nil, false},
		// null only where the document says nullable.
		{"unlisted null", "POST", "/v1/games", "", create(map[string]any{"unlisted": nil}), nil, false},
		{"private null", "POST", "/v1/games", "", create(map[string]any{"private": nil}), nil, false},
		{"name null", "POST", "/v1/games", "", create(map[string]any{"name": nil}), nil, false},
		{"bots null", "POST", "/v1/games", "", create(map[string]any{"bots": nil}), nil, false},
		{"a bot null", "POST", "/v1/games", "", create(map[string]any{"bots": []any{nil}}), nil, false},
		{"options null", "POST", "/v1/games", "", create(map[string]any{"options": nil}), nil, false},
		{"an option null", "POST", "/v1/games", "", opts(map[string]any{"storm_tokens": nil}), nil, false},
		{"seed null", "POST", "/v1/games", "", create(map[string]any{"seed": nil}), nil, false},
		{"a join of null", "POST", "/v1/games/{lobby}/seats", "", "null", nil, false},
		{"a join of nothing", "POST", "/v1/games/{lobby}/seats", "", nil, nil, true},
		{"a note of null", "PUT", "/v1/games/{id}/notes/0", "mover", map[string]any{"text": nil}, nil, false},
		{"a version null", "POST", "/v1/games/{id}/actions", "other", map[string]any{"type": "play", "card": 0, "version": nil}, nil, false},
		{"an order null", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": nil}, nil, false},
		// Moves.
		{"version negative", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "play", "card": 0, "version": -1}, nil, false},
		{"version past the bound", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "play", "card": 0, "version": 1073741825}, nil, false},
		{"version stale", "POST", "/v1/games/{id}/actions", "other", map[string]any{"type": "discard", "card": 0, "version": 0}, nil, true},
		{"a clue of both", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "clue", "target": "{other}", "color": "red", "rank": 1}, nil, false},
		{"a clue of neither", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "clue", "target": "{other}"}, nil, false},
		{"a clue of two nulls", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "clue", "target": "{other}", "color": nil, "rank": nil}, nil, false},
		{"a clue to seat 6", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "clue", "target": 6, "rank": 1}, nil, false},
		{"a card of -1", "POST", "/v1/games/{id}/actions", "mover", map[string]any{"type": "discard", "card": -1}, nil, false},
		{"a rank clue, color null", "POST", "/v1/games/{id}/actions", "other", map[string]any{"type": "clue", "target": "{mover}", "color": nil, "rank": 1}, nil, true},
		{"a color clue", "POST", "/v1/games/{id}/actions", "other", map[string]any{"type": "clue", "target": "{mover}", "color": "red"}, nil, true},
		// Rearranging a hand: its card ids, 1–6 of them, each 0–63.
		{"a hand in a new order", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": "{otherhand}"}, nil, true},
		{"a hand at a version", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": "{otherhand}", "version": 0}, nil, true},
		{"a hand of no card", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{}}, nil, false},
		{"a hand of 7 cards", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{0, 1, 2, 3, 4, 5, 6}}, nil, false},
		{"a hand with card 64", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{64}}, nil, false},
		{"a hand with card -1", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{-1}}, nil, false},
		{"a hand of no card, at a stale version", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{}, "version": 999}, nil, false},
		{"a hand of 7 cards, at a stale version", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": []int{0, 1, 2, 3, 4, 5, 6}, "version": 999}, nil, false},
		{"a hand's version negative", "PUT", "/v1/games/{id}/hand", "other", map[string]any{"order": "{otherhand}", "version": -1}, nil, false},
		// A spectator's secret: at most 64 characters, on every read.
		{"a secret of 64", "GET", "/v1/games/{id}?secret=" + long(64), "", nil, nil, true},
		{"a secret of 65", "GET", "/v1/games/{id}?secret=" + long(65), "", nil, nil, false},
		{"an events secret of 65", "GET", "/v1/games/{id}/events?secret=" + long(65), "", nil, nil, false},
		{"a watchers secret of 65", "GET", "/v1/games/{id}/watchers?secret=" + long(65), "", nil, nil, false},
		{"a chat secret of 65", "POST", "/v1/games/{id}/chat?secret=" + long(65), "mover", map[string]any{"text": "hi"}, nil, false},
		// A field the document requires, left out.
		{"a chat line of nothing", "POST", "/v1/games/{id}/chat", "mover", map[string]any{}, nil, false},
		{"an invitation of nobody", "POST", "/v1/games/{id}/invitations", "mover", map[string]any{}, nil, false},
		{"an invitation of a name with a control", "POST", "/v1/games/{id}/invitations", "mover", map[string]any{"player": "Bo\u0006b"}, nil, false},
		// Leaving for a bot by name.
		{"leave for an unknown bot", "DELETE", "/v1/games/{id}/seats/{otherseat}?bot=deep-blue", "other", nil, nil, false},
		{"leave for no bot named", "DELETE", "/v1/games/{id}/seats/{otherseat}?bot=", "other", nil, nil, false},
		// Imports: 2–6 players.
		{"an import of 2", "POST", "/v1/replays", "", replay("a", "b"), nil, true},
		{"an import of 1", "POST", "/v1/replays", "", replay("a"), nil, false},
		{"an import of 7", "POST", "/v1/replays", "", replay("a", "b", "c", "d", "e", "f", "g"), nil, false},
		{"an import's actions null", "POST", "/v1/replays", "", map[string]any{"players": []string{"a", "b"}, "deck": deck, "actions": nil}, nil, false},
	}
	tb := e.newTable("basic", 2, variants.Options{}, "doc-rules")
	mover := tb.local.Current()
	lobby := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 6})
	e.expect(lobby, http.StatusCreated)
	var lg SeatResponse
	lobby.json(t, &lg)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := strings.NewReplacer("{id}", tb.id, "{lobby}", lg.Game.ID, "{otherseat}", itoa(1-mover)).Replace(tc.path)
			body := tc.body
			if m, ok := body.(map[string]any); ok {
				body = fill(m, map[string]any{"{other}": 1 - mover, "{mover}": mover, "{otherhand}": backwards(tb.local.Hand(1 - mover))})
			}
			token := map[string]string{"mover": tb.tokens[mover], "other": tb.tokens[1-mover]}[tc.token]
			docErr := docAllows(t, c, tc.method, path, body, tc.headers)
			if (docErr == nil) != tc.valid {
				t.Errorf("the document says %v (want valid: %v)", docErr, tc.valid)
			}
			r := e.req(tc.method, path, token, body, tc.headers...)
			switch {
			case tc.valid && r.status == http.StatusBadRequest:
				t.Errorf("the server refuses a request the document allows: %d %s", r.status, truncate(string(r.body), 300))
			case !tc.valid && r.status != http.StatusBadRequest && r.status != http.StatusUnprocessableEntity:
				t.Errorf("the server answers %d to a request the document refuses: %s", r.status, truncate(string(r.body), 300))
			}
		})
	}
}

// fill replaces the placeholders of a body's values.
func fill(m map[string]any, with map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if s, ok := v.(string); ok {
			if r, ok := with[s]; ok {
				v = r
			}
		}
		out[k] = v
	}
	return out
}

// docAllows validates a request against the document's operation, its
// parameters and body (security aside: the tokens are the server's to check).
func docAllows(t *testing.T, c *contract, method, path string, body any, headers []string) error {
	t.Helper()
	var data []byte
	switch b := body.(type) {
	case nil:
	case string:
		data = []byte(b)
	default:
		var err error
		if data, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, "http://localhost"+path, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	} else {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	route, params := c.route(method, req.URL.Path)
	if route == nil {
		t.Fatalf("%s %s: no operation in the document", method, path)
	}
	return openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
	})
}

// The document names the bot strategies where a request names one, and
// they are exactly the registry's.
func TestBotStrategiesDocumented(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	var want []any
	for _, s := range bots.List() {
		want = append(want, s.Name)
	}
	strategy := c.doc.Components.Schemas["BotSeat"].Value.Properties["strategy"].Value.Enum
	if !slices.Equal(strategy, want) {
		t.Errorf("BotSeat.strategy: the document says %v, the registry %v", strategy, want)
	}
	leave := c.doc.Paths.Find("/games/{id}/seats/{seat}").Delete.Parameters.GetByInAndName("query", "bot").Schema.Value.Enum
	if !slices.Equal(leave, want) {
		t.Errorf("leaveSeat's bot: the document says %v, the registry %v", leave, want)
	}
}

// A query parameter the operation does not take, or one given twice, is
// refused: the document lists each operation's parameters, and a misspelt
// one silently ignored would answer what the client did not ask for.
// (kin-openapi's request validation lets unknown ones through, so this is
// the server's side alone; Schemathesis counts them as invalid requests.)
func TestUnknownQueryRefused(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "query-params")
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/v1/games?limit=1", 200},
		{"/v1/games?limit=1&x-unknown=42", 400},
		{"/v1/games?limit=1&limit=2", 400},
		{"/v1/games/" + tb.id + "?sinse=3", 400},
		{"/v1/games/" + tb.id + "?=false", 400},
		{"/v1/games/" + tb.id + "/events?after=0", 200},
		{"/v1/games/" + tb.id + "/events?after=0&%1C=", 400},
		{"/v1/variants?q=prism&limit=2", 200},
		{"/v1/variants?qq=prism", 400},
		{"/v1/bots?x=1", 400},
		{"/v1/healthz?x=1", 200},
	} {
		r := e.req("GET", c.path, "", nil)
		if r.status != c.status {
			t.Errorf("%s: %d, want %d: %s", c.path, r.status, c.status, truncate(string(r.body), 200))
		}
	}
}

// Every operation the document answers with a stream only (its 200 is
// text/event-stream or NDJSON and nothing else) is one the answer packer
// leaves alone, so that each event goes out as it happens.
func TestStreamsGoOutUnpacked(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for path, item := range c.doc.Paths.Map() {
		op := item.Get
		if op == nil || op.Responses.Status(http.StatusOK) == nil {
			continue
		}
		content := op.Responses.Status(http.StatusOK).Value.Content
		if len(content) != 1 || content.Get("text/event-stream") == nil && content.Get("application/x-ndjson") == nil {
			continue
		}
		route := "/v1" + strings.ReplaceAll(path, "{id}", ":id")
		if !streamRoutes[route] {
			t.Errorf("%s streams, but the packer would hold its answer back", route)
		}
		n++
	}
	if n < 8 {
		t.Fatalf("only %d stream operations found", n)
	}
}
