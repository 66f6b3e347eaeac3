package api

import (
	"net/http"
	"strings"
	"testing"
)

// Names that look alike are one name: next to Alice, a sign-up as "Aliсe"
// (a Cyrillic с), "Ꭺlice" (a Cherokee Ꭺ) or "AIice" (a capital I for the
// l) is refused, naming Alice.
func TestLookAlikeSignUpsRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		e.signUp("Alice", "correct horse", false)
		for _, name := range []string{"Aliсe", "Ꭺlice", "AIice", "aIice"} {
			r := e.req("POST", "/v1/players", "", map[string]any{"name": name, "password": "another horse"})
			if r.status != http.StatusConflict {
				t.Fatalf("sign-up %q: %d %s, want 409", name, r.status, r.body)
			}
			if p := r.problem(t); p.Code != codeNameTaken || !strings.Contains(p.Detail, "Alice") {
				t.Fatalf("sign-up %q: %+v", name, p)
			}
		}
		e.signUp("Alina", "correct horse", false)
	})
}

// A guest cannot sit under an account's name or a look-alike of it, at a
// table they open or one they join: 409 guest_name_taken. Other names, and
// the account itself signed in, can.
func TestGuestCannotTakeAnAccountsName(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		for _, name := range []string{"Alice", "alice", " ALICE ", "Aliсe", "AIice", "Ａｌｉｃｅ"} {
			r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": name})
			if r.status != http.StatusConflict || r.problem(t).Code != codeGuestNameTaken {
				t.Fatalf("a guest's table as %q: %d %s, want 409 guest_name_taken", name, r.status, r.body)
			}
		}
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Bob"})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		seats := "/v1/games/" + created.Game.ID + "/seats"
		for _, name := range []string{"Alice", "Ꭺlice"} {
			r := e.req("POST", seats, "", map[string]any{"name": name})
			if r.status != http.StatusConflict || r.problem(t).Code != codeGuestNameTaken {
				t.Fatalf("a guest's seat as %q: %d %s, want 409 guest_name_taken", name, r.status, r.body)
			}
		}
		// The lobby marks a guest's table as a guest's, an account's not.
		mine := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2})
		e.expect(mine, http.StatusCreated)
		var own SeatResponse
		mine.json(t, &own)
		var list GameList
		e.req("GET", "/v1/games?status=lobby", "", nil).json(t, &list)
		hosts := map[string]bool{}
		for _, g := range list.Games {
			hosts[deref(g.Name)] = g.HostGuest
		}
		if guest, ok := hosts["Bob"]; !ok || !guest || hosts["Alice"] {
			t.Fatalf("the lobby's hosts, guest or not: %v", hosts)
		}
		e.expect(e.req("POST", seats, alice, nil), http.StatusCreated)
		e.expect(e.req("POST", seats, "", map[string]any{"name": "Carol"}), http.StatusCreated)
	})
}

// A guest's name that is an account's is told before what else refuses
// the request, as when it was asked before anything else: at a table that
// has started, at a private table without its secret, with a bot's seat
// out of range. And a refused guest takes no seat.
func TestGuestNameTakenToldFirst(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		e.signUp("Alice", "correct horse", false)
		taken := func(what string, r resp) {
			t.Helper()
			if r.status != http.StatusConflict || r.problem(t).Code != codeGuestNameTaken {
				t.Fatalf("%s: %d %s, want 409 guest_name_taken", what, r.status, r.body)
			}
		}
		taken("a table with a bot out of range", e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Aliсe",
			"bots": []map[string]any{{"seat": 5, "strategy": "nobody"}}}))
		var full, private SeatResponse
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Bob"})
		e.expect(r, http.StatusCreated)
		r.json(t, &full)
		e.expect(e.req("POST", "/v1/games/"+full.Game.ID+"/seats", "", map[string]any{"name": "Carol"}), http.StatusCreated)
		taken("a seat at a table that has started", e.req("POST", "/v1/games/"+full.Game.ID+"/seats", "", map[string]any{"name": "Alice"}))
		r = e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Bob", "private": true})
		e.expect(r, http.StatusCreated)
		r.json(t, &private)
		taken("a seat at a private table without its secret", e.req("POST", "/v1/games/"+private.Game.ID+"/seats", "", map[string]any{"name": "AIice"}))
		var open SeatResponse
		r = e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Bob"})
		e.expect(r, http.StatusCreated)
		r.json(t, &open)
		taken("a seat at an open table", e.req("POST", "/v1/games/"+open.Game.ID+"/seats", "", map[string]any{"name": "alice"}))
		var v GameView
		e.req("GET", "/v1/games/"+open.Game.ID, "", nil).json(t, &v)
		if v.Status != "lobby" || len(v.Seats) != 2 || v.Seats[1].Name != nil {
			t.Fatalf("the open table after a refused guest: %s, seats %+v", v.Status, v.Seats)
		}
	})
}
