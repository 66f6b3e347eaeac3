package api

import (
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
)

// A table of bots only, seat 0 included, plays itself to the end; its
// creator gets no seat and no token, and watches the public view.
func TestBotsOnlyTablePlaysItself(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3, "seed": "bots-only",
		"bots": []any{
			map[string]any{"seat": 0, "strategy": "hat"},
			map[string]any{"seat": 1, "strategy": "hat"},
			map[string]any{"seat": 2, "strategy": "conventions"},
		}})
	e.expect(r, http.StatusCreated)
	var sr SeatResponse
	r.json(t, &sr)
	if sr.Seat != nil || sr.Token != nil || sr.Game.You != nil {
		t.Fatalf("a creator without a seat got seat %v, token %q, you %v", sr.Seat, deref(sr.Token), sr.Game.You)
	}
	if sr.Game.Status != "active" {
		t.Fatalf("status %s, want active", sr.Game.Status)
	}
	var g GameView
	for version := sr.Game.Version; ; version = g.Version {
		r := e.req("GET", "/v1/games/"+sr.Game.ID+"?since="+itoa(int(version))+"&wait=10s", "", nil)
		e.expect(r, http.StatusOK)
		r.json(t, &g)
		if g.Status == "finished" {
			break
		}
		if g.Version == version {
			t.Fatalf("the bots stopped at version %d", version)
		}
	}
	if g.Result == nil || g.Result.Score != g.Score || g.Turn < 30 {
		t.Fatalf("finished after %d turns with result %+v, score %d", g.Turn, g.Result, g.Score)
	}
}

func TestBotSeatOutOfRange(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	for _, seat := range []int{-1, 3, 99} {
		r := e.req("POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 3,
			"bots": []any{map[string]any{"seat": seat, "strategy": "hat"}}})
		e.expect(r, http.StatusBadRequest)
	}
}
