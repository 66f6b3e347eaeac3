package api

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

// chatOf lists a game's events after after with its chat after chatAfter.
func chatOf(t *testing.T, e *testEnv, id, token string, after, chatAfter int) EventsResponse {
	t.Helper()
	r := e.req("GET", "/v1/games/"+id+"/events?after="+itoa(after)+"&chat_after="+itoa(chatAfter), token, nil)
	e.expect(r, http.StatusOK)
	var er EventsResponse
	r.json(t, &er)
	return er
}

// A table's chat runs through the pregame, the game and after it: seats
// and signed-in spectators say lines, which reach the readers that ask for
// the chat among the game's events, by a cursor that misses none and
// repeats none (a list, a long-poll, a stream resumed by Last-Event-ID);
// the replay keeps them; a reader that asks for no chat gets none.
func TestChat(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		carol := e.signUp("Carol", "correct horse", false)
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Alice", "seed": "chat"})
		var created SeatResponse
		r.json(t, &created)
		id, alice := created.Game.ID, deref(created.Token)
		say := func(token, text string, status int) ChatEvent {
			t.Helper()
			r := e.req("POST", "/v1/games/"+id+"/chat", token, map[string]any{"text": text})
			e.expect(r, status)
			var ce ChatEvent
			if status == http.StatusCreated {
				r.json(t, &ce)
			}
			return ce
		}
		// The pregame.
		if l := say(alice, "hi all", 201); l.Line != 1 || l.From != "Alice" || deref(l.Seat) != 0 || l.Seq != 0 {
			t.Fatalf("the first line: %+v", l)
		}
		r = e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob"})
		var joined SeatResponse
		r.json(t, &joined)
		bob := deref(joined.Token)
		say(bob, "hello", 201)
		// The game: a move, then a spectator's line.
		var v GameView
		e.req("GET", "/v1/games/"+id, alice, nil).json(t, &v)
		mover := []string{alice, bob}[*v.CurrentSeat]
		e.expect(e.req("POST", "/v1/games/"+id+"/actions", mover, map[string]any{"type": "clue", "target": 1 - *v.CurrentSeat, "rank": 1}), http.StatusOK)
		if l := say(carol, "go team", 201); l.Seat != nil || l.From != "Carol" || !l.Player || l.Seq != 1 {
			t.Fatalf("a spectator's line: %+v", l)
		}
		// Bad lines and callers change nothing.
		say("", "anonymous", http.StatusUnauthorized) // no credential: 401, as on every route
		say(alice, "", http.StatusBadRequest)
		say(alice, strings.Repeat("x", 301), http.StatusBadRequest)
		say(alice, "bell\x07", http.StatusBadRequest)
		e.expect(e.req("POST", "/v1/games/"+id+"/chat", bob, map[string]any{"text": "hi", "html": "<b>"}), http.StatusBadRequest)

		// Every line, in its place among the events.
		all := chatOf(t, e, id, alice, 0, 0)
		var kinds []string
		for _, ev := range all.Events {
			kinds = append(kinds, ev.Type)
		}
		if got := strings.Join(kinds, " "); got != "chat chat clue chat" || deref(all.ChatLast) != 3 {
			t.Fatalf("events with the chat: %s, chat_last %v", got, all.ChatLast)
		}
		// By cursor: nothing missed, nothing twice.
		if next := chatOf(t, e, id, alice, 1, 2); len(next.Events) != 1 || next.Events[0].Text != "go team" {
			t.Fatalf("after line 2: %+v", next.Events)
		}
		// Without chat_after, the events alone, as before.
		var plain EventsResponse
		e.req("GET", "/v1/games/"+id+"/events", alice, nil).json(t, &plain)
		if len(plain.Events) != 1 || plain.ChatLast != nil {
			t.Fatalf("events without the chat: %+v", plain)
		}
		// A long-poll wakes for a line.
		got := make(chan EventsResponse, 1)
		go func() {
			var er EventsResponse
			e.req("GET", "/v1/games/"+id+"/events?after=1&chat_after=3&wait=10s", bob, nil).json(t, &er)
			got <- er
		}()
		time.Sleep(100 * time.Millisecond)
		say(bob, "my turn?", 201)
		if er := <-got; len(er.Events) != 1 || er.Events[0].Line != 4 || deref(er.ChatLast) != 4 {
			t.Fatalf("the long-poll: %+v", er)
		}
		// A stream resumed by Last-Event-ID (seq.line) sends what is new.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/games/"+id+"/events/sse", nil)
		req.Header.Set("Authorization", "Bearer "+alice)
		req.Header.Set("Last-Event-ID", "1.3")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the stream: %v", err)
		}
		lines := bufio.NewScanner(res.Body)
		var ids []string
		for lines.Scan() && len(ids) < 1 {
			if id, ok := strings.CutPrefix(lines.Text(), "id: "); ok {
				ids = append(ids, id)
			}
		}
		cancel()
		res.Body.Close()
		if len(ids) != 1 || ids[0] != "1.4" {
			t.Fatalf("the stream resumed at 1.3 sent %v", ids)
		}
		// After the end, the table still chats, and its replay keeps it.
		e.expect(e.req("POST", "/v1/games/"+id+"/terminate", alice, nil), http.StatusOK)
		say(bob, "gg", 201)
		var rv ReplayView
		e.req("GET", "/v1/games/"+id+"/replay", "", nil).json(t, &rv)
		if len(rv.Chat) != 5 || rv.Chat[4].Text != "gg" || rv.Chat[2].From != "Carol" {
			t.Fatalf("the replay's chat: %+v", rv.Chat)
		}
		// A stream that carries the chat goes on past the game's end.
		ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ = http.NewRequestWithContext(ctx, "GET", e.url+"/v1/games/"+id+"/events/ndjson?after=0&chat_after=5", nil)
		req.Header.Set("Authorization", "Bearer "+bob)
		if res, err = http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the stream after the end: %v", err)
		}
		defer res.Body.Close()
		lines = bufio.NewScanner(res.Body)
		var seen []string
		for len(seen) == 0 || seen[len(seen)-1] != "chat" {
			if !lines.Scan() {
				t.Fatalf("the stream ended after %v", seen)
			}
			var ev Event
			if len(lines.Bytes()) == 0 || json.Unmarshal(lines.Bytes(), &ev) != nil {
				continue
			}
			if seen = append(seen, ev.Type); ev.Type == "game_over" {
				say(bob, "see you", 201)
			}
		}
		if seen[len(seen)-2] != "game_over" {
			t.Fatalf("the stream told %v", seen)
		}
	})
}

