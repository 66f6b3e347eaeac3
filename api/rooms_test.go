package api

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

func (e *testEnv) room(method, path, token string, body any, status int) RoomView {
	e.t.Helper()
	r := e.req(method, path, token, body)
	e.expect(r, status)
	var out RoomView
	if status < 300 && status != http.StatusNoContent {
		r.json(e.t, &out)
	}
	return out
}

// finishedGame plays a few moves of a two-seat game and ends it.
func (e *testEnv) finishedGame(seed string, moves int) *table {
	e.t.Helper()
	tb := e.newTable("basic", 2, variants.Options{}, seed)
	for range moves {
		tb.act(tb.pick())
	}
	e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
	return tb
}

// TestReplayRoom: a finished game opens as a shared replay room; its
// leader's turn, pointer and hypothetical moves (judged by the engine,
// undone step by step, ended) reach a member waiting on the room; nobody
// but the leader leads; the lead is handed over and passes on when the
// leader leaves; "play again" names the game's rematch.
func TestReplayRoom(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		tb := e.finishedGame("room-1", 6)

		running := e.newTable("basic", 2, variants.Options{}, "room-running")
		e.room("POST", "/v1/rooms", alice, map[string]any{"game": running.id}, http.StatusConflict)
		e.room("POST", "/v1/rooms", "", map[string]any{"game": tb.id}, http.StatusUnauthorized)
		opened := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		path := "/v1/rooms/" + opened.ID
		if deref(opened.Leader) != "Alice" || opened.Turn != 0 || opened.Turns != 6 || len(opened.Members) != 1 || opened.View.Turn != 0 {
			t.Fatalf("the opened room: %+v", opened)
		}
		// Carol reads the room without joining, but not its changes.
		e.room("GET", path, carol, nil, http.StatusOK)
		e.room("GET", path+"/events?since=0", carol, nil, http.StatusForbidden)
		joined := e.room("POST", path+"/members", bob, nil, http.StatusOK)
		if len(joined.Members) != 2 || joined.Members[1].Name != "Bob" || joined.Members[1].Leader {
			t.Fatalf("after Bob joins: %+v", joined.Members)
		}

		// Bob waits; Alice moves the turn: it reaches him.
		got := make(chan RoomView, 1)
		go func() {
			got <- e.room("GET", path+"/events?since="+itoa(int(joined.Version))+"&wait=10s", bob, nil, http.StatusOK)
		}()
		waitFor(t, func() bool { return e.srv.rooms.(*rooms.Rooms).Waiting(opened.ID) == 1 })
		e.room("PUT", path+"/turn", alice, map[string]any{"turn": 3}, http.StatusOK)
		if seen := <-got; seen.Turn != 3 || seen.View.Turn != 3 {
			t.Fatalf("Bob sees turn %d, board turn %d", seen.Turn, seen.View.Turn)
		}
		e.room("PUT", path+"/turn", bob, map[string]any{"turn": 2}, http.StatusForbidden)
		e.room("PUT", path+"/turn", alice, map[string]any{"turn": 7}, http.StatusBadRequest)
		pointed := e.room("PUT", path+"/pointer", alice, map[string]any{"card": 4}, http.StatusOK)
		if deref(pointed.Pointer) != 4 {
			t.Fatalf("pointer %v", pointed.Pointer)
		}

		// A hypothetical line: a legal move, an illegal one (the engine's
		// 422, nothing changed), undone, and ended.
		legal := pointed.LegalMoves
		if legal == nil || len(legal.Play) == 0 {
			t.Fatalf("the board's legal moves: %+v", legal)
		}
		h := e.room("POST", path+"/hypothetical", alice, map[string]any{"type": "play", "card": legal.Play[0]}, http.StatusOK)
		if len(h.Hypothetical) != 1 || h.Hypothetical[0].Type != "play" || h.View.Turn != 4 || h.Turn != 3 {
			t.Fatalf("after a hypothetical discard: %d moves, board turn %d", len(h.Hypothetical), h.View.Turn)
		}
		bad := e.req("POST", path+"/hypothetical", alice, map[string]any{"type": "clue", "target": h.View.CurrentSeat, "rank": 1})
		e.expect(bad, http.StatusUnprocessableEntity)
		if p := bad.problem(t); p.Reason != engine.ErrSelfClue.Code {
			t.Fatalf("a self clue: %+v", p)
		}
		e.room("POST", path+"/hypothetical", bob, map[string]any{"type": "play", "card": h.LegalMoves.Play[0]}, http.StatusForbidden)
		two := e.room("POST", path+"/hypothetical", alice, map[string]any{"type": "play", "card": h.LegalMoves.Play[0]}, http.StatusOK)
		if one := e.room("DELETE", path+"/hypothetical/last", alice, nil, http.StatusOK); len(two.Hypothetical) != 2 || len(one.Hypothetical) != 1 {
			t.Fatalf("undo: %d then %d moves", len(two.Hypothetical), len(one.Hypothetical))
		}
		if none := e.room("DELETE", path+"/hypothetical", alice, nil, http.StatusOK); len(none.Hypothetical) != 0 || none.View.Turn != 3 {
			t.Fatalf("the line ended: %d moves, board turn %d", len(none.Hypothetical), none.View.Turn)
		}
		e.room("DELETE", path+"/hypothetical", alice, nil, http.StatusBadRequest)

		// The lead: handed to Bob, then back to Alice when he leaves.
		e.room("PUT", path+"/leader", alice, map[string]any{"player": "Carol"}, http.StatusBadRequest)
		if r := e.room("PUT", path+"/leader", alice, map[string]any{"player": "bob"}, http.StatusOK); deref(r.Leader) != "Bob" {
			t.Fatalf("handed over: %v", r.Leader)
		}
		e.room("PUT", path+"/turn", alice, map[string]any{"turn": 1}, http.StatusForbidden)
		e.room("DELETE", path+"/members/me", bob, nil, http.StatusNoContent)
		if r := e.room("GET", path, alice, nil, http.StatusOK); deref(r.Leader) != "Alice" || len(r.Members) != 1 {
			t.Fatalf("after the leader left: %v %+v", r.Leader, r.Members)
		}

		// Play again is for the game's players: Alice, who leads the room
		// but did not play (its players were guests), may not.
		e.room("POST", path+"/again", alice, nil, http.StatusForbidden)
		e.room("GET", "/v1/rooms/0123456789abcdef0123456789abcdef", alice, nil, http.StatusNotFound)
	})
}

