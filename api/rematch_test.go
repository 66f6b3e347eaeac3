package api

import (
	"net/http"
	"testing"
	"time"
)

// seatsOf names who sits where in a view: the name of each seat's
// signed-in player, "guest" for a guest's seat, "" for a free one.
func seatsOf(g GameView) []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		switch {
		case s.Player != nil:
			out[i] = s.Player.Name
		case s.Name != nil:
			out[i] = "guest"
		}
	}
	return out
}

// TestRematch (on both stores): a player of a finished game plays it
// again in one press. Its signed-in players are seated at once, each one
// seat on from where they sat, so that the seat after the one that began
// starts; the guest's seat is left free for the guest; a signed-in
// spectator is not seated and may not press. The finished game names its
// rematch, and a reader waiting on its events (with the chat) is woken
// with a next_game event. A second press answers the same table.
func TestRematch(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		dave := e.signUp("Dave", "correct horse", false)
		tb := e.accountTable("basic", []string{alice, bob, ""}, nil)
		tb.act(tb.pick())
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/rematch", alice, nil), http.StatusConflict)
		for s := range 2 {
			e.expect(e.req("PUT", "/v1/games/"+tb.id+"/votes/end", tb.tokens[s], nil), http.StatusOK)
		}
		var old GameView
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old)
		if old.Status != "finished" || old.NextGame != nil {
			t.Fatalf("the voted game: %s, next %v", old.Status, old.NextGame)
		}
		var evs EventsResponse
		e.req("GET", "/v1/games/"+tb.id+"/events?after=0", "", nil).json(t, &evs)
		last := evs.Events[len(evs.Events)-1].Seq
		woken := make(chan EventsResponse, 1)
		go func() {
			var got EventsResponse
			e.req("GET", "/v1/games/"+tb.id+"/events?after="+itoa(last)+"&chat_after=0&wait=10s", "", nil).json(t, &got)
			woken <- got
		}()
		waitFor(t, func() bool { return e.follows.open.Load() > 0 })

		e.expect(e.req("POST", "/v1/games/"+tb.id+"/rematch", dave, nil), http.StatusForbidden)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/rematch", "", nil), http.StatusUnauthorized)
		pressed := time.Now()
		r := e.req("POST", "/v1/games/"+tb.id+"/rematch", tb.tokens[1], nil)
		e.expect(r, http.StatusCreated)
		var bobs SeatResponse
		r.json(t, &bobs)
		next := bobs.Game
		first := old.FirstSeat
		want := make([]string, 3)
		for s, name := range []string{"Alice", "Bob", ""} {
			want[(s-first-1+6)%3] = name
		}
		if got := seatsOf(*next); next.Status != "lobby" || next.Variant != "basic" || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Fatalf("the rematch: %s, seats %v; want %v (the game began at seat %d)", next.Status, got, want, first)
		}
		if bobs.Seat == nil || want[*bobs.Seat] != "Bob" || deref(bobs.Token) == "" || deref(next.You) != *bobs.Seat {
			t.Fatalf("Bob's answer: seat %v, you %v", bobs.Seat, next.You)
		}
		r = e.req("POST", "/v1/games/"+tb.id+"/rematch", alice, nil)
		e.expect(r, http.StatusCreated)
		var alices SeatResponse
		r.json(t, &alices)
		if alices.Game.ID != next.ID || alices.Seat == nil || want[*alices.Seat] != "Alice" {
			t.Fatalf("a second press: game %s seat %v; want %s", alices.Game.ID, alices.Seat, next.ID)
		}
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old)
		if deref(old.NextGame) != next.ID {
			t.Fatalf("the finished game names %v as its next", old.NextGame)
		}
		got := <-woken
		if waited := time.Since(pressed); waited > 5*time.Second {
			t.Errorf("the waiting reader heard of the rematch after %v: its wait ran out", waited)
		}
		if n := len(got.Events); n != 1 || got.Events[0].Type != "next_game" || got.Events[0].Game != next.ID || got.Events[0].Seq != last+1 {
			t.Fatalf("the waiting reader got %+v", got.Events)
		}

		// The guest comes back by the invite link and the game starts.
		e.expect(e.req("POST", "/v1/games/"+next.ID+"/seats", "", map[string]any{"name": "Gus"}), http.StatusCreated)
		var started GameView
		e.req("GET", "/v1/games/"+next.ID, "", nil).json(t, &started)
		if started.Status != "active" || seatsOf(started)[(2-first-1+6)%3] != "guest" {
			t.Fatalf("after the guest sat down: %s, %v", started.Status, seatsOf(started))
		}
	})
}

