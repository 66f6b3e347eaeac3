package api

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/rooms"
	"github.com/hanabi-server/hanabi/variants"
)

// lobbyAfter reads the lobby's events after after.
func (e *testEnv) lobbyAfter(after int64, token string) LobbyEvents {
	e.t.Helper()
	r := e.req("GET", "/v1/lobby/events?after="+itoa(int(after)), token, nil)
	e.expect(r, http.StatusOK)
	var out LobbyEvents
	r.json(e.t, &out)
	return out
}

// TestLobbyEvents: each change of a listed table is told once, in order
// (created, each seat, started, gone), with the table as it is now; an
// unlisted table tells nothing; the lobby's chat comes among them, a muted
// player's lines are left out for the muter, a reader who comes in gets
// the chat's last lines, and bad lines are refused with nothing said.
func TestLobbyEvents(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		start := e.lobbyAfter(0, "").Last
		alice := e.signUp("Alice", "correct horse", false)
		mallory := e.signUp("Mallory", "correct horse", false)

		tb := e.newTable("basic", 3, variants.Options{}, "lobby-3") // created (seat 0 taken), seat 1, started by seat 2
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "unlisted": true})
		e.expect(r, http.StatusCreated)
		e.expect(e.req("POST", "/v1/lobby/chat", alice, map[string]any{"text": "  hello, <b>lobby</b>  "}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/lobby/chat", mallory, map[string]any{"text": "spam"}), http.StatusCreated)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK) // gone

		all := e.lobbyAfter(start, "")
		var got []string
		for _, ev := range all.Events {
			switch ev.Type {
			case "table":
				if ev.GameID != tb.id {
					t.Fatalf("an event of another table: %+v", ev)
				}
				got = append(got, ev.Change)
			case "chat":
				got = append(got, ev.From+": "+ev.Text)
			}
		}
		want := []string{"created", "seat", "started", "Alice: hello, <b>lobby</b>", "Mallory: spam", "gone"}
		if !slices.Equal(got, want) {
			t.Fatalf("lobby events %q, want %q", got, want)
		}
		if g := all.Events[0].Game; g == nil || g.ID != tb.id || g.Status != "finished" {
			t.Fatalf("the created table as it is now: %+v", g)
		}
		if all.Events[len(all.Events)-1].Game != nil {
			t.Fatal("a gone table is shown")
		}
		if e.lobbyAfter(all.Last, "").Events != nil && len(e.lobbyAfter(all.Last, "").Events) != 0 {
			t.Fatal("events after the last")
		}

		// Alice mutes Mallory: her lines are left out for Alice alone.
		e.expect(e.req("PUT", "/v1/me/mutes/Mallory", alice, nil), http.StatusOK)
		for _, ev := range e.lobbyAfter(start, alice).Events {
			if ev.From == "Mallory" {
				t.Fatal("Alice reads a muted line")
			}
		}
		// A reader who comes in: the chat's last lines, and where to follow.
		var in LobbyEvents
		e.req("GET", "/v1/lobby/events", "", nil).json(t, &in)
		// Alice's read as a signed-in player put her online: one event more.
		if len(in.Events) != 2 || in.Events[0].Text != "hello, <b>lobby</b>" || in.Last != all.Last+1 {
			t.Fatalf("coming in: %+v", in)
		}
		for _, body := range []map[string]any{{"text": ""}, {"text": "   "}, {"text": strings.Repeat("x", 301)}, {"text": "a\u0007b"}, {"text": nil}} {
			e.expect(e.req("POST", "/v1/lobby/chat", alice, body), http.StatusBadRequest)
		}
		e.expect(e.req("POST", "/v1/lobby/chat", "", map[string]any{"text": "hi"}), http.StatusUnauthorized)
		e.expect(e.req("POST", "/v1/lobby/chat", tb.tokens[1], map[string]any{"text": "hi"}), http.StatusForbidden) // a seat token may not
		if n := len(e.lobbyAfter(in.Last, "").Events); n != 0 {
			t.Fatalf("%d events after refused lines", n)
		}
		// A flood: five lines at once, then 429 with Retry-After.
		var last resp
		for range 6 {
			last = e.req("POST", "/v1/lobby/chat", mallory, map[string]any{"text": "again"})
		}
		e.expect(last, http.StatusTooManyRequests)
		if last.header.Get("Retry-After") == "" {
			t.Fatal("a flood is refused with no Retry-After")
		}
	})
}

// A chat line said on one replica wakes a lobby reader waiting on the
// other, and a table created there reaches it too.
func TestLobbyAcrossReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	alice := a.signUp("Alice", "correct horse", false)
	from := b.lobbyAfter(0, "").Last
	for _, say := range []func(){
		func() {
			a.expect(a.req("POST", "/v1/lobby/chat", alice, map[string]any{"text": "over there?"}), http.StatusCreated)
		},
		func() { a.newTable("basic", 2, variants.Options{}, "lobby-replicas") },
	} {
		got := make(chan LobbyEvents, 1)
		go func() {
			var out LobbyEvents
			b.req("GET", "/v1/lobby/events?after="+itoa(int(from))+"&wait=10s", "", nil).json(t, &out)
			got <- out
		}()
		waitFor(t, func() bool { return b.srv.lobby.(*rooms.Lobby).Waiting() == 1 })
		say()
		out := <-got
		if len(out.Events) == 0 {
			t.Fatal("the other replica's lobby reader was not woken")
		}
		from = out.Last
	}
}

// The lobby's NDJSON stream tells a table's changes as they happen, each
// once, from the cursor of Last-Event-ID.
func TestLobbyStream(t *testing.T) {
	e := newEnv(t, "")
	from := e.lobbyAfter(0, "").Last
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/lobby/events/ndjson", nil)
	req.Header.Set("Last-Event-ID", itoa(int(from)))
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the lobby's stream: %v %v", err, res)
	}
	defer res.Body.Close()
	tb := e.newTable("basic", 2, variants.Options{}, "lobby-stream")
	lines := bufio.NewScanner(res.Body)
	var got []string
	for len(got) < 3 && lines.Scan() {
		if len(lines.Bytes()) == 0 {
			continue
		}
		var ev LobbyEventItem
		if err := json.Unmarshal(lines.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		got = append(got, ev.Change)
		if len(got) == 2 {
			e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
		}
	}
	if !slices.Equal(got, []string{"created", "started", "gone"}) {
		t.Fatalf("the stream told %v", got)
	}
}

// A feed of one position (the lobby, a player's, a room's) resumes from
// any id ?after= takes, not only the 9 digits a game's event numbers
// reach: its ids are the store's and grow past them. An id that is not
// one is refused, not cut.
func TestLobbyStreamResumesFromAnyID(t *testing.T) {
	e := newEnv(t, "")
	for _, c := range []struct {
		id   string
		want int
	}{
		{"7", http.StatusOK},
		{"1000000000", http.StatusOK},
		{"123456789012345678", http.StatusOK},
		{"1234567890123456789", http.StatusBadRequest},
		{"5.3", http.StatusBadRequest},
		{"-1", http.StatusBadRequest},
		{"", http.StatusBadRequest},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/lobby/events/ndjson", nil)
		req.Header.Set("Last-Event-ID", c.id)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		res.Body.Close()
		cancel()
		if res.StatusCode != c.want {
			t.Errorf("Last-Event-ID %q: %d, want %d", c.id, res.StatusCode, c.want)
		}
	}
}