// The leader's turn written on one replica reaches a member waiting on
// the other.
func TestReplayRoomAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	alice := a.signUp("Alice", "correct horse", false)
	bob := a.signUp("Bob", "correct horse", false)
	tb := a.finishedGame("room-replicas", 4)
	opened := a.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
	path := "/v1/rooms/" + opened.ID
	joined := b.room("POST", path+"/members", bob, nil, http.StatusOK)
	got := make(chan RoomView, 1)
	go func() {
		got <- b.room("GET", path+"/events?since="+itoa(int(joined.Version))+"&wait=10s", bob, nil, http.StatusOK)
	}()
	waitFor(t, func() bool { return b.srv.rooms.(*rooms.Rooms).Waiting(opened.ID) == 1 })
	a.room("PUT", path+"/turn", alice, map[string]any{"turn": 2}, http.StatusOK)
	if seen := <-got; seen.Turn != 2 {
		t.Fatalf("the other replica's member sees turn %d", seen.Turn)
	}
}

// A member's stream of the room gets the room now and at each change, and
// ends when the member leaves; a stranger's stream is refused.
func TestReplayRoomStream(t *testing.T) {
	e := newEnv(t, "")
	alice := e.signUp("Alice", "correct horse", false)
	bob := e.signUp("Bob", "correct horse", false)
	opened := e.room("POST", "/v1/rooms", alice, map[string]any{"game": e.finishedGame("room-stream", 4).id}, http.StatusCreated)
	path := "/v1/rooms/" + opened.ID
	e.expect(e.req("GET", path+"/events/ndjson", bob, nil), http.StatusForbidden)
	e.room("POST", path+"/members", bob, nil, http.StatusOK)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+path+"/events/ndjson", nil)
	req.Header.Set("Authorization", "Bearer "+bob)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("Bob's stream: %v %v", err, res)
	}
	defer res.Body.Close()
	lines := bufio.NewScanner(res.Body)
	var turns []int
	for lines.Scan() {
		if len(lines.Bytes()) == 0 {
			continue
		}
		var r RoomView
		if err := json.Unmarshal(lines.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		turns = append(turns, r.Turn)
		switch len(turns) {
		case 1:
			e.room("PUT", path+"/turn", alice, map[string]any{"turn": 2}, http.StatusOK)
		case 2:
			e.room("DELETE", path+"/members/me", bob, nil, http.StatusNoContent)
		}
	}
	if !slices.Equal(turns, []int{0, 2}) {
		t.Fatalf("Bob's stream read turns %v (%v)", turns, lines.Err())
	}
}