// TestRematchFromRoom (acceptance, on both stores): the leader of a shared
// replay of a finished game of signed-in players plays it again: the new
// table is active at once with the same players seated, one seat on, the
// seat after the one that began the game starting it. A leader who did not
// play the game may not, as POST /games/{id}/rematch refuses them: it
// would seat the players at a running game they did not ask for.
func TestRematchFromRoom(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		tb := e.accountTable("basic", []string{alice, bob}, nil)
		for range 4 {
			tb.act(tb.pick())
		}
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
		var old GameView
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old)

		opened := e.room("POST", "/v1/rooms", carol, map[string]any{"game": tb.id}, http.StatusCreated)
		e.room("POST", "/v1/rooms/"+opened.ID+"/members", alice, nil, http.StatusOK)
		e.room("POST", "/v1/rooms/"+opened.ID+"/again", carol, nil, http.StatusForbidden)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/rematch", carol, nil), http.StatusForbidden)
		if e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old); old.NextGame != nil {
			t.Fatalf("a spectator's refused rematch made %s", *old.NextGame)
		}
		e.room("PUT", "/v1/rooms/"+opened.ID+"/leader", carol, map[string]any{"player": "Alice"}, http.StatusOK)
		again := e.room("POST", "/v1/rooms/"+opened.ID+"/again", alice, nil, http.StatusOK)
		if again.NextGame == nil {
			t.Fatal("the room names no next game")
		}
		var next GameView
		e.req("GET", "/v1/games/"+*again.NextGame, "", nil).json(t, &next)
		got := seatsOf(next)
		starter, oldStarter := got[deref(next.CurrentSeat)], seatsOf(old)[old.FirstSeat]
		if next.Status != "active" || len(got) != 2 || got[0] == got[1] || got[0] == "" || got[1] == "" || got[0] == "Carol" || got[1] == "Carol" {
			t.Fatalf("the rematch: %s, seats %v", next.Status, got)
		}
		if starter == oldStarter {
			t.Errorf("%s began the game and begins its rematch too", starter)
		}
		if got[(0-old.FirstSeat-1+next.FirstSeat+4)%2] != seatsOf(old)[0] {
			t.Errorf("seats %v: each player one seat on from %v", got, seatsOf(old))
		}
		e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old)
		if deref(old.NextGame) != next.ID {
			t.Errorf("the game names %v as its next, the room %s", old.NextGame, next.ID)
		}
		// Each plays their seat with their own token.
		var mine GameView
		e.req("GET", "/v1/games/"+next.ID, alice, nil).json(t, &mine)
		if mine.You == nil || got[*mine.You] != "Alice" {
			t.Errorf("Alice reads the rematch as seat %v", mine.You)
		}
	})
}

// TestRoomPlaysAgainPastACancelledRematch: a room whose rematch was
// cancelled unplayed (its players left its lobby) plays the game again at
// a new table, as the game's own rematch does, and names that one.
func TestRoomPlaysAgainPastACancelledRematch(t *testing.T) {
	e := sqliteEnv(t)
	alice, bob := e.signUp("Alice", "correct horse", false), e.signUp("Bob", "correct horse", false)
	tb := e.accountTable("basic", []string{alice, bob, ""}, nil)
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
	room := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
	first := e.room("POST", "/v1/rooms/"+room.ID+"/again", alice, nil, http.StatusOK)
	var next GameView
	e.req("GET", "/v1/games/"+deref(first.NextGame), "", nil).json(t, &next)
	for seat, who := range seatsOf(next) {
		token := map[string]string{"Alice": alice, "Bob": bob}[who]
		if token != "" {
			e.expect(e.req("DELETE", "/v1/games/"+next.ID+"/seats/"+itoa(seat), token, nil), http.StatusNoContent)
		}
	}
	if e.req("GET", "/v1/games/"+next.ID, "", nil).json(t, &next); next.Status != "cancelled" {
		t.Fatalf("the rematch its players left is %s, want cancelled", next.Status)
	}
	again := e.room("POST", "/v1/rooms/"+room.ID+"/again", alice, nil, http.StatusOK)
	if again.NextGame == nil || *again.NextGame == next.ID {
		t.Fatalf("the room names %v, the cancelled table %s", again.NextGame, next.ID)
	}
	var old GameView
	if e.req("GET", "/v1/games/"+tb.id, "", nil).json(t, &old); deref(old.NextGame) != *again.NextGame {
		t.Fatalf("the game names %v as its next, the room %s", old.NextGame, *again.NextGame)
	}
}
