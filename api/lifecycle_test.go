package api

import (
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/engine/hanablive"
	"github.com/hanabi-server/hanabi/variants"
)

// TestTerminate: a seat that is not to act ends the game for everyone; the
// view, the events, the replay and the hanab.live export all tell it, on
// every backend.
func TestTerminate(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("basic", 3, variants.Options{}, "terminate")
		tb.act(tb.pick())
		before := e.req("GET", "/v1/games/"+tb.id, "", nil)
		var was GameView
		before.json(t, &was)

		r := e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[2], nil)
		e.expect(r, http.StatusOK)
		var got GameResponse
		r.json(t, &got)
		g := got.Game
		if g.Status != "finished" || g.Version != was.Version+1 || g.Result == nil || g.CurrentSeat != nil {
			t.Fatalf("after terminate: status %s version %d (was %d) result %+v", g.Status, g.Version, was.Version, g.Result)
		}
		if res := g.Result; res.Score != 0 || res.Reason != "terminated" || res.Seat == nil || *res.Seat != 2 || g.Score != 0 {
			t.Fatalf("result %+v, score %d", res, g.Score)
		}

		r = e.req("GET", "/v1/games/"+tb.id+"/events", "", nil)
		e.expect(r, http.StatusOK)
		var evs EventsResponse
		r.json(t, &evs)
		if len(evs.Events) != 2 {
			t.Fatalf("%d events, want the move and game_over", len(evs.Events))
		}
		last := evs.Events[1]
		if last.Type != "game_over" || last.Seq != 2 || last.Turn != 1 || last.Result == nil || last.Result.Reason != "terminated" {
			t.Fatalf("last event %+v", last)
		}

		r = e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil)
		e.expect(r, http.StatusOK)
		var rv ReplayView
		r.json(t, &rv)
		if n := len(rv.Actions); n != 2 || rv.Actions[1].Type != "end" || rv.Actions[1].Seat != 2 || rv.Result == nil || rv.Result.Reason != "terminated" {
			t.Fatalf("replay actions %+v result %+v", rv.Actions, rv.Result)
		}

		r = e.req("GET", "/v1/games/"+tb.id+"/replay?format=hanablive", "", nil)
		e.expect(r, http.StatusOK)
		var live hanablive.Game
		r.json(t, &live)
		want := hanablive.Action{Type: hanablive.ActionGameOver, Target: 2, Value: hanablive.EndConditionTerminated}
		if n := len(live.Actions); n != 2 || live.Actions[1] != want {
			t.Fatalf("hanab.live actions %+v", live.Actions)
		}
		// The export re-imports to the same end and score.
		r = e.req("POST", "/v1/replays", "", r.body)
		e.expect(r, http.StatusOK)
		var imp ImportResponse
		r.json(t, &imp)
		if res := imp.Game.Result; res == nil || res.Reason != "terminated" || res.Score != 0 || res.Seat == nil || *res.Seat != 2 {
			t.Fatalf("re-imported result %+v", res)
		}
	})
}

// TestTerminateRefusals: every refusal of POST /games/{id}/terminate.
func TestTerminateRefusals(t *testing.T) {
	e := sqliteEnv(t)
	done := e.newTable("basic", 2, variants.Options{}, "done")
	e.expect(e.req("POST", "/v1/games/"+done.id+"/terminate", done.tokens[0], nil), http.StatusOK)
	other := e.newTable("basic", 2, variants.Options{}, "other")
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3})
	e.expect(r, http.StatusCreated)
	var lobby SeatResponse
	r.json(t, &lobby)
	for _, tc := range []struct {
		name, id, token string
		status          int
		code            string
	}{
		{"terminate twice", done.id, done.tokens[1], http.StatusConflict, codeGameNotActive},
		{"a lobby", lobby.Game.ID, deref(lobby.Token), http.StatusConflict, codeGameNotActive},
		{"no token", other.id, "", http.StatusUnauthorized, codeUnauthorized},
		{"a forged token", other.id, "not.a.token", http.StatusUnauthorized, codeUnauthorized},
		{"another game's token", other.id, done.tokens[0], http.StatusForbidden, codeForbidden},
		{"no such game", "nosuchgame", "", http.StatusUnauthorized, codeUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.req("POST", "/v1/games/"+tc.id+"/terminate", tc.token, nil)
			e.expect(r, tc.status)
			if p := r.problem(t); p.Code != tc.code {
				t.Fatalf("code %s, want %s", p.Code, tc.code)
			}
		})
	}
	// The other game is untouched by all of that.
	r = e.req("GET", "/v1/games/"+other.id, "", nil)
	var g GameView
	r.json(t, &g)
	if g.Status != "active" {
		t.Fatalf("the other game is %s", g.Status)
	}
}
