package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestVotesToEnd: over HTTP, a seat's vote shows in every view and as a
// vote event, is taken back, and the votes of half the seats end the game
// as voted, for everyone; a seat votes only with its own token.
func TestVotesToEnd(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("basic", 4, variants.Options{}, "votes-http")
		path := "/v1/games/" + tb.id + "/votes/end"
		var got GameResponse
		for range 2 {
			r := e.req("PUT", path, tb.tokens[3], nil)
			e.expect(r, http.StatusOK)
			r.json(t, &got)
		}
		if !slices.Equal(got.Game.Votes, []int{3}) || got.Game.VotesToEnd != 2 {
			t.Fatalf("after seat 3's vote: votes %v of %d", got.Game.Votes, got.Game.VotesToEnd)
		}
		var public GameView
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &public)
		if !slices.Equal(public.Votes, []int{3}) {
			t.Fatalf("the public sees votes %v", public.Votes)
		}
		e.expect(e.req("DELETE", path, tb.tokens[3], nil), http.StatusOK)
		e.expect(e.req("PUT", path, "", nil), http.StatusUnauthorized)
		e.expect(e.req("PUT", path, tb.tokens[1], nil), http.StatusOK)
		r := e.req("PUT", path, tb.tokens[2], nil)
		e.expect(r, http.StatusOK)
		r.json(t, &got)
		if got.Game.Status != "finished" || got.Game.Result == nil || got.Game.Result.Reason != "voted" || got.Game.Result.Score != 0 || got.Game.Result.Seat != nil {
			t.Fatalf("after two votes of four: %s %+v", got.Game.Status, got.Game.Result)
		}
		var er EventsResponse
		e.req("GET", "/v1/games/"+tb.id+"/events?after=0", "", nil).json(t, &er)
		var types []string
		for _, ev := range er.Events {
			types = append(types, ev.Type)
		}
		if !slices.Equal(types, []string{"vote", "vote", "vote", "vote", "game_over"}) {
			t.Fatalf("events %v", types)
		}
		if v := er.Events[1]; deref(v.Vote) || deref(v.Seat) != 3 || len(v.Votes) != 0 {
			t.Fatalf("the vote taken back: %+v", v)
		}
		if v := er.Events[3]; !deref(v.Vote) || !slices.Equal(v.Votes, []int{1, 2}) {
			t.Fatalf("the last vote: %+v", v)
		}
		p := e.req("PUT", path, tb.tokens[0], nil)
		e.expect(p, http.StatusConflict)
		if p.problem(t).Code != codeGameNotActive {
			t.Fatalf("a vote after the end: %+v", p.problem(t))
		}
	})
}

// TestPauseOverHTTP: a seat pauses a timed game; its view says so, with
// the turn's time left and no deadline nor legal move, a move answers 409
// game_paused, and a resume gives the turn a deadline again; events tell
// both. An untimed game answers 409 game_untimed.
func TestPauseOverHTTP(t *testing.T) {
	eachBackend(t, testPauseOverHTTP)
}

func testPauseOverHTTP(t *testing.T, dbURL string) {
	e := newEnv(t, dbURL)
	seconds := 60
	tb := e.newTable("basic", 2, variants.Options{TurnSeconds: &seconds}, "pause-http")
	var got GameResponse
	r := e.req("POST", "/v1/games/"+tb.id+"/pause", tb.tokens[1], nil)
	e.expect(r, http.StatusOK)
	r.json(t, &got)
	g := got.Game
	if !g.Paused || g.TurnDeadline != nil || g.TurnTimeLeftMS == nil || *g.TurnTimeLeftMS <= 50_000 || *g.TurnTimeLeftMS > 60_000 {
		t.Fatalf("paused: %v, deadline %v, left %v", g.Paused, g.TurnDeadline, g.TurnTimeLeftMS)
	}
	var mine GameView
	cur := deref(g.CurrentSeat)
	e.req("GET", "/v1/games/"+tb.id, tb.tokens[cur], nil).json(t, &mine)
	if mine.LegalMoves != nil || mine.You == nil {
		t.Fatalf("the seat to act's legal moves while paused: %+v", mine.LegalMoves)
	}
	move := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[cur], map[string]any{"type": "discard", "card": mine.Hands[cur].Cards[0].ID})
	e.expect(move, http.StatusConflict)
	if move.problem(t).Code != codeGamePaused {
		t.Fatalf("a move while paused: %+v", move.problem(t))
	}
	r = e.req("POST", "/v1/games/"+tb.id+"/resume", tb.tokens[0], nil)
	e.expect(r, http.StatusOK)
	r.json(t, &got)
	if got.Game.Paused || got.Game.TurnDeadline == nil || got.Game.TurnTimeLeftMS != nil {
		t.Fatalf("resumed: %v, deadline %v, left %v", got.Game.Paused, got.Game.TurnDeadline, got.Game.TurnTimeLeftMS)
	}
	var er EventsResponse
	e.req("GET", "/v1/games/"+tb.id+"/events?after=0", "", nil).json(t, &er)
	if len(er.Events) != 2 || er.Events[0].Type != "pause" || deref(er.Events[0].Seat) != 1 || er.Events[1].Type != "resume" {
		t.Fatalf("events %+v", er.Events)
	}

	untimed := e.newTable("basic", 2, variants.Options{}, "pause-untimed")
	p := e.req("POST", "/v1/games/"+untimed.id+"/pause", untimed.tokens[0], nil)
	e.expect(p, http.StatusConflict)
	if p.problem(t).Code != codeGameUntimed {
		t.Fatalf("an untimed game paused: %+v", p.problem(t))
	}
}

