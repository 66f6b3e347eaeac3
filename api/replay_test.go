package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// TestReplayAuto: the replay marks the move the clock made for a seat
// (auto) and no other: not the seat's own move, not the end. It waits once
// for a real 5 s turn clock.
func TestReplayAuto(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	tb := e.newTable("basic", 2, variants.Options{TurnSeconds: intp(5)}, "replay-auto")
	r := e.req("GET", "/v1/games/"+tb.id+"/events?after=0&wait=10s", tb.tokens[1], nil)
	e.expect(r, http.StatusOK)
	var evs EventsResponse
	r.json(t, &evs)
	if len(evs.Events) != 1 || !evs.Events[0].Auto {
		t.Fatalf("events %+v, want one automatic move", evs.Events)
	}
	// Seat 1 moves itself: it plays its newest card (a misplay is a move too).
	var g GameView
	e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil).json(t, &g)
	card := -1
	for _, h := range g.Hands {
		if h.Seat == 1 {
			card = h.Cards[0].ID
		}
	}
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[1], map[string]any{"type": "play", "card": card}), http.StatusOK)
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)

	r = e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil)
	e.expect(r, http.StatusOK)
	var rv ReplayView
	r.json(t, &rv)
	if len(rv.Actions) != 3 {
		t.Fatalf("replay actions %+v, want the automatic move, the play and the end", rv.Actions)
	}
	for i, want := range []struct {
		seat int
		typ  string
		auto bool
	}{{0, "", true}, {1, "play", false}, {0, "end", false}} {
		a := rv.Actions[i]
		if a.Seat != want.seat || (want.typ != "" && a.Type != want.typ) || a.Auto != want.auto {
			t.Fatalf("replay action %d is %+v, want seat %d %q auto %t", i, a, want.seat, want.typ, want.auto)
		}
	}
}

// TestImportUnfinished: a hanab.live game whose log stops before the rules
// end it imports as the state it reached, every card of every hand shown
// (a replay is public record), with no result, still running.
func TestImportUnfinished(t *testing.T) {
	e := sqliteEnv(t)
	deck := []map[string]int{}
	for suit := range 5 {
		for _, rank := range []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5} {
			deck = append(deck, map[string]int{"suitIndex": suit, "rank": rank})
		}
	}
	imported := func(actions []map[string]int) *GameView {
		r := e.req("POST", "/v1/replays", "", map[string]any{"players": []string{"Alice", "Bob", "Cathy"}, "deck": deck, "actions": actions})
		e.expect(r, http.StatusOK)
		var imp ImportResponse
		r.json(t, &imp)
		return imp.Game
	}
	dealt := imported([]map[string]int{})
	rank := *dealt.Hands[1].Cards[0].Rank
	g := imported([]map[string]int{{"type": 3, "target": 1, "value": rank}, {"type": 1, "target": dealt.Hands[1].Cards[0].ID}})
	if g.Result != nil || g.Turn != 2 || len(g.Hands) != 3 || len(g.Discards) != 1 || g.Status != "active" {
		t.Fatalf("imported: result %+v, turn %d, %d hands, %d discards, status %s (want active: the game runs on)", g.Result, g.Turn, len(g.Hands), len(g.Discards), g.Status)
	}
	for _, h := range g.Hands {
		if len(h.Cards) != 5 {
			t.Fatalf("hand %d has %d cards", h.Seat, len(h.Cards))
		}
		for _, c := range h.Cards {
			if c.Suit == nil || c.Rank == nil || *c.Rank != []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5}[c.ID%10] {
				t.Fatalf("hand %d card %d shows %v %v", h.Seat, c.ID, c.Suit, c.Rank)
			}
		}
	}
	// Bob's cards carry the rank clue that touched his cards of that rank,
	// but the one he drew after it.
	for _, c := range g.Hands[1].Cards[1:] {
		if touched := *c.Rank == rank; len(c.Clues) != 1 || c.Clues[0].Touched != touched {
			t.Fatalf("Bob's card %d: clues %+v", c.ID, c.Clues)
		}
	}
}

// A game of a variant of the server's own (a file's) has no hanab.live
// format: asked for it, its replay says so (400), and the native one is
// there.
func TestReplayOfAFileVariantInHanabLiveFormat(t *testing.T) {
	dir := t.TempDir()
	file := `{"name": "replay-file-four-suits", "title": "Four plain suits", "clue_colors": ["red", "yellow", "green", "blue"], "clue_ranks": [1, 2, 3, 4, 5],
 "suits": [{"name": "red"}, {"name": "yellow"}, {"name": "green"}, {"name": "blue"}]}`
	if err := os.WriteFile(filepath.Join(dir, "four.json"), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := variants.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	e := sqliteEnv(t)
	tb := e.newTable("replay-file-four-suits", 2, variants.Options{}, "file-variant-replay")
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
	e.expect(e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil), http.StatusOK)
	r := e.req("GET", "/v1/games/"+tb.id+"/replay?format=hanablive", "", nil)
	if r.status != http.StatusBadRequest || !strings.Contains(r.problem(t).Detail, "hanab.live") {
		t.Fatalf("its hanab.live format: %d %s, want 400", r.status, truncate(string(r.body), 200))
	}
}
