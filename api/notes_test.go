package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// noteOf finds seat's note on card in a view's notes.
func noteOf(ns []NoteView, seat, card int) (string, bool) {
	for _, n := range ns {
		if n.Seat == seat && n.Card == card {
			return n.Text, true
		}
	}
	return "", false
}

// A seat's notes are its own while the game runs: in its view, never in a
// teammate's or a spectator's. Writing one is no move (the version stays,
// a teammate's versioned move still goes through) but changes the writer's
// ETag. Once the game is over every view and the replay show them all.
func TestCardNotes(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachServer(t, func(t *testing.T, e *testEnv) {
		tb := e.newTable("basic", 3, variants.Options{}, "notes")
		base := "/v1/games/" + tb.id
		put := func(seat, card int, text string) resp {
			return e.req("PUT", base+"/notes/"+strconv.Itoa(card), tb.tokens[seat], map[string]any{"text": text})
		}
		view := func(token string) (GameView, string) {
			r := e.req("GET", base, token, nil)
			e.expect(r, http.StatusOK)
			var g GameView
			r.json(t, &g)
			return g, r.header.Get("ETag")
		}
		before, tag := view(tb.tokens[0])
		own, other := tb.local.Hand(0)[1], tb.local.Hand(1)[0]

		r := put(0, own, "chop? maybe 5")
		e.expect(r, http.StatusOK)
		var nr NoteResponse
		r.json(t, &nr)
		if nr.Note != (NoteView{Seat: 0, Card: own, Text: "chop? maybe 5"}) || nr.Game.Version != before.Version {
			t.Fatalf("answer %+v at version %d, want the note at version %d", nr.Note, nr.Game.Version, before.Version)
		}
		e.expect(put(0, other, "red 1, play it"), http.StatusOK)
		e.expect(put(1, own, "seat 1's own text"), http.StatusOK)

		after, tag2 := view(tb.tokens[0])
		if tag2 == tag || after.Version != before.Version {
			t.Fatalf("ETag %s → %s, version %d → %d: want a new ETag at the same version", tag, tag2, before.Version, after.Version)
		}
		if got, _ := noteOf(after.Notes, 0, own); got != "chop? maybe 5" || len(after.Notes) != 2 {
			t.Fatalf("seat 0 sees notes %+v, want its own two", after.Notes)
		}
		if r := e.req("GET", base, tb.tokens[0], nil, "If-None-Match", tag); r.status != http.StatusOK {
			t.Fatalf("the ETag from before the note answered %d, want the new view", r.status)
		}
		if r := e.req("GET", base, tb.tokens[0], nil, "If-None-Match", tag2); r.status != http.StatusNotModified {
			t.Fatalf("the current ETag answered %d, want 304", r.status)
		}
		if g, _ := view(tb.tokens[1]); len(g.Notes) != 1 || g.Notes[0].Seat != 1 {
			t.Fatalf("seat 1 sees notes %+v, want only its own", g.Notes)
		}
		if g, _ := view(""); g.Notes != nil {
			t.Fatalf("a spectator sees notes %+v while the game runs", g.Notes)
		}
		for _, path := range []string{base + "/events", base + "/events?after=0"} {
			if r := e.req("GET", path, tb.tokens[1], nil); strings.Contains(string(r.body), "chop?") {
				t.Fatalf("%s carries seat 0's note: %s", path, truncate(string(r.body), 300))
			}
		}

		// The version the teammate read before the notes still holds.
		cur := tb.local.Current()
		a := tb.pick()
		r = e.req("POST", base+"/actions", tb.tokens[cur], tb.request(a), "If-Match", strconv.FormatInt(before.Version, 10))
		e.expect(r, http.StatusOK)
		if _, err := tb.local.Apply(a); err != nil {
			t.Fatal(err)
		}

		// Removing a note.
		e.expect(put(1, own, ""), http.StatusOK)
		if g, _ := view(tb.tokens[1]); g.Notes != nil {
			t.Fatalf("seat 1 still sees %+v after removing its note", g.Notes)
		}

		for !tb.local.Over() {
			tb.act(tb.pick())
		}
		e.expect(put(0, own, "too late"), http.StatusConflict)
		for _, token := range []string{"", tb.tokens[0], tb.tokens[2]} {
			g, _ := view(token)
			if len(g.Notes) != 2 {
				t.Fatalf("after the end, a viewer sees notes %+v, want both of seat 0's", g.Notes)
			}
		}
		var rv ReplayView
		e.req("GET", base+"/replay", "", nil).json(t, &rv)
		if got, _ := noteOf(rv.Notes, 0, other); got != "red 1, play it" || len(rv.Notes) != 2 {
			t.Fatalf("replay notes %+v", rv.Notes)
		}
		var live struct {
			Notes [][]string `json:"notes"`
		}
		e.req("GET", base+"/replay?format=hanablive", "", nil).json(t, &live)
		if len(live.Notes) != 3 || live.Notes[0][own] != "chop? maybe 5" || live.Notes[0][other] != "red 1, play it" || live.Notes[1][own] != "" {
			t.Fatalf("hanab.live export notes %q", live.Notes)
		}
		// Each clue's touched cards, against the deck and the hand it went to.
		again, _ := engine.NewSeeded(tb.cfg, tb.seed)
		deck, touching := again.Deck(), 0
		for i, ra := range rv.Actions {
			a := tb.local.Log()[i]
			var want []int
			if ra.Type == "clue" {
				for _, id := range again.Hand(a.Target) {
					c := deck[id]
					if ra.Color != nil && tb.cfg.Suits[c.Suit].Name == *ra.Color || ra.Rank != nil && c.Rank == *ra.Rank {
						want = append(want, id)
					}
				}
				touching += min(len(want), 1)
			}
			slices.Sort(want)
			if !slices.Equal(ra.Touched, want) {
				t.Fatalf("replay %s %d touched %v, want %v", ra.Type, ra.Seq, ra.Touched, want)
			}
			if _, err := again.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if touching == 0 {
			t.Fatal("the game had no clue that touched a card")
		}
	})
}

// Notes that cannot be written answer a clear problem, and change nothing.
func TestCardNoteRefusals(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	tb := e.newTable("basic", 2, variants.Options{}, "note-refusals")
	base := "/v1/games/" + tb.id
	dealt := 2 * engine.HandSize(2)
	for _, c := range []struct {
		name, path, token string
		body              any
		status            int
		code              string
	}{
		{"no token", base + "/notes/0", "", map[string]any{"text": "x"}, 401, "unauthorized"},
		{"card not a number", base + "/notes/x", tb.tokens[0], map[string]any{"text": "x"}, 400, "bad_request"},
		{"card not dealt", base + "/notes/" + strconv.Itoa(dealt), tb.tokens[0], map[string]any{"text": "x"}, 400, "bad_request"},
		{"negative card", base + "/notes/-1", tb.tokens[0], map[string]any{"text": "x"}, 400, "bad_request"},
		{"no text", base + "/notes/0", tb.tokens[0], map[string]any{}, 400, "bad_request"},
		{"unknown field", base + "/notes/0", tb.tokens[0], map[string]any{"text": "x", "seat": 1}, 400, "bad_request"},
		{"too long", base + "/notes/0", tb.tokens[0], map[string]any{"text": strings.Repeat("é", 201)}, 400, "bad_request"},
		{"control character", base + "/notes/0", tb.tokens[0], map[string]any{"text": "a\x07b"}, 400, "invalid_text"},
		{"unknown game", "/v1/games/" + strings.Repeat("0", 32) + "/notes/0", tb.tokens[0], map[string]any{"text": "x"}, 403, "forbidden"},
	} {
		r := e.req("PUT", c.path, c.token, c.body)
		if r.status != c.status {
			t.Fatalf("%s: status %d, want %d: %s", c.name, r.status, c.status, truncate(string(r.body), 300))
		}
		if p := r.problem(t); p.Code != c.code {
			t.Fatalf("%s: code %s, want %s", c.name, p.Code, c.code)
		}
	}
	e.expect(e.req("PUT", base+"/notes/0", tb.tokens[0], map[string]any{"text": strings.Repeat("é", 200)}), http.StatusOK)

	// A lobby has no cards to write on; a left seat's token writes nothing.
	lobby := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
	var created SeatResponse
	lobby.json(t, &created)
	r := e.req("PUT", "/v1/games/"+created.Game.ID+"/notes/0", deref(created.Token), map[string]any{"text": "x"})
	if r.status != http.StatusConflict || r.problem(t).Code != "game_not_active" {
		t.Fatalf("a note in a lobby: %d %s", r.status, r.body)
	}
	e.expect(e.req("DELETE", base+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
	if r := e.req("PUT", base+"/notes/0", tb.tokens[1], map[string]any{"text": "x"}); r.status != http.StatusUnauthorized {
		t.Fatalf("a left seat's token wrote a note: %d %s", r.status, r.body)
	}
}
