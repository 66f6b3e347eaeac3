package api

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/rooms"
)

// TestRoomMembersWhoGoLeave: a member who reads nothing of a room for
// rooms.AwayFor has gone (closed the tab) and leaves it: a leader gone
// passes the lead to the first member still there, as on Leave; members
// still reading (a stream's heartbeat, a long-poll, a read) stay; a full
// room makes room for a newcomer once members have gone.
func TestRoomMembersWhoGoLeave(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		clk := &clock{now: time.Now().UTC()}
		rr := rooms.NewRooms(e.store.(rooms.RoomStore), e.games, clk.Now)
		e.srv.rooms = rr
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		tb := e.finishedGame("room-away", 4)
		opened := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		path := "/v1/rooms/" + opened.ID
		e.room("POST", path+"/members", bob, nil, http.StatusOK)
		e.room("POST", path+"/members", carol, nil, http.StatusOK)

		// Bob keeps reading the room, Carol follows its stream (whose
		// heartbeat tells she is there); Alice, the leader, reads nothing.
		beat := &fakeTicker{}
		e.srv.streams.setTicker(beat.new)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+path+"/events/ndjson", nil)
		req.Header.Set("Authorization", "Bearer "+carol)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("Carol's stream: %v %v", err, res)
		}
		defer res.Body.Close()
		waitFor(t, func() bool { return beat.count() == 1 })
		c, err := e.srv.accounts.PlayerNamed(ctx, "Carol")
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			clk.add(30 * time.Second)
			e.room("GET", path, bob, nil, http.StatusOK)
			beat.tick()
			waitFor(t, func() bool {
				seen, err := e.store.(rooms.RoomStore).MembersSeen(ctx, opened.ID)
				return err == nil && !seen[c.ID].Before(clk.Now().Add(-rooms.SeenEvery))
			})
		}
		r := e.room("GET", path, bob, nil, http.StatusOK)
		if deref(r.Leader) != "Bob" || len(r.Members) != 2 || r.Members[0].Name != "Bob" || r.Members[1].Name != "Carol" {
			t.Fatalf("after Alice went: leader %q, members %+v", deref(r.Leader), r.Members)
		}
		e.room("PUT", path+"/turn", bob, map[string]any{"turn": 2}, http.StatusOK)
		e.room("PUT", path+"/turn", alice, map[string]any{"turn": 1}, http.StatusForbidden)

		// Back, Alice joins again, behind the others.
		r = e.room("POST", path+"/members", alice, nil, http.StatusOK)
		if deref(r.Leader) != "Bob" || len(r.Members) != 3 || r.Members[2].Name != "Alice" {
			t.Fatalf("Alice back: leader %q, members %+v", deref(r.Leader), r.Members)
		}

		// Everybody goes, Carol's stream too (and their reads are
		// forgotten, as every hour): the first who reads again finds only
		// themself.
		res.Body.Close()
		waitFor(t, func() bool { return rr.Waiting(opened.ID) == 0 })
		clk.add(rooms.AwayFor + time.Second)
		if err := rr.Forget(context.Background()); err != nil {
			t.Fatal(err)
		}
		r = e.room("GET", path, carol, nil, http.StatusOK)
		if deref(r.Leader) != "Carol" || len(r.Members) != 1 {
			t.Fatalf("after all went but Carol: leader %q, members %+v", deref(r.Leader), r.Members)
		}
	})
}

// TestFullRoomMakesRoom: a room full of members who have gone lets a
// newcomer in.
func TestFullRoomMakesRoom(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		clk := &clock{now: time.Now().UTC()}
		e.srv.rooms = rooms.NewRooms(e.store.(rooms.RoomStore), e.games, clk.Now)
		host := e.signUp("Host", "correct horse", false)
		tb := e.finishedGame("room-full", 2)
		opened := e.room("POST", "/v1/rooms", host, map[string]any{"game": tb.id}, http.StatusCreated)
		path := "/v1/rooms/" + opened.ID
		for i := 1; i < rooms.MaxMembers; i++ {
			// Each from an address of its own: sign-ups are limited by address.
			_, token, err := e.srv.accounts.SignUp(context.Background(), "Visitor"+itoa(i), "correct horse", false, "10.9.0."+itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			e.room("POST", path+"/members", token, nil, http.StatusOK)
		}
		late := e.signUp("Late", "correct horse", false)
		e.room("POST", path+"/members", late, nil, http.StatusForbidden)
		clk.add(rooms.AwayFor + time.Second)
		r := e.room("POST", path+"/members", late, nil, http.StatusOK)
		if len(r.Members) != 1 || r.Members[0].Name != "Late" || deref(r.Leader) != "Late" {
			t.Fatalf("the room after its members went: leader %q, %d members", deref(r.Leader), len(r.Members))
		}
	})
}

// TestUnreadRoomsForgotten: a room that nobody has read or changed for
// rooms.KeptFor is deleted (its link answers 404, its game's replay
// stays), while one a member read since, or changed within it, is kept.
func TestUnreadRoomsForgotten(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		clk := &clock{now: time.Now().UTC()}
		rr := rooms.NewRooms(e.store.(rooms.RoomStore), e.games, clk.Now)
		e.srv.rooms = rr
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		tb := e.finishedGame("room-forgotten", 2)
		left := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		read := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		clk.add(rooms.KeptFor + time.Minute)
		fresh := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		clk.add(rooms.AwayFor + time.Second) // nobody reads fresh; its member reads read
		e.room("GET", "/v1/rooms/"+read.ID, alice, nil, http.StatusOK)
		if err := rr.Forget(context.Background()); err != nil {
			t.Fatal(err)
		}
		e.expect(e.req("GET", "/v1/rooms/"+left.ID, bob, nil), http.StatusNotFound)
		e.room("GET", "/v1/rooms/"+read.ID, bob, nil, http.StatusOK)
		e.room("GET", "/v1/rooms/"+fresh.ID, bob, nil, http.StatusOK)
		e.expect(e.req("GET", "/v1/games/"+tb.id+"/replay", "", nil), http.StatusOK)
	})
}
