package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

func intp(n int) *int    { return &n }
func boolp(b bool) *bool { return &b }

// TestPlayWholeGames plays games to their end through the API, for every
// variant and a spread of table sizes and options, checking each answer
// against a game the test replays itself.
func TestPlayWholeGames(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	tables := []struct {
		variant string
		players int
		opts    variants.Options
	}{
		{"basic", 2, variants.Options{}},
		{"basic", 5, variants.Options{EmptyClues: boolp(false)}},
		{"farbrausch", 3, variants.Options{RainbowCards: intp(5)}},
		{"farbrausch", 2, variants.Options{StormTokens: intp(1), NoteTokens: intp(3)}},
		{"farbrausch2", 4, variants.Options{StormTokens: intp(2)}},
		{"prism-5-suits", 3, variants.Options{}},
		{"totally-blind-5-suits", 2, variants.Options{}},
		{"light-pink-fives-6-suits", 4, variants.Options{}},
		{"funnels-5-suits", 5, variants.Options{EmptyClues: boolp(true)}},
		{"farbrausch2", 6, variants.Options{RainbowCards: intp(5), EmptyClues: boolp(false)}},
		{"basic", 2, variants.Options{OneExtraCard: boolp(true)}},             // hands of six
		{"up-or-down-6-suits", 4, variants.Options{OneLessCard: boolp(true)}}, // START cards, hands of three
		{"basic", 3, variants.Options{DeckPlays: boolp(true), AllOrNothing: boolp(true)}},
		{"farbrausch", 2, variants.Options{DeckPlays: boolp(true)}},
	}
	// Every variant of the rules must be played, and a few of the catalogue's.
	for _, v := range variants.All() {
		if v.Source != variants.SourceRules {
			continue
		}
		if !slices.ContainsFunc(tables, func(tc struct {
			variant string
			players int
			opts    variants.Options
		}) bool {
			return tc.variant == v.Name
		}) {
			t.Errorf("variant %s is not played by this test", v.Name)
		}
	}
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		for i, tc := range tables {
			if otherStorePlays(dbURL, i) {
				continue
			}
			name := fmt.Sprintf("%s-%dp-%d", tc.variant, tc.players, i)
			t.Run(name, func(t *testing.T) {
				e := e.with(t)
				playGame(t, e, tc.variant, tc.players, tc.opts, "seed-"+name)
			})
		}
	})
}

func playGame(t *testing.T, e *testEnv, variant string, players int, opts variants.Options, seed string) {
	tb := e.newTable(variant, players, opts, seed)
	version := int64(players - 1)
	for !tb.local.Over() {
		seat := tb.local.Current()
		turn := tb.local.Turn()
		hidden := tb.ownCards(seat)
		a := tb.pick()
		ar := tb.act(a)
		version++
		if ar.Event.Seq != turn+1 || ar.Event.Turn != turn || ar.Event.Seat == nil || *ar.Event.Seat != seat {
			t.Fatalf("turn %d: event %+v", turn, ar.Event)
		}
		g := ar.Game
		if g.Version != version || g.Turn != tb.local.Turn() || g.Score != tb.local.Score() ||
			g.NoteTokens != tb.local.NoteTokens() || g.StormTokensUsed != tb.local.StormsUsed() || g.DeckCount != tb.local.DeckCount() {
			t.Fatalf("turn %d: view %+v disagrees with the engine", turn, g)
		}
		if g.You == nil || *g.You != seat {
			t.Fatalf("turn %d: you = %v, want %d", turn, g.You, seat)
		}
		// The mover's own remaining cards must not appear with an identity;
		// the card it just played or discarded is public now.
		still := map[int]bool{}
		for id := range hidden {
			if tb.ownCards(seat)[id] {
				still[id] = true
			}
		}
		for _, id := range tb.local.Hand(seat) {
			still[id] = true // the drawn card too
		}
		data, _ := json.Marshal(ar)
		if !tb.local.Over() {
			if l := leaks(t, data, still); len(l) > 0 {
				t.Fatalf("turn %d: seat %d's action response shows its own cards at %v", turn, seat, l)
			}
		}
		if turn%7 == 0 && !tb.local.Over() {
			checkViews(t, tb)
		}
	}
	checkFinished(t, tb)
}

