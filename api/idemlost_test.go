package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"testing"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// answerNotKept is a store that loses every changed request's answer after
// its change committed, as a connection lost just after the commit (or a
// crash) does.
type answerNotKept struct{ play.Store }

func (s answerNotKept) CompleteIdempotency(ctx context.Context, scope, key string, a play.Answer, changed bool) (bool, error) {
	if changed {
		return false, errors.New("read tcp: connection reset by peer")
	}
	return s.Store.CompleteIdempotency(ctx, scope, key, a, changed)
}

// A keyed move, create or join whose answer could not be kept after it committed
// is answered by its retry with that answer, the change made once: not
// with 409 idempotency_key_in_use for as long as the key is kept.
func TestKeyedMoveAnswerCommitsWithIt(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Store = answerNotKept{c.Store} })
		tb := e.newTable("basic", 2, variants.Options{}, "lost-answer")
		var v GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &v)
		move := map[string]any{"type": "clue", "target": 1, "rank": v.Hands[1].Cards[0].Rank, "version": v.Version}
		path := "/v1/games/" + tb.id + "/actions"
		first := e.req("POST", path, tb.tokens[0], move, "Idempotency-Key", "m1")
		e.expect(first, http.StatusOK)
		for i := range 2 {
			again := e.req("POST", path, tb.tokens[0], move, "Idempotency-Key", "m1")
			e.expect(again, http.StatusOK)
			if string(again.body) != string(first.body) || again.header.Get("ETag") != first.header.Get("ETag") {
				t.Fatalf("retry %d answered\n%s %s\nnot\n%s %s", i, again.body, again.header.Get("ETag"), first.body, first.header.Get("ETag"))
			}
		}
		var after GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).json(t, &after)
		if after.Version != v.Version+1 {
			t.Fatalf("version %d after one move and its retries, want %s", after.Version, strconv.FormatInt(v.Version+1, 10))
		}

		// A new game the same way: its retry gets the same game, seat and
		// token, and there is one game more.
		var before GameList
		e.req("GET", "/v1/games", "", nil).json(t, &before)
		create := map[string]any{"variant": "basic", "players": 2, "name": "Alice"}
		made := e.req("POST", "/v1/games", "", create, "Idempotency-Key", "c1")
		e.expect(made, http.StatusCreated)
		again := e.req("POST", "/v1/games", "", create, "Idempotency-Key", "c1")
		e.expect(again, http.StatusCreated)
		if string(again.body) != string(made.body) || again.header.Get("Location") != made.header.Get("Location") {
			t.Fatalf("a retried create answered\n%s\nnot\n%s", again.body, made.body)
		}
		var list GameList
		e.req("GET", "/v1/games", "", nil).json(t, &list)
		if len(list.Games) != len(before.Games)+1 {
			t.Fatalf("%d games after a create and its retry, %d before", len(list.Games), len(before.Games))
		}

		// And a join: the same seat and token again, and the game started
		// by that one join.
		var sr SeatResponse
		made.json(t, &sr)
		join := e.req("POST", "/v1/games/"+sr.Game.ID+"/seats", "", map[string]any{"name": "Bob"}, "Idempotency-Key", "j1")
		e.expect(join, http.StatusCreated)
		rejoin := e.req("POST", "/v1/games/"+sr.Game.ID+"/seats", "", map[string]any{"name": "Bob"}, "Idempotency-Key", "j1")
		e.expect(rejoin, http.StatusCreated)
		if string(rejoin.body) != string(join.body) {
			t.Fatalf("a retried join answered\n%s\nnot\n%s", rejoin.body, join.body)
		}
		var bob SeatResponse
		rejoin.json(t, &bob)
		if *bob.Seat != 1 || bob.Game.Status != "active" {
			t.Fatalf("the retried join: seat %d, game %s", *bob.Seat, bob.Game.Status)
		}
	})
}
