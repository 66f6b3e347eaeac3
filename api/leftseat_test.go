package api

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// A token whose seat was left gets nothing, on every read path alike: the
// plain reads (the view now and at a past turn), long-polls that wait the ordinary way or parked (before the
// game was loaded and after), and both streams. A left seat's old token
// must never see the seat's view again; the seat's cards are the bot's now,
// and the token's holder must not learn them.
func TestLeftSeatTokenReadsNothing(t *testing.T) {
	eachServer(t, func(t *testing.T, e *testEnv) {
		tb := e.newTable("basic", 2, variants.Options{}, "left-seat")
		old := tb.tokens[1]
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", old, nil), http.StatusNoContent)
		var g GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &g)
		var evs EventsResponse
		e.req("GET", "/v1/games/"+tb.id+"/events", "", nil).json(t, &evs)
		v, n := strconv.FormatInt(g.Version, 10), strconv.Itoa(len(evs.Events))
		base := "/v1/games/" + tb.id
		for _, c := range []struct {
			name, path, accept string
		}{
			{"view", base, ""},
			{"view at a turn", base + "?turn=0", ""},
			{"view long-poll, ready", base + "?since=0&wait=2s", ""},
			{"view long-poll, waiting", base + "?since=" + v + "&wait=300ms", ""},
			{"events", base + "/events?after=0", ""},
			{"events long-poll, ready", base + "/events?after=0&wait=2s", ""},
			{"events long-poll, waiting", base + "/events?after=" + n + "&wait=300ms", ""},
			{"sse", base + "/events?after=0", "text/event-stream"},
			{"ndjson", base + "/events?after=0", "application/x-ndjson"},
			{"replay", base + "/replay", ""},
			// Off its game's routes too: the lobby and a seed's page.
			{"lobby", "/v1/lobby/events", ""},
			{"lobby long-poll", "/v1/lobby/events?after=0&wait=300ms", ""},
			{"lobby sse", "/v1/lobby/events/sse", "text/event-stream"},
			{"lobby ndjson", "/v1/lobby/events/ndjson", "application/x-ndjson"},
			{"seed", "/v1/seeds/" + g.ID, ""},
		} {
			var hdr []string
			client := e
			if c.accept != "" {
				hdr = []string{"Accept", c.accept}
			}
			streaming := c.accept == "text/event-stream" || c.accept == "application/x-ndjson"
			if streaming {
				client = plainClient(e)
			}
			// Twice: the first may load the game, the second finds it watched.
			for range 2 {
				r := client.req("GET", c.path, old, nil, hdr...)
				if r.status != http.StatusUnauthorized {
					t.Fatalf("%s: a left seat's token got %d, want 401: %s", c.name, r.status, truncate(string(r.body), 300))
				}
				if p := r.problem(t); p.Code != "unauthorized" {
					t.Fatalf("%s: problem %+v", c.name, p)
				}
			}
		}
		r := e.req("POST", "/v1/games", old, map[string]any{"variant": "basic", "players": 2, "name": "Bob"})
		if r.status != http.StatusUnauthorized {
			t.Fatalf("a new table with a left seat's token: %d, want 401", r.status)
		}

		// Nor does it sit down again at its table while it waits.
		var made, joined SeatResponse
		r = e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Ann"})
		e.expect(r, http.StatusCreated)
		r.json(t, &made)
		r = e.req("POST", "/v1/games/"+made.Game.ID+"/seats", "", map[string]any{"name": "Bob"})
		e.expect(r, http.StatusCreated)
		r.json(t, &joined)
		left := deref(joined.Token)
		e.expect(e.req("DELETE", "/v1/games/"+made.Game.ID+"/seats/1", left, nil), http.StatusNoContent)
		if r := e.req("POST", "/v1/games/"+made.Game.ID+"/seats", left, map[string]any{"name": "Bob"}); r.status != http.StatusUnauthorized {
			t.Fatalf("a left seat's token takes a seat again: %d %s, want 401", r.status, truncate(string(r.body), 200))
		}
	})
}

// A lobby stream opened with a seat's token ends at once when the seat is
// left, as a game's stream does, on both stores.
func TestLeftSeatEndsLobbyStream(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 2, variants.Options{}, "left-seat-lobby")
		// With the server's own heartbeat (10 s): the stream must end
		// before its first would ask the token again.
		endsAtOnce(t, e.url+"/v1/lobby/events/ndjson", tb.tokens[1], func() {
			e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
		})
	})
}