// checkViews reads the game as every seat and as the public and compares the
// hands with the engine's: other seats' cards visible, one's own never.
func checkViews(t *testing.T, tb *table) {
	t.Helper()
	players := tb.local.Players()
	for viewer := -1; viewer < players; viewer++ {
		token := ""
		if viewer >= 0 {
			token = tb.tokens[viewer]
		}
		r := tb.e.req("GET", "/v1/games/"+tb.id, token, nil)
		tb.e.expect(r, http.StatusOK)
		var g GameView
		r.json(t, &g)
		if cur := tb.local.Current(); g.CurrentSeat == nil || *g.CurrentSeat != cur {
			t.Fatalf("current seat %v, want %d", g.CurrentSeat, cur)
		}
		for _, h := range g.Hands {
			want := tb.local.Hand(h.Seat)
			if len(h.Cards) != len(want) {
				t.Fatalf("seat %d hand has %d cards, want %d", h.Seat, len(h.Cards), len(want))
			}
			deck := tb.local.Deck()
			for i, c := range h.Cards {
				if c.ID != want[i] {
					t.Fatalf("seat %d slot %d is card %d, want %d (newest first)", h.Seat, i, c.ID, want[i])
				}
				visible := viewer >= 0 && viewer != h.Seat
				if visible != (c.Suit != nil) || visible != (c.Rank != nil) {
					t.Fatalf("viewer %d sees seat %d card %d as %v/%v", viewer, h.Seat, c.ID, c.Suit, c.Rank)
				}
				if visible && (*c.Suit != tb.cfg.Suits[deck[c.ID].Suit].Name || *c.Rank != deck[c.ID].Rank) {
					t.Fatalf("card %d shown as %s %d", c.ID, *c.Suit, *c.Rank)
				}
				if len(c.PossibleSuits) == 0 || len(c.PossibleRanks) == 0 {
					t.Fatalf("card %d has no possibilities", c.ID)
				}
				if visible && (!slices.Contains(c.PossibleSuits, *c.Suit) || !slices.Contains(c.PossibleRanks, *c.Rank)) {
					t.Fatalf("card %d (%s %d) excluded by its own possibilities %v %v", c.ID, *c.Suit, *c.Rank, c.PossibleSuits, c.PossibleRanks)
				}
			}
		}
		hidden := map[int]bool{}
		if viewer >= 0 {
			hidden = tb.ownCards(viewer)
		} else {
			for p := range players {
				for id := range tb.ownCards(p) {
					hidden[id] = true
				}
			}
		}
		if l := leaks(t, r.body, hidden); len(l) > 0 {
			t.Fatalf("viewer %d sees hidden cards at %v", viewer, l)
		}
	}
}

