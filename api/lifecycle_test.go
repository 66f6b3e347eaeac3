package api

import (
	"net/http"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/hanablive"
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

// TestLeaveLobby: a seat left in a lobby is free again and its token dies at
// once; the next person gets the seat; the last person leaving cancels the
// lobby, which lists as cancelled.
func TestLeaveLobby(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Alice"})
		e.expect(r, http.StatusCreated)
		var alice SeatResponse
		r.json(t, &alice)
		id := alice.Game.ID
		join := func(name string) SeatResponse {
			r := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]string{"name": name})
			e.expect(r, http.StatusCreated)
			var sr SeatResponse
			r.json(t, &sr)
			return sr
		}
		bob := join("Bob")
		e.expect(e.req("DELETE", "/v1/games/"+id+"/seats/1", deref(bob.Token), nil), http.StatusNoContent)
		for _, path := range []string{"", "/events", "/terminate", "/seats/1"} {
			method := map[string]string{"": "GET", "/events": "GET", "/terminate": "POST", "/seats/1": "DELETE"}[path]
			r := e.req(method, "/v1/games/"+id+path, deref(bob.Token), nil)
			e.expect(r, http.StatusUnauthorized)
			if p := r.problem(t); p.Code != codeUnauthorized {
				t.Fatalf("%s %s with a dead token: %s", method, path, p.Code)
			}
		}
		var g GameView
		e.req("GET", "/v1/games/"+id, "", nil).json(t, &g)
		if g.Status != "lobby" || g.Seats[1].Name != nil || g.Version != 2 {
			t.Fatalf("after bob left: status %s seat 1 %v version %d", g.Status, g.Seats[1].Name, g.Version)
		}
		carol := join("Carol")
		if deref(carol.Seat) != 1 {
			t.Fatalf("carol got seat %v", carol.Seat)
		}
		// Bob's token names seat 1 too, but not Carol's occupancy of it.
		e.expect(e.req("GET", "/v1/games/"+id, deref(bob.Token), nil), http.StatusUnauthorized)
		e.expect(e.req("GET", "/v1/games/"+id, deref(carol.Token), nil), http.StatusOK)
		e.expect(e.req("DELETE", "/v1/games/"+id+"/seats/0", deref(alice.Token), nil), http.StatusNoContent)
		e.expect(e.req("DELETE", "/v1/games/"+id+"/seats/1", deref(carol.Token), nil), http.StatusNoContent)
		e.req("GET", "/v1/games/"+id, "", nil).json(t, &g)
		if g.Status != "cancelled" || g.CurrentSeat != nil || len(g.Hands) != 0 {
			t.Fatalf("after everyone left: %s", g.Status)
		}
		var list GameList
		e.req("GET", "/v1/games?status=cancelled", "", nil).json(t, &list)
		if len(list.Games) != 1 || list.Games[0].ID != id {
			t.Fatalf("cancelled games %+v", list.Games)
		}
		e.expect(e.req("POST", "/v1/games/"+id+"/seats", "", nil), http.StatusConflict)
	})
}

// TestLeaveActiveGame: a seat left in an active game is played by a bot to
// the end, seeing only its seat; the event seat_left tells it; the leaver's
// token dies and the other seat plays on.
func TestLeaveActiveGame(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 2, variants.Options{}, "leave-active")
		tb.act(tb.pick()) // seat 1 is to act when it leaves
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[1], map[string]any{"type": "discard", "card": 5}), http.StatusUnauthorized)

		for g := (GameView{}); ; {
			e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &g)
			if g.Status == "finished" {
				if g.Result == nil || g.Result.Reason == "terminated" {
					t.Fatalf("result %+v", g.Result)
				}
				break
			}
			if g.CurrentSeat == nil || *g.CurrentSeat != 0 {
				r := e.req("GET", "/v1/games/"+tb.id+"?since="+itoa(int(g.Version))+"&wait=5s", tb.tokens[0], nil)
				if r.status != http.StatusOK {
					t.Fatalf("the bot stopped at version %d (%d)", g.Version, r.status)
				}
				continue
			}
			move := map[string]any{"type": "clue", "target": 1, "rank": *g.Hands[1].Cards[0].Rank}
			if g.NoteTokens == 0 {
				move = map[string]any{"type": "discard", "card": g.Hands[0].Cards[len(g.Hands[0].Cards)-1].ID}
			}
			e.expect(e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[0], move), http.StatusOK)
		}

		var g GameView
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &g)
		if g.Seats[1].Bot == nil || *g.Seats[1].Bot != "hat" || g.Seats[1].Name == nil || *g.Seats[1].Name != "P1" {
			t.Fatalf("seat 1 after it was left: %+v", g.Seats[1])
		}
		var evs EventsResponse
		e.req("GET", "/v1/games/"+tb.id+"/events", "", nil).json(t, &evs)
		left := evs.Events[1]
		if left.Type != "seat_left" || left.Seq != 2 || left.Turn != 1 || deref(left.Seat) != 1 || deref(left.Bot) != "hat" {
			t.Fatalf("event 2: %+v", left)
		}
		for i, ev := range evs.Events {
			if ev.Seq != i+1 {
				t.Fatalf("event %d has seq %d", i, ev.Seq)
			}
		}
		if last := evs.Events[len(evs.Events)-1]; last.Type != "game_over" {
			t.Fatalf("last event %s", last.Type)
		}
		var rv ReplayView
		e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil).json(t, &rv)
		if rv.Actions[1].Type != "seat_left" || rv.Actions[1].Seat != 1 {
			t.Fatalf("replay action 1: %+v", rv.Actions[1])
		}
		var live hanablive.Game
		e.req("GET", "/v1/games/"+tb.id+"/replay?format=hanablive", "", nil).json(t, &live)
		if len(live.Actions) != len(rv.Actions)-1 {
			t.Fatalf("hanab.live has %d actions, the log %d (one a leave)", len(live.Actions), len(rv.Actions))
		}
	})
}

