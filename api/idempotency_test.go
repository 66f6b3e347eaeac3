package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

func TestIdempotencyKeys(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		key := func(k string) []string { return []string{"Idempotency-Key", k} }
		create := map[string]any{"variant": "basic", "players": 3, "name": "Alice", "seed": "idem"}

		// A create retried: the first answer again, one game.
		first := e.req("POST", "/v1/games", "", create, key("c1")...)
		e.expect(first, http.StatusCreated)
		again := e.req("POST", "/v1/games", "", create, key("c1")...)
		e.expect(again, http.StatusCreated)
		if !sameSeatAnswer(again.body, first.body) || again.header.Get("Location") != first.header.Get("Location") {
			t.Fatalf("a retried create answered\n%s\nnot\n%s", again.body, first.body)
		}
		var list GameList
		e.req("GET", "/v1/games", "", nil).json(t, &list)
		if len(list.Games) != 1 {
			t.Fatalf("%d games after a retried create", len(list.Games))
		}
		var sr SeatResponse
		first.json(t, &sr)
		id := sr.Game.ID

		// The same key with another body.
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}, key("c1")...)
		e.expect(r, http.StatusUnprocessableEntity)
		if p := r.problem(t); p.Code != codeIdempotencyKeyReused {
			t.Fatalf("another body with the key: %s", p.Code)
		}

		// A join whose answer was lost, retried: the same seat, with a token
		// made anew (the store keeps none), and the game still starts when
		// the real last player joins.
		j1 := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob"}, key("j1")...)
		e.expect(j1, http.StatusCreated)
		j1again := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Bob"}, key("j1")...)
		e.expect(j1again, http.StatusCreated)
		if !sameSeatAnswer(j1again.body, j1.body) {
			t.Fatal("a retried join answered another seat")
		}
		var bob SeatResponse
		j1.json(t, &bob)
		j2 := e.req("POST", "/v1/games/"+id+"/seats", "", map[string]any{"name": "Carol"}, key("j2")...)
		e.expect(j2, http.StatusCreated)
		var carol SeatResponse
		j2.json(t, &carol)
		if *carol.Seat != 2 || carol.Game.Status != "active" {
			t.Fatalf("the last join took seat %d, game %s", *carol.Seat, carol.Game.Status)
		}

		// A move retried: applied once, answered twice alike.
		move := map[string]any{"type": "clue", "target": 1, "rank": 1}
		m1 := e.req("POST", "/v1/games/"+id+"/actions", deref(sr.Token), move, key("m1")...)
		e.expect(m1, http.StatusOK)
		m1again := e.req("POST", "/v1/games/"+id+"/actions", deref(sr.Token), move, key("m1")...)
		e.expect(m1again, http.StatusOK)
		if string(m1again.body) != string(m1.body) {
			t.Fatal("a retried move answered differently")
		}
		var evs EventsResponse
		e.req("GET", "/v1/games/"+id+"/events", "", nil).json(t, &evs)
		if len(evs.Events) != 1 {
			t.Fatalf("%d events after a retried move", len(evs.Events))
		}
		// Keys are the caller's own: Bob's "m1" is not Alice's.
		e.expect(e.req("POST", "/v1/games/"+id+"/actions", deref(bob.Token), map[string]any{"type": "clue", "target": 0, "rank": 1}, key("m1")...), http.StatusOK)

		// A key whose request is still at work.
		body := `{"variant":"basic","players":2}`
		sum := sha256.Sum256([]byte("POST /v1/games\n" + body))
		busy := &play.Key{Scope: "/v1/games addr 127.0.0.1", Key: "busy", Hash: hex.EncodeToString(sum[:])}
		if err := e.store.CreateGame(context.Background(), &play.GameRow{Record: play.Record{Variant: "basic", Seed: "x", Players: 2}, Options: "{}"}, nil, busy); err != nil {
			t.Fatal(err)
		}
		r = e.req("POST", "/v1/games", "", body, key("busy")...)
		e.expect(r, http.StatusConflict)
		if p := r.problem(t); p.Code != codeIdempotencyKeyInUse {
			t.Fatalf("a key at work: %s", p.Code)
		}

		// Keys outlive the server: another one on the same database answers alike.
		other := newEnv(t, dbURL)
		r = other.req("POST", "/v1/games", "", create, key("c1")...)
		e.expect(r, http.StatusCreated)
		if !sameSeatAnswer(r.body, first.body) {
			t.Fatal("another server answered a retried create differently")
		}

		for _, bad := range []string{strings.Repeat("k", 256), "tab\there"} {
			r := e.req("POST", "/v1/games", "", create, key(bad)...)
			e.expect(r, http.StatusBadRequest)
		}
	})
}

// sameSeatAnswer reports whether two answers to a seat's change are the
// same but for the seat's token, which a retry is given anew, and both
// carry one.
func sameSeatAnswer(a, b []byte) bool {
	const tok = `,"token":"`
	i, j := bytes.LastIndex(a, []byte(tok)), bytes.LastIndex(b, []byte(tok))
	return i > 0 && j > 0 && bytes.Equal(a[:i], b[:j]) && len(a) > i+len(tok)+10 && len(b) > j+len(tok)+10
}

// TestKeptRefusalAsAnyRefusal: a refusal kept as a key's answer is
// answered again as any refusal is: in the type the retry takes (Accept)
// and held to the document by the contract client.
func TestKeptRefusalAsAnyRefusal(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "kept-refusal")
	cur := tb.local.Current()
	illegal := map[string]any{"type": "clue", "target": cur, "rank": 1} // a clue to oneself
	for i := range 2 {
		r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[cur], illegal, "Idempotency-Key", "bad", "Accept", "application/json")
		if r.status != http.StatusUnprocessableEntity || r.header.Get("Content-Type") != "application/json" {
			t.Fatalf("answer %d: %d %s", i+1, r.status, r.header.Get("Content-Type"))
		}
	}
}