func checkFinished(t *testing.T, tb *table) {
	t.Helper()
	e := tb.e
	res, _ := tb.local.Result()
	r := e.req("GET", "/v1/games/"+tb.id, "", nil)
	e.expect(r, http.StatusOK)
	var g GameView
	r.json(t, &g)
	if g.Status != "finished" || g.Result == nil || g.Result.Score != res.Score || g.Result.Reason != res.Reason.String() || g.Result.Rating != res.Rating {
		t.Fatalf("finished view: status %s result %+v, want %+v", g.Status, g.Result, res)
	}
	if g.CurrentSeat != nil {
		t.Fatalf("a finished game has current seat %d", *g.CurrentSeat)
	}
	for _, h := range g.Hands {
		for _, c := range h.Cards {
			if c.Suit == nil || c.Rank == nil {
				t.Fatalf("after the end the public view still hides card %d", c.ID)
			}
		}
	}
	// Events: one per action and the game_over event.
	r = e.req("GET", "/v1/games/"+tb.id+"/events", tb.tokens[0], nil)
	e.expect(r, http.StatusOK)
	var evs EventsResponse
	r.json(t, &evs)
	n := tb.local.Turn()
	if len(evs.Events) != n+1 {
		t.Fatalf("%d events for %d actions", len(evs.Events), n)
	}
	for i, ev := range evs.Events[:n] {
		if ev.Seq != i+1 || ev.Turn != i {
			t.Fatalf("event %d: seq %d turn %d", i, ev.Seq, ev.Turn)
		}
	}
	last := evs.Events[n]
	if last.Type != "game_over" || last.Result == nil || last.Result.Score != res.Score {
		t.Fatalf("last event %+v", last)
	}
	r = e.req("GET", "/v1/games/"+tb.id+"/events?after="+itoa(n-2), "", nil)
	e.expect(r, http.StatusOK)
	r.json(t, &evs)
	if len(evs.Events) != 3 {
		t.Fatalf("after=%d gave %d events, want 3", n-2, len(evs.Events))
	}

	// Replays: the native one shows the deal, the hanab.live one imports back
	// to the same game.
	r = e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil)
	e.expect(r, http.StatusOK)
	var rv ReplayView
	r.json(t, &rv)
	deck := tb.local.Deck()
	if len(rv.Deck) != len(deck) || len(rv.Actions) != n {
		t.Fatalf("replay has %d cards and %d actions", len(rv.Deck), len(rv.Actions))
	}
	for i, c := range rv.Deck {
		if c.ID != i || c.Suit != tb.cfg.Suits[deck[i].Suit].Name || c.Rank != deck[i].Rank {
			t.Fatalf("replay deck card %d is %+v", i, c)
		}
	}
	r = e.req("GET", "/v1/games/"+tb.id+"/replay?format=hanablive", "", nil)
	e.expect(r, http.StatusOK)
	r = e.req("POST", "/v1/replays", "", r.body)
	e.expect(r, http.StatusOK)
	var imp ImportResponse
	r.json(t, &imp)
	if imp.Game.Result == nil || imp.Game.Result.Score != res.Score || imp.Game.Turn != n || imp.Game.Variant != rv.Variant {
		t.Fatalf("re-imported game: %+v", imp.Game)
	}
}

func TestCreateJoinAndList(t *testing.T) {
	e := sqliteEnv(t)
	// Without a seed the server draws one: two games deal differently.
	var hands [2][]string
	for i := range hands {
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
		e.expect(r, http.StatusCreated)
		var sr SeatResponse
		r.json(t, &sr)
		r = e.req("POST", "/v1/games/"+sr.Game.ID+"/seats", "", nil)
		e.expect(r, http.StatusCreated)
		var j SeatResponse
		r.json(t, &j)
		for _, c := range j.Game.Hands[0].Cards {
			hands[i] = append(hands[i], fmt.Sprint(*c.Suit, *c.Rank, c.ID))
		}
		if j.Game.Seats[1].Name == nil || *j.Game.Seats[1].Name == "" {
			t.Fatalf("a nameless join has no name: %+v", j.Game.Seats)
		}
		if sr.Game.Seats[0].Name == nil || *sr.Game.Seats[0].Name == "" {
			t.Fatal("the creator has no name")
		}
		r = e.req("POST", "/v1/games/"+sr.Game.ID+"/seats", "", map[string]string{"name": "Late"})
		e.expect(r, http.StatusConflict)
		if p := r.problem(t); p.Code != "game_full" {
			t.Fatalf("third join: %+v", p)
		}
	}
	if slices.Equal(hands[0], hands[1]) {
		t.Fatal("two unseeded games dealt the same hand")
	}
	// A lobby game to list, and paging.
	e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "farbrausch", "players": 3}), http.StatusCreated)
	r := e.req("GET", "/v1/games?limit=2", "", nil)
	e.expect(r, http.StatusOK)
	var page GameList
	r.json(t, &page)
	if len(page.Games) != 2 || page.NextCursor == nil {
		t.Fatalf("first page: %+v", page)
	}
	r = e.req("GET", "/v1/games?limit=2&cursor="+*page.NextCursor, "", nil)
	e.expect(r, http.StatusOK)
	var page2 GameList
	r.json(t, &page2)
	if len(page2.Games) != 1 || page2.NextCursor != nil || page2.Games[0].ID == page.Games[0].ID {
		t.Fatalf("second page: %+v", page2)
	}
	for status, want := range map[string]int{"lobby": 1, "active": 2, "finished": 0} {
		r = e.req("GET", "/v1/games?status="+status, "", nil)
		e.expect(r, http.StatusOK)
		var l GameList
		r.json(t, &l)
		if len(l.Games) != want {
			t.Errorf("status=%s: %d games, want %d", status, len(l.Games), want)
		}
		for _, g := range l.Games {
			if g.Status != status {
				t.Errorf("status=%s listed a %s game", status, g.Status)
			}
		}
	}
}

