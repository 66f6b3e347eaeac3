package api

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
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
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
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
			if gv.Efficiency != nil || gv.Pace == nil || *gv.Pace != 35+3-25 {
				t.Fatalf("%s seat %d: at the start pace %v, efficiency %v", seed, seat, gv.Pace, gv.Efficiency)
			}
			if gv.FirstSeat != first || gv.CurrentSeat == nil || *gv.CurrentSeat != first || gv.MaxPossibleScore != 25 || gv.Options.Rules != "hanablive" {
				t.Fatalf("%s seat %d: first %d, current %v, maximum %d, rules %q; want seat %d first, 25",
					seed, seat, gv.FirstSeat, gv.CurrentSeat, gv.MaxPossibleScore, gv.Options.Rules, first)
			}
		}
		var last ActionResponse
		clued := false
		for !tb.local.Over() {
			a := tb.pick()
			clued = clued || a.Kind == engine.ColorClue || a.Kind == engine.RankClue
			last = tb.act(a)
			if last.Game.MaxPossibleScore != tb.local.MaxPossible() {
				t.Fatalf("%s turn %d: maximum %d, the engine's %d", seed, tb.local.Turn(), last.Game.MaxPossibleScore, tb.local.MaxPossible())
			}
			// Pace as hanab.live counts it, shown while the deck lasts.
			g := last.Game
			if wantPace := g.Score + g.DeckCount + 3 - g.MaxPossibleScore; g.DeckCount > 0 && !tb.local.Over() {
				if g.Pace == nil || *g.Pace != wantPace {
					t.Fatalf("%s turn %d: pace %v, want %d", seed, tb.local.Turn(), g.Pace, wantPace)
				}
			} else if g.Pace != nil || g.EfficiencyNeeded != nil && g.DeckCount == 0 {
				t.Fatalf("%s turn %d: pace %v, needed efficiency %v with %d cards in the deck", seed, tb.local.Turn(), g.Pace, g.EfficiencyNeeded, g.DeckCount)
			}
			if spent := clued || g.StormTokensUsed > 0; spent && g.Efficiency == nil {
				t.Fatalf("%s turn %d: no efficiency once a clue is given", seed, tb.local.Turn())
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

// TestBotsFollowTheFirstSeat: a table of bots plays a game of hanab.live's
// rules that a seat other than 0 starts to its end, each bot move rebuilt
// from the stored log (play's bot driver replays it from the first seat).
func TestBotsFollowTheFirstSeat(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	_, _, cfg, err := variants.Setup("no-variant", variants.Options{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	seed := "bots-first"
	for i := 0; cfg.FirstSeat(seed) == 0; i++ {
		seed = "bots-first-" + itoa(i)
	}
	seats := []any{}
	for s := range 3 {
		seats = append(seats, map[string]any{"seat": s, "strategy": "conventions"})
	}
	r := e.req("POST", "/v1/games", "", map[string]any{"variant": "no-variant", "players": 3, "seed": seed, "bots": seats})
	e.expect(r, http.StatusCreated)
	var sr SeatResponse
	r.json(t, &sr)
	var v GameView
	for version := sr.Game.Version; ; {
		r = e.req("GET", "/v1/games/"+sr.Game.ID+"?since="+strconv.FormatInt(version, 10)+"&wait=5s", "", nil)
		if r.status == http.StatusNotModified {
			t.Fatalf("the bots stopped at version %d", version)
		}
		e.expect(r, http.StatusOK)
		r.json(t, &v)
		if v.Status == "finished" {
			break
		}
		version = v.Version
	}
	r = e.req("GET", "/v1/games/"+sr.Game.ID+"/replay", "", nil)
	e.expect(r, http.StatusOK)
	var rp ReplayView
	r.json(t, &rp)
	if v.FirstSeat != cfg.FirstSeat(seed) || len(rp.Actions) == 0 || rp.Actions[0].Seat != v.FirstSeat {
		t.Fatalf("first seat %d, the seed's %d, the first move's %+v", v.FirstSeat, cfg.FirstSeat(seed), rp.Actions[0])
	}
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rp.Actions {
		if g.Current() != a.Seat {
			t.Fatalf("seq %d by seat %d, the engine's seat to act %d", a.Seq, a.Seat, g.Current())
		}
		var ea engine.Action
		switch {
		case a.Type == "play":
			ea = engine.PlayCard(*a.Card)
		case a.Type == "discard":
			ea = engine.DiscardCard(*a.Card)
		case a.Color != nil:
			ea = engine.ClueColor(*a.Target, slices.Index(cfg.ClueColors, *a.Color))
		default:
			ea = engine.ClueRank(*a.Target, *a.Rank)
		}
		if _, err := g.Apply(ea); err != nil {
			t.Fatalf("seq %d: %v", a.Seq, err)
		}
	}
	if res, _ := g.Result(); v.Result == nil || v.Result.Reason != res.Reason.String() || v.Result.Score != res.Score {
		t.Fatalf("ended %+v, the engine's replay %+v", v.Result, res)
	}
}

// TestStoredBeforeTheRules: a game stored before games recorded their
// rules (options without "rules") was played by the ABACUS rules and loads
// so: seat 0 first, and the options say abacus.
func TestStoredBeforeTheRules(t *testing.T) {
	e := sqliteEnv(t)
	g := &play.GameRow{Record: play.Record{ID: play.NewID(), Variant: "orange-5-suits", Seed: "stored-before", Players: 2, Status: play.StatusActive},
		Options: `{"storm_tokens":3,"note_tokens":8,"empty_clues":false,"turn_seconds":0,"on_timeout":"bot"}`}
	if err := e.store.CreateGame(context.Background(), g, []play.Seat{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bob"}}, nil); err != nil {
		t.Fatal(err)
	}
	r := e.req("GET", "/v1/games/"+g.ID, "", nil)
	e.expect(r, http.StatusOK)
	var v GameView
	r.json(t, &v)
	if v.Options.Rules != "abacus" || v.FirstSeat != 0 || v.CurrentSeat == nil || *v.CurrentSeat != 0 {
		t.Fatalf("rules %q, first seat %d, current %v", v.Options.Rules, v.FirstSeat, v.CurrentSeat)
	}
}
