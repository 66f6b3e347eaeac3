package engine_test

import (
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestForcedEnds: a seat or the clock ends a running game at once with score
// 0 whatever was built, charged to that seat; the turn does not pass, and the
// log replays to the same result.
func TestForcedEnds(t *testing.T) {
	for _, reason := range []engine.EndReason{engine.EndTerminated, engine.EndTimeout, engine.EndIdle} {
		t.Run(reason.String(), func(t *testing.T) {
			cfg := setup(t, "basic", 3, variants.Options{})
			g := deal(t, cfg, c(red, 1))
			apply(t, g, engine.PlayCard(0))
			if g.Score() != 1 {
				t.Fatalf("score %d after R1", g.Score())
			}
			turn, cur := g.Turn(), g.Current()
			ev := apply(t, g, engine.EndGame(2, reason))
			if !ev.Over || !g.Over() || ev.Seat != 2 || ev.Turn != turn {
				t.Fatalf("event %+v, over %v", ev, g.Over())
			}
			want := engine.Result{Score: 0, Reason: reason, Rating: booed, Seat: 2}
			if r, _ := g.Result(); r != want || ev.Result != want {
				t.Fatalf("result %+v, event result %+v, want %+v", r, ev.Result, want)
			}
			if g.Turn() != turn || g.Current() != cur {
				t.Fatalf("turn %d seat %d after the end, want %d %d", g.Turn(), g.Current(), turn, cur)
			}
			again, err := engine.ReplayFirst(cfg, g.Deck(), g.First(), g.Log())
			if err != nil {
				t.Fatal(err)
			}
			if r, _ := again.Result(); r != want {
				t.Fatalf("replayed result %+v", r)
			}
		})
	}
}

// TestNaturalEndIsNotForced: an end by the cards is charged to nobody.
func TestNaturalEndIsNotForced(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{StormTokens: ptr(1)})
	g := deal(t, cfg, c(red, 5))
	ev := apply(t, g, engine.PlayCard(0))
	if !ev.Over || ev.Result.Reason.Forced() || ev.Result.Reason != engine.EndStorms {
		t.Fatalf("result %+v", ev.Result)
	}
}

// TestLeave: leaving is logged and changes nothing in play; the game goes on
// and ends as it would have.
func TestLeave(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	g := deal(t, cfg, c(red, 1))
	ev := apply(t, g, engine.LeaveSeat(1))
	if ev.Over || ev.Seat != 1 || g.Turn() != 0 || g.Current() != 0 || !g.Left(1) || g.Left(0) {
		t.Fatalf("event %+v turn %d current %d", ev, g.Turn(), g.Current())
	}
	apply(t, g, engine.PlayCard(0))
	if g.Score() != 1 || g.Current() != 1 {
		t.Fatalf("score %d current %d", g.Score(), g.Current())
	}
}

// TestTableRefusals: each refusal of End and Leave, and nothing changes.
func TestTableRefusals(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	ended := func() *engine.Game {
		g := deal(t, cfg)
		apply(t, g, engine.EndGame(0, engine.EndTerminated))
		return g
	}
	left := func() *engine.Game {
		g := deal(t, cfg)
		apply(t, g, engine.LeaveSeat(1))
		return g
	}
	fresh := func() *engine.Game { return deal(t, cfg) }
	for _, tc := range []struct {
		name string
		g    func() *engine.Game
		a    engine.Action
		want *engine.Error
	}{
		{"terminate twice", ended, engine.EndGame(1, engine.EndTerminated), engine.ErrGameOver},
		{"leave a finished game", ended, engine.LeaveSeat(1), engine.ErrGameOver},
		{"leave twice", left, engine.LeaveSeat(1), engine.ErrAlreadyLeft},
		{"end by the cards", fresh, engine.EndGame(0, engine.EndDeckOut), engine.ErrBadEnd},
		{"end not over", fresh, engine.EndGame(0, engine.NotOver), engine.ErrBadEnd},
		{"end out of range", fresh, engine.Action{Kind: engine.End, Value: 1 << 20}, engine.ErrBadEnd},
		{"end by no seat", fresh, engine.EndGame(2, engine.EndTerminated), engine.ErrNoSuchSeat},
		{"leave no seat", fresh, engine.LeaveSeat(-1), engine.ErrNoSuchSeat},
		{"unknown kind", fresh, engine.Action{Kind: engine.Leave + 1}, engine.ErrBadAction},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g()
			before := len(g.Log())
			_, err := g.Apply(tc.a)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if len(g.Log()) != before {
				t.Fatal("a refused entry was logged")
			}
		})
	}
}

// TestApplyAsTable: any seat may end or leave, not only the one to act.
func TestApplyAsTable(t *testing.T) {
	cfg := setup(t, "basic", 3, variants.Options{})
	g := deal(t, cfg)
	if _, err := g.ApplyAs(2, engine.LeaveSeat(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ApplyAs(1, engine.EndGame(1, engine.EndTerminated)); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ApplyAs(1, engine.PlayCard(0)); !errors.Is(err, engine.ErrGameOver) {
		t.Fatalf("a move after the end: %v", err)
	}
}
