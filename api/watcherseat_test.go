package api

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// A signed-in watcher whose long-poll waits on a table and who takes a
// seat meanwhile (the game starts) is answered as that seat: as a
// spectator it would be shown every hand, its own included.
func TestWatcherTakesASeatWhileWaiting(t *testing.T) {
	eachServer(t, func(t *testing.T, e *testEnv) {
		alice := e.signUp("Alice", "correct horse", false)
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2, "name": "Bob"})
		e.expect(r, http.StatusCreated)
		var created SeatResponse
		r.json(t, &created)
		id := created.Game.ID
		var before GameView
		e.req("GET", "/v1/games/"+id, alice, nil).json(t, &before)
		if before.You != nil {
			t.Fatalf("Alice reads the lobby as seat %d", *before.You)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		defer cancel()
		got := make(chan resp, 1)
		go func() {
			got <- e.reqCtx(ctx, "GET", "/v1/games/"+id+"?since="+strconv.FormatInt(before.Version, 10)+"&wait=5s", alice, nil)
		}()
		time.Sleep(200 * time.Millisecond) // let it wait as a spectator
		e.expect(e.req("POST", "/v1/games/"+id+"/seats", alice, nil), http.StatusCreated)
		a := <-got
		e.expect(a, http.StatusOK)
		var v GameView
		a.json(t, &v)
		if v.Status != "active" || v.You == nil || *v.You != 1 {
			t.Fatalf("the long-poll's answer after Alice sat: status %s, you %v", v.Status, v.You)
		}
		for _, c := range v.Hands[1].Cards {
			if c.Suit != nil || c.Rank != nil {
				t.Fatalf("Alice is shown her own card %d: %v %v", c.ID, *c.Suit, deref(c.Rank))
			}
		}
	})
}
