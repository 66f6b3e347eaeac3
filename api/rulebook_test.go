package api

import (
	"net/http"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestVariantRules: a variant shows the rule book its games follow:
// hanab.live's for the catalogue, the ABACUS rules for the rules' own.
func TestVariantRules(t *testing.T) {
	e := sqliteEnv(t)
	for name, want := range map[string]string{"basic": "abacus", "farbrausch": "abacus", "farbrausch2": "abacus",
		"no-variant": "hanablive", "orange-5-suits": "hanablive", "up-or-down-5-suits": "hanablive"} {
		r := e.req("GET", "/v1/variants/"+name, "", nil)
		e.expect(r, http.StatusOK)
		var v VariantView
		r.json(t, &v)
		if v.Rules != want {
			t.Errorf("%s: rules %q, want %q", name, v.Rules, want)
		}
	}
}

// TestGameFollowsItsRules: a game of hanab.live's rules starts with the
// seat its seed picks, which every view names, and its views carry the
// maximum score still possible; played through the API to its end, it
// ends where the engine's own game of the same deal and moves ends. A game
// of the rules' basic starts with seat 0.
func TestGameFollowsItsRules(t *testing.T) {
	e := sqliteEnv(t)
	starts := map[int]bool{}
	for _, seed := range []string{"rules-a", "rules-b", "rules-c", "rules-d", "rules-e", "rules-f"} {
		tb := e.newTable("no-variant", 3, variants.Options{}, seed)
		first := tb.local.First()
		starts[first] = true
		for seat := -1; seat < 3; seat++ {
			token := ""
			if seat >= 0 {
				token = tb.tokens[seat]
			}
			r := e.req("GET", "/v1/games/"+tb.id, token, nil)
			e.expect(r, http.StatusOK)
			var gv GameView
			r.json(t, &gv)
			if gv.FirstSeat != first || gv.CurrentSeat == nil || *gv.CurrentSeat != first || gv.MaxPossibleScore != 25 || gv.Options.Rules != "hanablive" {
				t.Fatalf("%s seat %d: first %d, current %v, maximum %d, rules %q; want seat %d first, 25",
					seed, seat, gv.FirstSeat, gv.CurrentSeat, gv.MaxPossibleScore, gv.Options.Rules, first)
			}
		}
		var last ActionResponse
		for !tb.local.Over() {
			last = tb.act(tb.pick())
			if last.Game.MaxPossibleScore != tb.local.MaxPossible() {
				t.Fatalf("%s turn %d: maximum %d, the engine's %d", seed, tb.local.Turn(), last.Game.MaxPossibleScore, tb.local.MaxPossible())
			}
		}
		res, _ := tb.local.Result()
		if last.Game.Result == nil || last.Game.Result.Reason != res.Reason.String() || last.Game.Result.Score != res.Score || last.Game.Status != "finished" {
			t.Fatalf("%s: ended %+v, the engine %+v", seed, last.Game.Result, res)
		}
	}
	if len(starts) < 2 {
		t.Errorf("six seeds, first seats %v", starts)
	}
	tb := e.newTable("basic", 3, variants.Options{}, "rules-a")
	r := e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil)
	var gv GameView
	r.json(t, &gv)
	if gv.FirstSeat != 0 || gv.CurrentSeat == nil || *gv.CurrentSeat != 0 || gv.Options.Rules != "abacus" {
		t.Errorf("basic: first %d, current %v, rules %q", gv.FirstSeat, gv.CurrentSeat, gv.Options.Rules)
	}
}