// A leader's command without the field it needs, or with a negative turn
// or card, is refused, and the room stays as it was: {} does not mean turn 0
// or card 0, nor card -1 no card.
func TestRoomCommandsNeedTheirField(t *testing.T) {
	e := newEnv(t, "")
	alice := e.signUp("Alice", "correct horse", false)
	tb := e.finishedGame("room-fields", 4)
	opened := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
	path := "/v1/rooms/" + opened.ID
	moved := e.room("PUT", path+"/turn", alice, map[string]any{"turn": 3}, http.StatusOK)
	for _, cmd := range []string{"/turn", "/pointer", "/leader"} {
		r := e.req("PUT", path+cmd, alice, map[string]any{})
		e.expect(r, http.StatusBadRequest)
		if p := r.problem(t); p.Code != codeBadRequest {
			t.Fatalf("PUT %s {}: %+v", cmd, p)
		}
	}
	for cmd, body := range map[string]any{"/turn": map[string]any{"turn": -1}, "/pointer": map[string]any{"card": -1}} {
		e.expect(e.req("PUT", path+cmd, alice, body), http.StatusBadRequest)
	}
	if now := e.room("GET", path, alice, nil, http.StatusOK); now.Version != moved.Version || now.Turn != 3 || now.Pointer != nil {
		t.Fatalf("after the refused commands: version %d (was %d), turn %d, pointer %v", now.Version, moved.Version, now.Turn, now.Pointer)
	}
}

// TestRoomWireIsRoomView: what the server writes of a room has the fields
// the document states (RoomView's), in its order, names and kinds (an
// encoded field stands for a value of any kind).
func TestRoomWireIsRoomView(t *testing.T) {
	doc, wire := reflect.TypeFor[RoomView](), reflect.TypeFor[roomWire]()
	if doc.NumField() != wire.NumField() {
		t.Fatalf("RoomView has %d fields, the server writes %d", doc.NumField(), wire.NumField())
	}
	raw := reflect.TypeFor[json.RawMessage]()
	for i := range doc.NumField() {
		d, w := doc.Field(i), wire.Field(i)
		dn, _, _ := strings.Cut(d.Tag.Get("json"), ",")
		wn, _, _ := strings.Cut(w.Tag.Get("json"), ",")
		if dn != wn || d.Name != w.Name {
			t.Errorf("field %d: RoomView has %s (%q), the server writes %s (%q)", i, d.Name, dn, w.Name, wn)
		}
		if w.Type != d.Type && w.Type != raw && w.Type != reflect.SliceOf(raw) {
			t.Errorf("%s: RoomView says %s, the server writes %s", d.Name, d.Type, w.Type)
		}
	}
}

// A member's stream that resumes from the room's version (Last-Event-ID,
// or after) gets the room again only once it changes: none missed, none
// repeated.
func TestReplayRoomStreamResumes(t *testing.T) {
	e := newEnv(t, "")
	alice := e.signUp("Alice", "correct horse", false)
	opened := e.room("POST", "/v1/rooms", alice, map[string]any{"game": e.finishedGame("room-resume", 4).id}, http.StatusCreated)
	path := "/v1/rooms/" + opened.ID
	for _, by := range []string{"Last-Event-ID", "after"} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		url := e.url + path + "/events/sse"
		if by == "after" {
			url += "?after=" + itoa(int(opened.Version))
		}
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+alice)
		if by == "Last-Event-ID" {
			req.Header.Set(by, itoa(int(opened.Version)))
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v %v", by, err, res)
		}
		changed := e.room("PUT", path+"/turn", alice, map[string]any{"turn": 1 + len(by)%3}, http.StatusOK)
		lines := bufio.NewScanner(res.Body)
		var ids []string
		for lines.Scan() {
			if id, ok := strings.CutPrefix(lines.Text(), "id: "); ok {
				ids = append(ids, id)
				break
			}
		}
		cancel()
		res.Body.Close()
		if len(ids) != 1 || ids[0] != itoa(int(changed.Version)) {
			t.Fatalf("resumed by %s at version %d: read %v, want only %d", by, opened.Version, ids, changed.Version)
		}
		opened = changed
	}
}