// A long-poll or stream whose seat is left while it waits is told the token
// stopped working, never answered with the seat's view.
func TestSeatLeftWhileWaiting(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	eachServer(t, func(t *testing.T, e *testEnv) {
		for _, c := range []struct{ name, path, accept string }{
			{"view long-poll", "?since=%v&wait=5s", ""},
			{"view long-poll of a client that reads only JSON", "?since=%v&wait=5s", "application/json"},
			{"events long-poll", "/events?after=%n&wait=5s", ""},
			{"sse", "/events/sse?after=%n", "text/event-stream"},
			{"ndjson", "/events/ndjson?after=%n", "application/x-ndjson"},
			{"sse by Accept", "/events?after=%n", "text/event-stream"},
			{"ndjson by Accept", "/events?after=%n", "application/x-ndjson"},
		} {
			tb := e.newTable("basic", 2, variants.Options{}, "left-while-waiting")
			var g GameView
			e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil).json(t, &g)
			path := "/v1/games/" + tb.id + c.path
			path = string(bytes.ReplaceAll([]byte(path), []byte("%v"), []byte(strconv.FormatInt(g.Version, 10))))
			path = string(bytes.ReplaceAll([]byte(path), []byte("%n"), []byte("0")))
			var hdr []string
			client := e.with(t)
			if c.accept != "" {
				hdr = []string{"Accept", c.accept}
			}
			streaming := c.accept == "text/event-stream" || c.accept == "application/x-ndjson"
			if streaming {
				client = plainClient(e)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
			got := make(chan resp, 1)
			go func() { got <- client.reqCtx(ctx, "GET", path, tb.tokens[1], nil, hdr...) }()
			// Let it start waiting, then leave the seat under it.
			time.Sleep(200 * time.Millisecond)
			e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
			r := <-got
			cancel()
			if streaming {
				// A stream ends when its token stops working: it must not
				// carry the leave, nor anything after it.
				if r.status != http.StatusUnauthorized && (r.status != http.StatusOK || bytes.Contains(r.body, []byte("seat_left"))) {
					t.Fatalf("%s: status %d, body %q", c.name, r.status, truncate(string(r.body), 300))
				}
				continue
			}
			if r.status != http.StatusUnauthorized {
				t.Fatalf("%s: the seat was left while it waited; got %d, want 401: %s", c.name, r.status, truncate(string(r.body), 300))
			}
			// The contract client holds the media type to the Accept sent.
			r.problem(t)
		}
	})
}

// plainClient is e with a client that checks nothing against the document:
// streams are described there in words, not as a media type.
func plainClient(e *testEnv) *testEnv {
	c := *e
	c.client = &http.Client{}
	return &c
}

// eachServer runs fn against a server that waits the ordinary way and one
// whose long-polls park, each on every backend, with bots to take seats.
func eachServer(t *testing.T, fn func(t *testing.T, e *testEnv)) {
	for _, parking := range []bool{false, true} {
		name := "ordinary"
		if parking {
			name = "parked"
		}
		t.Run(name, func(t *testing.T) {
			eachBackend(t, func(t *testing.T, dbURL string) {
				fn(t, startEnv(t, dbURL, parking, nil, func(c *envConfig) { c.Bots = bots.List() }))
			})
		})
	}
}

// A move's Idempotency-Key kept its answer, the seat's view: the token of
// a seat left since is refused it on a retry, as it is every read of the
// game, not answered the seat's view again.
func TestLeftSeatTokenGetsNoKeptAnswer(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 2, variants.Options{}, "left-seat-key")
		seat := tb.local.Current()
		body := tb.request(tb.pick())
		path := "/v1/games/" + tb.id + "/actions"
		e.expect(e.req("POST", path, tb.tokens[seat], body, "Idempotency-Key", "move-once"), http.StatusOK)
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/"+strconv.Itoa(seat), tb.tokens[seat], nil), http.StatusNoContent)
		r := e.req("POST", path, tb.tokens[seat], body, "Idempotency-Key", "move-once")
		if r.status != http.StatusUnauthorized {
			t.Fatalf("a left seat's token retrying its move's key: %d, want 401: %s", r.status, truncate(string(r.body), 300))
		}
		if p := r.problem(t); p.Code != "unauthorized" {
			t.Fatalf("problem %+v", p)
		}
	})
}

// The token of a seat left during play is refused the game's rematch as
// it is every other request about the game (401), not told that only a
// player plays it again (403) as if it never held the seat.
func TestLeftSeatTokenOpensNoRematch(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 2, variants.Options{}, "left-seat-rematch")
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/terminate", tb.tokens[0], nil), http.StatusOK)
		r := e.req("POST", "/v1/games/"+tb.id+"/rematch", tb.tokens[1], nil)
		if r.status != http.StatusUnauthorized {
			t.Fatalf("a left seat's token asks for the rematch: %d, want 401: %s", r.status, truncate(string(r.body), 300))
		}
		e.expect(e.req("POST", "/v1/games/"+tb.id+"/rematch", tb.tokens[0], nil), http.StatusCreated)
	})
}
