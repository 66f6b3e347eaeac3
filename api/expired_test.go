package api

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// pruner is the store's pruning of the lobby and the players' events, as
// the server's hourly and five-minute prunes run it.
type pruner interface {
	PruneLobby(ctx context.Context, before time.Time, keepChat int) error
	ForgetEvents(ctx context.Context, before time.Time) error
}

// TestExpiredCursorIsRefused: a position older than its feed still keeps
// (the lobby's, a player's) is answered 410 cursor_expired, by the
// long-poll (waiting or not) and by both streams, after or Last-Event-ID,
// where before it read on as if it had missed nothing; a position that
// had read up to what was forgotten reads on, and so does none at all.
func TestExpiredCursorIsRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		store, ok := e.store.(pruner)
		if !ok {
			t.Fatalf("the store %T does not prune", e.store)
		}
		alice := e.signUp("Alice", "correct horse", false)
		bob := e.signUp("Bobby", "correct horse", false)
		ctx := context.Background()

		// The lobby: three lines, of which a prune keeps the last.
		var lines []int64
		for _, text := range []string{"one", "two", "three"} {
			var ev LobbyChatEvent
			r := e.req("POST", "/v1/lobby/chat", alice, map[string]any{"text": text})
			e.expect(r, http.StatusCreated)
			r.json(t, &ev)
			lines = append(lines, ev.ID)
		}
		if err := store.PruneLobby(ctx, time.Now().Add(time.Hour), 1); err != nil {
			t.Fatal(err)
		}
		// Bob: two invitations, of which he read the first; then every
		// event goes.
		r := e.req("POST", "/v1/games", alice, map[string]any{"variant": "basic", "players": 3})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		for range 2 {
			e.expect(e.req("POST", "/v1/games/"+created.Game.ID+"/invitations", alice, map[string]any{"player": "Bobby"}), http.StatusCreated)
		}
		var mine PlayerEvents
		e.req("GET", "/v1/me/events", bob, nil).json(t, &mine)
		if len(mine.Events) != 2 {
			t.Fatalf("Bob's events: %+v", mine)
		}
		if err := store.ForgetEvents(ctx, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}

		gone := []struct {
			name, path, token string
			headers           []string
		}{
			{"lobby", "/v1/lobby/events?after=" + itoa(int(lines[0])), "", nil},
			{"lobby, waiting", "/v1/lobby/events?wait=5s&after=" + itoa(int(lines[1]-1)), alice, nil},
			{"lobby SSE", "/v1/lobby/events/sse?after=" + itoa(int(lines[0])), "", nil},
			{"lobby NDJSON, Last-Event-ID", "/v1/lobby/events/ndjson", alice, []string{"Last-Event-ID", itoa(int(lines[0]))}},
			{"Bob's events", "/v1/me/events?after=" + itoa(int(mine.Events[0].Seq)), bob, nil},
			{"Bob's events, waiting", "/v1/me/events?wait=5s&after=" + itoa(int(mine.Events[0].Seq)), bob, nil},
			{"Bob's SSE", "/v1/me/events/sse", bob, []string{"Last-Event-ID", itoa(int(mine.Events[0].Seq))}},
			{"Bob's NDJSON", "/v1/me/events/ndjson?after=" + itoa(int(mine.Events[0].Seq)), bob, nil},
		}
		for _, g := range gone {
			// Refused at once: a stream or a wait read on would hold it.
			rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
			r := e.reqCtx(rctx, "GET", g.path, g.token, nil, g.headers...)
			cancel()
			if r.status != http.StatusGone || r.problem(t).Code != codeCursorExpired {
				t.Errorf("%s: %d %s, want 410 cursor_expired", g.name, r.status, truncate(string(r.body), 200))
			}
		}

		// Read up to what went, or from the start: on as before.
		var lobby LobbyEvents
		e.req("GET", "/v1/lobby/events?after="+itoa(int(lines[1])), "", nil).json(t, &lobby)
		if len(lobby.Events) == 0 || lobby.Events[0].ID != lines[2] {
			t.Fatalf("the lobby after the last line pruned: %+v", lobby)
		}
		for _, after := range []int64{0, mine.Last} {
			var got PlayerEvents
			r := e.req("GET", "/v1/me/events?after="+itoa(int(after)), bob, nil)
			e.expect(r, http.StatusOK)
			if r.json(t, &got); len(got.Events) != 0 {
				t.Fatalf("Bob's events after %d, all pruned: %+v", after, got)
			}
		}
	})
}
