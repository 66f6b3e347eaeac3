package api

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// Spectators: a signed-in one sees every hand, the public none; a shadow
// sees exactly what its seat sees; a table closed to spectators, or whose
// spectators see no hand, holds; a private table is watched with its
// secret alone.
func TestSpectators(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		carol := e.signUp("Carol", "correct horse", false)
		table := func(spectators string) (string, []string) {
			t.Helper()
			body := map[string]any{"variant": "basic", "players": 2, "seed": "spectators"}
			if spectators != "" {
				body["spectators"] = spectators
			}
			r := e.req("POST", "/v1/games", "", body)
			e.expect(r, http.StatusCreated)
			var created SeatResponse
			r.json(t, &created)
			r = e.req("POST", "/v1/games/"+created.Game.ID+"/seats", "", nil)
			e.expect(r, http.StatusCreated)
			var joined SeatResponse
			r.json(t, &joined)
			return created.Game.ID, []string{deref(created.Token), deref(joined.Token)}
		}
		hands := func(v GameView) (known, hidden int) {
			for _, h := range v.Hands {
				for _, c := range h.Cards {
					if c.Suit != nil {
						known++
					} else {
						hidden++
					}
				}
			}
			return known, hidden
		}
		view := func(id, token, query string, status int) (GameView, resp) {
			t.Helper()
			r := e.req("GET", "/v1/games/"+id+query, token, nil)
			e.expect(r, status)
			var v GameView
			if status == http.StatusOK {
				r.json(t, &v)
			}
			return v, r
		}

		id, seats := table("")
		if v, _ := view(id, carol, "", 200); v.You != nil {
			t.Fatalf("a spectator reads seat %d", *v.You)
		} else if known, hidden := hands(v); hidden != 0 || known != 10 {
			t.Fatalf("a signed-in spectator sees %d cards and not %d", known, hidden)
		}
		if known, _ := hands(func() GameView { v, _ := view(id, "", "", 200); return v }()); known != 0 {
			t.Fatalf("the public sees %d cards", known)
		}
		for seat, token := range seats {
			_, own := view(id, token, "", 200)
			_, shadow := view(id, carol, "?shadow="+itoa(seat), 200)
			if !bytes.Equal(own.body, shadow.body) || own.header.Get("ETag") != shadow.header.Get("ETag") {
				t.Fatalf("seat %d's shadow differs from its own view:\n%s\n%s", seat, shadow.body, own.body)
			}
		}
		view(id, "", "?shadow=0", http.StatusForbidden)
		view(id, carol, "?shadow=7", http.StatusBadRequest)
		view(id, seats[0], "?shadow=1", http.StatusBadRequest)
		// The events and the streams admit alike.
		e.expect(e.req("GET", "/v1/games/"+id+"/events?shadow=0", "", nil), http.StatusForbidden)

		// A closed table's lobby is read by whoever may join it.
		lobby := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "spectators": "closed"})
		e.expect(lobby, http.StatusCreated)
		var waiting SeatResponse
		lobby.json(t, &waiting)
		view(waiting.Game.ID, "", "", 200)
		closed, closedSeats := table("closed")
		for _, token := range []string{"", carol} {
			_, r := view(closed, token, "", http.StatusForbidden)
			if p := r.problem(t); p.Code != codeSpectatorsClosed {
				t.Fatalf("a closed table: %+v", p)
			}
			e.expect(e.req("GET", "/v1/games/"+closed+"/events", token, nil), http.StatusForbidden)
			e.expect(e.req("GET", "/v1/games/"+closed+"/events/ndjson", token, nil), http.StatusForbidden)
		}
		view(closed, closedSeats[0], "", 200)
		e.expect(e.req("POST", "/v1/games/"+closed+"/terminate", closedSeats[0], nil), http.StatusOK)
		view(closed, "", "", 200) // a finished game is public record

		noHands, _ := table("no_hands")
		if known, _ := hands(func() GameView { v, _ := view(noHands, carol, "", 200); return v }()); known != 0 {
			t.Fatalf("a spectator of a no-hands table sees %d cards", known)
		}
		view(noHands, carol, "?shadow=0", http.StatusForbidden)
		e.expect(e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "spectators": "some"}), http.StatusBadRequest)
	})
}

// TestWatchersListed: the players see who watches, by name and shadowed
// seat; a seat is never listed, nor a guest spectator; a table closed to
// spectators lists nobody to anyone outside it, and lists no spectator it
// refused.
func TestWatchersListed(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		dave := e.signUp("Dave", "correct horse", false)
		erin := e.signUp("Erin", "correct horse", false)
		tb := e.newTable("basic", 2, variants.Options{}, "watchers")
		e.expect(e.req("GET", "/v1/games/"+tb.id, dave, nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/games/"+tb.id+"?shadow=1", erin, nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/games/"+tb.id, "", nil), http.StatusOK)
		e.expect(e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil), http.StatusOK)
		var list WatcherList
		r := e.req("GET", "/v1/games/"+tb.id+"/watchers", tb.tokens[1], nil)
		e.expect(r, http.StatusOK)
		r.json(t, &list)
		if len(list.Watchers) != 2 || list.Watchers[0].Name != "Dave" || list.Watchers[0].Shadow != nil ||
			list.Watchers[1].Name != "Erin" || deref(list.Watchers[1].Shadow) != 1 {
			t.Fatalf("watchers %+v", list.Watchers)
		}
		// A watcher who takes a seat is a player: no longer listed.
		lobby := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2})
		var l SeatResponse
		lobby.json(t, &l)
		e.expect(e.req("GET", "/v1/games/"+l.Game.ID, dave, nil), http.StatusOK)
		e.expect(e.req("POST", "/v1/games/"+l.Game.ID+"/seats", dave, nil), http.StatusCreated)
		var after WatcherList
		e.req("GET", "/v1/games/"+l.Game.ID+"/watchers", "", nil).json(t, &after)
		if len(after.Watchers) != 0 {
			t.Fatalf("a seated player listed as a watcher: %+v", after.Watchers)
		}
		if l.Game.Spectators != "open" {
			t.Fatalf("the view's spectators: %q", l.Game.Spectators)
		}
		closed := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "spectators": "closed"})
		var c SeatResponse
		closed.json(t, &c)
		join := e.req("POST", "/v1/games/"+c.Game.ID+"/seats", "", nil)
		e.expect(join, http.StatusCreated)
		e.expect(e.req("GET", "/v1/games/"+c.Game.ID+"/watchers", dave, nil), http.StatusForbidden)
		// Erin, refused the closed table's view, watches nothing.
		e.expect(e.req("GET", "/v1/games/"+c.Game.ID, erin, nil), http.StatusForbidden)
		var seat SeatResponse
		join.json(t, &seat)
		var inside WatcherList
		e.req("GET", "/v1/games/"+c.Game.ID+"/watchers", deref(seat.Token), nil).json(t, &inside)
		if len(inside.Watchers) != 0 {
			t.Fatalf("a spectator refused is listed as watching: %+v", inside.Watchers)
		}
		var list2 GameList
		e.req("GET", "/v1/games?status=active", "", nil).json(t, &list2)
		for _, g := range list2.Games {
			if g.ID == c.Game.ID && g.Spectators != "closed" {
				t.Fatalf("the listing's spectators: %q", g.Spectators)
			}
		}
	})
}