// TestLeaveRefusals: every refusal of DELETE /games/{id}/seats/{seat}.
func TestLeaveRefusals(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	done := e.newTable("basic", 2, variants.Options{}, "done")
	e.expect(e.req("POST", "/v1/games/"+done.id+"/terminate", done.tokens[0], nil), http.StatusOK)
	active := e.newTable("basic", 2, variants.Options{}, "active")
	for _, tc := range []struct {
		name, path, token string
		status            int
		code              string
	}{
		{"a finished game", "/v1/games/" + done.id + "/seats/1", done.tokens[1], http.StatusConflict, codeGameNotActive},
		{"another seat", "/v1/games/" + active.id + "/seats/1", active.tokens[0], http.StatusForbidden, codeForbidden},
		{"another game's token", "/v1/games/" + active.id + "/seats/0", done.tokens[0], http.StatusForbidden, codeForbidden},
		{"no token", "/v1/games/" + active.id + "/seats/0", "", http.StatusUnauthorized, codeUnauthorized},
		{"not a seat number", "/v1/games/" + active.id + "/seats/x", active.tokens[0], http.StatusBadRequest, codeBadRequest},
		{"an unknown bot", "/v1/games/" + active.id + "/seats/0?bot=nosuch", active.tokens[0], http.StatusBadRequest, codeBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.req("DELETE", tc.path, tc.token, nil)
			e.expect(r, tc.status)
			if p := r.problem(t); p.Code != tc.code {
				t.Fatalf("code %s, want %s", p.Code, tc.code)
			}
		})
	}
	var g GameView
	e.req("GET", "/v1/games/"+active.id, "", nil).json(t, &g)
	if g.Status != "active" || g.Seats[0].Bot != nil {
		t.Fatalf("the refusals changed the game: %s %+v", g.Status, g.Seats[0])
	}
}

// TestTurnClockRealTime: with a real 5 s clock and nobody playing, the
// strongest bot moves for the seat to act within a second of its deadline,
// the event says auto, and the next turn has its own deadline. The one test
// here that waits on the wall clock.
func TestTurnClockRealTime(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	tb := e.newTable("basic", 2, variants.Options{TurnSeconds: intp(5)}, "real-clock")
	var g GameView
	e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &g)
	if g.TurnDeadline == nil || g.Options.TurnSeconds != 5 || g.Options.OnTimeout != "bot" {
		t.Fatalf("deadline %v options %+v", g.TurnDeadline, g.Options)
	}
	deadline := *g.TurnDeadline
	r := e.req("GET", "/v1/games/"+tb.id+"/events?after=0&wait=10s", tb.tokens[1], nil)
	arrived := time.Now()
	e.expect(r, http.StatusOK)
	var evs EventsResponse
	r.json(t, &evs)
	if len(evs.Events) != 1 || !evs.Events[0].Auto || deref(evs.Events[0].Seat) != 0 {
		t.Fatalf("events %+v", evs.Events)
	}
	if late := arrived.Sub(deadline); late < 0 || late > time.Second {
		t.Fatalf("the automatic move came %v after the deadline", late)
	}
	e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil).json(t, &g)
	if g.TurnDeadline == nil || !g.TurnDeadline.After(deadline) || deref(g.CurrentSeat) != 1 {
		t.Fatalf("after the automatic move: deadline %v seat %v", g.TurnDeadline, g.CurrentSeat)
	}
}

// TestClockOptions: the clock's options are validated at creation, shown in
// the game's options and in every variant's options table.
func TestClockOptions(t *testing.T) {
	e := sqliteEnv(t)
	for _, opts := range []map[string]any{
		{"turn_seconds": 4}, {"turn_seconds": 86401}, {"turn_seconds": -1}, {"turn_seconds": "5"},
		{"on_timeout": "pass"}, {"on_timeout": ""}, {"on_timeout": 1},
	} {
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "options": opts})
		e.expect(r, http.StatusBadRequest)
	}
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "options": map[string]any{"turn_seconds": 60, "on_timeout": "end"}})
	e.expect(r, http.StatusCreated)
	var sr SeatResponse
	r.json(t, &sr)
	if o := sr.Game.Options; o.TurnSeconds != 60 || o.OnTimeout != "end" || sr.Game.TurnDeadline != nil {
		t.Fatalf("options %+v, deadline in a lobby %v", o, sr.Game.TurnDeadline)
	}
	var v VariantView
	e.req("GET", "/v1/variants/farbrausch", "", nil).json(t, &v)
	ts, ot := v.Options["turn_seconds"], v.Options["on_timeout"]
	if ts.Default != float64(0) || deref(ts.Min) != 5 || deref(ts.Max) != 86400 || ot.Default != "bot" || len(ot.Allowed) != 2 {
		t.Fatalf("options table: turn_seconds %+v on_timeout %+v", ts, ot)
	}
}