// A private table's replay stays behind its secret in a room too: its
// players open and share it; another player who has the room's id (rooms
// are named in the lobby's who-is-where) neither reads it nor joins it.
func TestPrivateTableRoom(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bob", "correct horse", false)
		carol := e.signUp("Carol", "correct horse", false)
		r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2, "private": true})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		id := created.Game.ID
		e.expect(e.req("POST", "/v1/games/"+id+"/seats", bob, map[string]any{"secret": deref(created.Game.JoinSecret)}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/games/"+id+"/terminate", deref(created.Token), nil), http.StatusOK)

		// What it shows for good is kept by no shared cache, and varies
		// with the credential wherever it is kept.
		for _, path := range []string{"/replay", "/replay?format=hanablive", "/analysis"} {
			r := e.req("GET", "/v1/games/"+id+path, alice, nil)
			e.expect(r, http.StatusOK)
			if cc, vary := r.header.Get("Cache-Control"), r.header.Values("Vary"); !strings.HasPrefix(cc, "private") || !slices.Contains(vary, "Authorization") {
				t.Fatalf("%s of a private table: Cache-Control %q, Vary %q", path, cc, vary)
			}
		}
		public := e.finishedGame("cache-public", 4)
		r = e.req("GET", "/v1/games/"+public.id+"/replay", "", nil)
		e.expect(r, http.StatusOK)
		if cc, vary := r.header.Get("Cache-Control"), r.header.Values("Vary"); !strings.HasPrefix(cc, "public") || !slices.Contains(vary, "Authorization") {
			t.Fatalf("a public table's replay: Cache-Control %q, Vary %q", cc, vary)
		}

		e.room("POST", "/v1/rooms", carol, map[string]any{"game": id}, http.StatusForbidden)
		room := e.room("POST", "/v1/rooms", alice, map[string]any{"game": id}, http.StatusCreated)
		path := "/v1/rooms/" + room.ID
		e.room("GET", path, carol, nil, http.StatusForbidden)
		e.room("POST", path+"/members", carol, nil, http.StatusForbidden)
		e.room("GET", path+"/events?since=0", carol, nil, http.StatusForbidden)
		e.room("GET", path, bob, nil, http.StatusOK)
		if joined := e.room("POST", path+"/members", bob, nil, http.StatusOK); len(joined.Members) != 2 {
			t.Fatalf("Bob, who played it, joins: %+v", joined.Members)
		}
	})
}

// TestRoomJoinsAtOnce: players who join a room at the same moment (its
// link pasted in a busy chat) all get in: a join that meets another is
// tried again, not refused.
func TestRoomJoinsAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		alice := e.signUp("Alice", "correct horse", false)
		tb := e.finishedGame("room-joins", 2)
		r := e.room("POST", "/v1/rooms", alice, map[string]any{"game": tb.id}, http.StatusCreated)
		const n = 24
		tokens := make([]string, n)
		for i := range tokens {
			// From addresses of their own: one address makes ten accounts.
			_, tok, err := e.srv.accounts.SignUp(context.Background(), "P"+itoa(i), "correct horse", false, "192.0.2."+itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			tokens[i] = tok
		}
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i, tok := range tokens {
			wg.Go(func() { statuses[i] = e.req("POST", "/v1/rooms/"+r.ID+"/members", tok, nil).status })
		}
		wg.Wait()
		for i, st := range statuses {
			if st != http.StatusOK {
				t.Errorf("join %d: %d", i, st)
			}
		}
		if got := e.room("GET", "/v1/rooms/"+r.ID, alice, nil, http.StatusOK); len(got.Members) != n+1 {
			t.Fatalf("%d members, want %d", len(got.Members), n+1)
		}
	})
}