func TestVariantsAndBots(t *testing.T) {
	e := sqliteEnv(t)
	r := e.req("GET", "/v1/variants", "", nil)
	e.expect(r, http.StatusOK)
	var vl VariantList
	r.json(t, &vl)
	if len(vl.Variants) != 100 || vl.NextCursor == nil || vl.Variants[0].Name != "basic" {
		t.Fatalf("%d variants, next %v", len(vl.Variants), vl.NextCursor)
	}
	r = e.req("GET", "/v1/variants/farbrausch2", "", nil)
	e.expect(r, http.StatusOK)
	var v VariantView
	r.json(t, &v)
	if v.MaxScore != 30 || len(v.Suits) != 6 || len(v.Suits[5].CluedBy) != 5 || v.Options["rainbow_cards"].Allowed == nil {
		t.Fatalf("farbrausch2: %+v", v)
	}
	if _, ok := vl.Variants[0].Options["rainbow_cards"]; ok {
		t.Fatal("basic offers rainbow_cards")
	}
	r = e.req("GET", "/v1/variants/nope", "", nil)
	e.expect(r, http.StatusNotFound)
	r.problem(t)

	r = e.req("GET", "/v1/bots", "", nil)
	e.expect(r, http.StatusOK)
	if string(r.body) != `{"bots":[]}` {
		t.Fatalf("bots without a registry: %s", r.body)
	}
}

func TestOperations(t *testing.T) {
	e := sqliteEnv(t)
	for _, path := range []string{"/healthz", "/readyz", "/v1/healthz", "/openapi.json", "/swagger/index.html"} {
		e.expect(e.req("GET", path, "", nil), http.StatusOK)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	e.req("GET", "/openapi.json", "", nil).json(t, &doc)
	for path, methods := range map[string][]string{
		"/variants": {"get"}, "/variants/{name}": {"get"}, "/games": {"get", "post"}, "/games/{id}": {"get"},
		"/games/{id}/seats": {"post"}, "/games/{id}/actions": {"post"}, "/games/{id}/events": {"get"},
		"/games/{id}/replay": {"get"}, "/replays": {"post"}, "/bots": {"get"},
	} {
		for _, m := range methods {
			if doc.Paths[path][m] == nil {
				t.Errorf("openapi.json lacks %s %s", m, path)
			}
		}
	}
	e.req("GET", "/v1/variants", "", nil)
	r := e.req("GET", "/metrics", "", nil)
	e.expect(r, http.StatusOK)
	for _, want := range []string{
		`hanabi_http_requests_total{method="GET",route="/v1/variants",status="200"} 1`,
		"hanabi_http_request_duration_seconds_bucket", "hanabi_longpoll_waiting 0", `hanabi_games{status="lobby"} 0`,
	} {
		if !bytesContains(r.body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	// CORS: a preflight from a browser.
	r = e.req("OPTIONS", "/v1/games/x/actions", "", nil, "Origin", "https://example.org", "Access-Control-Request-Method", "POST",
		"Access-Control-Request-Headers", "authorization,if-match,content-type")
	e.expect(r, http.StatusNoContent)
	for _, h := range []string{"Authorization", "If-Match", "If-None-Match", "Content-Type"} {
		if !bytesContains([]byte(r.header.Get("Access-Control-Allow-Headers")), h) {
			t.Errorf("preflight does not allow %s", h)
		}
	}
	r = e.req("GET", "/v1/variants", "", nil, "Origin", "https://example.org")
	if exp := r.header.Get("Access-Control-Expose-Headers"); !bytesContains([]byte(exp), "ETag") || !bytesContains([]byte(exp), "Location") {
		t.Errorf("exposed headers %q", exp)
	}
}

func bytesContains(b []byte, s string) bool { return strings.Contains(string(b), s) }