// A vote and a pause made on one replica hold on the other: its waiting
// reader hears them, its moves are refused while paused, and its resume and
// the vote that completes the count are seen back on the first.
func TestVotesAndPauseAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	seconds := 60
	tb := a.newTable("basic", 4, variants.Options{TurnSeconds: &seconds}, "votes-replicas")
	var start GameView
	b.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &start)
	heard := make(chan GameView, 1)
	go func() {
		var v GameView
		b.req("GET", "/v1/games/"+tb.id+"?since="+strconv.FormatInt(start.Version, 10)+"&wait=10s", "", nil).json(t, &v)
		heard <- v
	}()
	waitFor(t, func() bool { return b.srv.waiting() == 1 })
	a.expect(a.req("PUT", "/v1/games/"+tb.id+"/votes/end", tb.tokens[0], nil), http.StatusOK)
	if v := <-heard; !slices.Equal(v.Votes, []int{0}) {
		t.Fatalf("the other replica's reader heard votes %v", v.Votes)
	}

	a.expect(a.req("POST", "/v1/games/"+tb.id+"/pause", tb.tokens[2], nil), http.StatusOK)
	var mine GameView
	cur := deref(start.CurrentSeat)
	b.req("GET", "/v1/games/"+tb.id, tb.tokens[cur], nil).json(t, &mine)
	if !mine.Paused || mine.LegalMoves != nil {
		t.Fatalf("paused on A, B's view: paused %v, legal moves %v", mine.Paused, mine.LegalMoves)
	}
	move := b.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[cur], map[string]any{"type": "discard", "card": mine.Hands[cur].Cards[0].ID})
	b.expect(move, http.StatusConflict)
	if move.problem(t).Code != codeGamePaused {
		t.Fatalf("a move on B while paused on A: %+v", move.problem(t))
	}
	b.expect(b.req("POST", "/v1/games/"+tb.id+"/resume", tb.tokens[3], nil), http.StatusOK)
	var after GameView
	a.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &after)
	if after.Paused || after.TurnDeadline == nil {
		t.Fatalf("resumed on B, A's view: paused %v, deadline %v", after.Paused, after.TurnDeadline)
	}

	b.expect(b.req("PUT", "/v1/games/"+tb.id+"/votes/end", tb.tokens[1], nil), http.StatusOK)
	a.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &after)
	if after.Status != "finished" || after.Result == nil || after.Result.Reason != "voted" {
		t.Fatalf("the second vote, on B: A reads %s %+v", after.Status, after.Result)
	}
}

// TestReplayTellsVotesAndPauses: a game's replay names every entry of its
// log, votes (and votes taken back), pauses and resumes among them, as the
// document says, so that a client that knows its types reads any game's.
func TestReplayTellsVotesAndPauses(t *testing.T) {
	e := sqliteEnv(t)
	seconds := 60
	tb := e.newTable("basic", 2, variants.Options{TurnSeconds: &seconds}, "replay-votes")
	for _, step := range []struct{ method, path string }{
		{"PUT", "/votes/end"}, {"DELETE", "/votes/end"}, {"POST", "/pause"}, {"POST", "/resume"}, {"POST", "/terminate"},
	} {
		e.expect(e.req(step.method, "/v1/games/"+tb.id+step.path, tb.tokens[0], nil), http.StatusOK)
	}
	r := e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil) // held to the document by the contract client
	e.expect(r, http.StatusOK)
	var rv ReplayView
	r.json(t, &rv)
	var got []string
	for _, a := range rv.Actions {
		kind := a.Type
		if a.Vote != nil {
			kind += map[bool]string{true: "+", false: "-"}[*a.Vote]
		}
		got = append(got, kind)
	}
	if want := "vote+ vote- pause resume end"; strings.Join(got, " ") != want {
		t.Fatalf("the replay's actions: %q, want %q", got, want)
	}
}
