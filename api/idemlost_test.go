package api

import (
	"context"
	"net"
	"net/http"
	"syscall"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

// answerLost is a store whose keyed changes commit and then fail, as a
// connection lost just after the commit does: the request never learns
// that its change was made.
type answerLost struct{ play.Store }

var errReset = &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}

func (s answerLost) Append(ctx context.Context, id string, a play.Append) error {
	err := s.Store.Append(ctx, id, a)
	if err == nil && a.Key != nil {
		return errReset
	}
	return err
}

func (s answerLost) CreateGame(ctx context.Context, g *play.GameRow, seats []play.Seat, key *play.Key) error {
	err := s.Store.CreateGame(ctx, g, seats, key)
	if err == nil && key != nil {
		return errReset
	}
	return err
}

func (s answerLost) ChangeLobby(ctx context.Context, id string, after int64, c play.LobbyChange) error {
	err := s.Store.ChangeLobby(ctx, id, after, c)
	if err == nil && c.Key != nil {
		return errReset
	}
	return err
}

// A keyed move, create or join whose answer was lost after it committed is
// answered by its retry with the answer it committed, the change made once:
// not with 409 idempotency_key_in_use for as long as the key is kept.
func TestKeyedChangeAnswerCommitsWithIt(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL, func(c *envConfig) { c.Store = answerLost{c.Store} })
		var before GameList
		e.req("GET", "/v1/games", "", nil).json(t, &before)
		create := map[string]any{"variant": "basic", "players": 2, "name": "Alice"}
		lost := e.req("POST", "/v1/games", "", create, "Idempotency-Key", "c1")
		e.expect(lost, http.StatusServiceUnavailable)
		made := e.req("POST", "/v1/games", "", create, "Idempotency-Key", "c1")
		e.expect(made, http.StatusCreated)
		again := e.req("POST", "/v1/games", "", create, "Idempotency-Key", "c1")
		if !sameSeatAnswer(again.body, made.body) || again.header.Get("Location") != made.header.Get("Location") {
			t.Fatalf("two retries of a create answered\n%s\nand\n%s", made.body, again.body)
		}
		var list GameList
		e.req("GET", "/v1/games", "", nil).json(t, &list)
		if len(list.Games) != len(before.Games)+1 {
			t.Fatalf("%d games after a create and its retries, %d before", len(list.Games), len(before.Games))
		}

		var alice SeatResponse
		made.json(t, &alice)
		seats := "/v1/games/" + alice.Game.ID + "/seats"
		e.expect(e.req("POST", seats, "", map[string]any{"name": "Bob"}, "Idempotency-Key", "j1"), http.StatusServiceUnavailable)
		join := e.req("POST", seats, "", map[string]any{"name": "Bob"}, "Idempotency-Key", "j1")
		e.expect(join, http.StatusCreated)
		var bob SeatResponse
		join.json(t, &bob)
		if *bob.Seat != 1 || bob.Game.Status != "active" {
			t.Fatalf("the retried join: seat %d, game %s", *bob.Seat, bob.Game.Status)
		}

		var v GameView
		e.req("GET", "/v1/games/"+alice.Game.ID, *alice.Token, nil).json(t, &v)
		move := map[string]any{"type": "clue", "target": 1, "rank": v.Hands[1].Cards[0].Rank, "version": v.Version}
		path := "/v1/games/" + alice.Game.ID + "/actions"
		first := e.req("POST", path, *alice.Token, move, "Idempotency-Key", "m1")
		retry := e.req("POST", path, *alice.Token, move, "Idempotency-Key", "m1")
		e.expect(retry, http.StatusOK)
		if first.status == http.StatusOK && string(first.body) != string(retry.body) {
			t.Fatalf("a move answered\n%s\nand its retry\n%s", first.body, retry.body)
		}
		var ar ActionResponse
		retry.json(t, &ar)
		var after GameView
		e.req("GET", "/v1/games/"+alice.Game.ID, *alice.Token, nil).json(t, &after)
		if ar.Game.Version != v.Version+1 || after.Version != v.Version+1 {
			t.Fatalf("the retry answered version %d and the game is at %d after one move from %d", ar.Game.Version, after.Version, v.Version)
		}
	})
}
