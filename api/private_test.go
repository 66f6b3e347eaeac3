package api

import (
	"net/http"
	"testing"
)

// A private table asks a joiner for its join secret, which its seats see in
// their views (for the invite link) and nobody else does; an unlisted table
// is missing from the list; the lobby list names each open table's host and
// free seats.
func TestPrivateAndUnlistedTables(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		create := func(body map[string]any) SeatResponse {
			t.Helper()
			r := e.req("POST", "/v1/games", "", body)
			e.expect(r, http.StatusCreated)
			var sr SeatResponse
			r.json(t, &sr)
			return sr
		}
		private := create(map[string]any{"variant": "basic", "players": 3, "name": "Alice", "private": true})
		hidden := create(map[string]any{"variant": "basic", "players": 2, "name": "Carol", "unlisted": true})
		open := create(map[string]any{"variant": "basic", "players": 4, "name": "Dave"})

		secret := private.Game.JoinSecret
		if secret == nil || len(*secret) < 16 {
			t.Fatalf("the creator of a private table sees join_secret %v", secret)
		}
		if open.Game.JoinSecret != nil || hidden.Game.JoinSecret != nil {
			t.Fatal("a public table has a join secret")
		}
		// A spectator watches a private table with its secret alone.
		e.expect(e.req("GET", "/v1/games/"+private.Game.ID, "", nil), http.StatusForbidden)
		e.expect(e.req("GET", "/v1/games/"+private.Game.ID+"?secret=guess", "", nil), http.StatusForbidden)
		e.expect(e.req("GET", "/v1/games/"+private.Game.ID+"/events?secret=guess", "", nil), http.StatusForbidden)
		var public GameView
		r := e.req("GET", "/v1/games/"+private.Game.ID+"?secret="+*secret, "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &public)
		if public.JoinSecret != nil || public.You != nil {
			t.Fatal("a spectator sees the join secret")
		}

		join := "/v1/games/" + private.Game.ID + "/seats"
		for _, body := range []map[string]any{{"name": "Mallory"}, {"name": "Mallory", "secret": "guess"}, {"secret": *secret + "x"}} {
			r := e.req("POST", join, "", body)
			e.expect(r, http.StatusForbidden)
			if p := r.problem(t); p.Code != "forbidden" {
				t.Fatalf("a join without the secret: %+v", p)
			}
		}
		r = e.req("POST", join, "", map[string]any{"name": "Bob", "secret": *secret})
		e.expect(r, http.StatusCreated)
		var bob SeatResponse
		r.json(t, &bob)
		if bob.Game.JoinSecret == nil || *bob.Game.JoinSecret != *secret {
			t.Fatal("a seat of a private table does not see its secret")
		}

		var list GameList
		e.req("GET", "/v1/games?status=lobby", "", nil).json(t, &list)
		got := map[string]GameSummary{}
		for _, g := range list.Games {
			got[g.ID] = g
		}
		if _, ok := got[hidden.Game.ID]; ok {
			t.Fatal("an unlisted table is listed")
		}
		p, o := got[private.Game.ID], got[open.Game.ID]
		if !p.Private || p.FreeSeats != 1 || p.Name == nil || *p.Name != "Alice" {
			t.Fatalf("the private table is listed as %+v", p)
		}
		if o.Private || o.FreeSeats != 3 || o.Name == nil || *o.Name != "Dave" {
			t.Fatalf("the open table is listed as %+v", o)
		}
		// The unlisted table is still found by its link and joined.
		e.expect(e.req("POST", "/v1/games/"+hidden.Game.ID+"/seats", "", map[string]any{"name": "Erin"}), http.StatusCreated)
	})
}