// A player mutes another's chat for themselves; a flood is refused.
func TestChatMuteAndFlood(t *testing.T) {
	e := sqliteEnv(t)
	alice := e.signUp("Alice", "correct horse", false)
	mallory := e.signUp("Mallory", "correct horse", false)
	r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 2})
	var created SeatResponse
	r.json(t, &created)
	id := created.Game.ID
	e.expect(e.req("POST", "/v1/games/"+id+"/seats", mallory, nil), http.StatusCreated)
	e.expect(e.req("PUT", "/v1/me/mutes/mallory", alice, nil), http.StatusOK)
	e.expect(e.req("PUT", "/v1/me/mutes/alice", alice, nil), http.StatusBadRequest)
	e.expect(e.req("PUT", "/v1/me/mutes/nobody", alice, nil), http.StatusNotFound)
	var muted MutedList
	e.req("GET", "/v1/me/mutes", alice, nil).json(t, &muted)
	if len(muted.Players) != 1 || muted.Players[0].Name != "Mallory" {
		t.Fatalf("muted: %+v", muted)
	}
	flood := 0
	for i := range 8 {
		r := e.req("POST", "/v1/games/"+id+"/chat", mallory, map[string]any{"text": "spam " + itoa(i)})
		if r.status == http.StatusTooManyRequests {
			if r.header.Get("Retry-After") == "" {
				t.Fatal("a flood's 429 without Retry-After")
			}
			flood++
		}
	}
	if flood != 3 {
		t.Fatalf("%d of 8 lines refused, want the 3 past the burst of 5", flood)
	}
	e.expect(e.req("POST", "/v1/games/"+id+"/chat", alice, map[string]any{"text": "ok"}), http.StatusCreated)
	mine := chatOf(t, e, id, alice, 0, 0)
	theirs := chatOf(t, e, id, mallory, 0, 0)
	count := func(er EventsResponse) (n int) {
		for _, ev := range er.Events {
			if ev.Type == "chat" {
				n++
			}
		}
		return n
	}
	if count(mine) != 1 || count(theirs) != 6 || deref(mine.ChatLast) != 6 {
		t.Fatalf("Alice reads %d lines (chat_last %v), Mallory %d", count(mine), mine.ChatLast, count(theirs))
	}
	// Her seat's token speaks for her: its reads leave Mallory out too.
	if n := count(chatOf(t, e, id, deref(created.Token), 0, 0)); n != 1 {
		t.Fatalf("Alice's seat token reads %d lines", n)
	}
	e.expect(e.req("DELETE", "/v1/me/mutes/Mallory", alice, nil), http.StatusOK)
	if count(chatOf(t, e, id, alice, 0, 0)) != 6 {
		t.Fatal("unmuted, Alice still misses lines")
	}
}

// A line said on one replica reaches a reader waiting on the other.
func TestChatAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	tb := a.newTable("basic", 2, variants.Options{}, "chat-replicas")
	got := make(chan EventsResponse, 1)
	go func() {
		var er EventsResponse
		b.req("GET", "/v1/games/"+tb.id+"/events?after=0&chat_after=0&wait=10s", tb.tokens[1], nil).json(t, &er)
		got <- er
	}()
	waitFor(t, func() bool { return b.srv.waiting() == 1 })
	a.expect(a.req("POST", "/v1/games/"+tb.id+"/chat", tb.tokens[0], map[string]any{"text": "over there?"}), http.StatusCreated)
	if er := <-got; len(er.Events) != 1 || er.Events[0].Text != "over there?" {
		t.Fatalf("the other replica's long-poll: %+v", er)
	}
}
