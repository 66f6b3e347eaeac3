package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestNoAllocsAfterDeal: once a game is dealt, Apply, LegalActions and
// ViewInto into a kept View allocate nothing, for a whole game. The games are
// recorded first with a policy that lives long and clues a lot (the logs must
// never outgrow what New reserved), then replayed under AllocsPerRun.
func TestNoAllocsAfterDeal(t *testing.T) {
	tables := []struct {
		variant string
		players int
		opts    variants.Options
	}{
		{"basic", 2, variants.Options{}},
		{"basic", 4, variants.Options{EmptyClues: ptr(false)}},
		{"farbrausch", 3, variants.Options{NoteTokens: ptr(16)}},
		{"farbrausch2", 6, variants.Options{RainbowCards: ptr(5)}},
		{"farbrausch2", 5, variants.Options{NoteTokens: ptr(1), StormTokens: ptr(1)}},
	}
	rng := rand.New(rand.NewPCG(8, 9))
	for _, tb := range tables {
		for pi, pick := range policies {
			name := fmt.Sprintf("%s/%dp/policy%d", tb.variant, tb.players, pi)
			t.Run(name, func(t *testing.T) {
				cfg := setup(t, tb.variant, tb.players, tb.opts)
				dealt, err := engine.NewSeeded(cfg, name)
				if err != nil {
					t.Fatal(err)
				}
				rec := *dealt
				deck := rec.Deck()
				var actions []engine.Action
				for !rec.Over() {
					a := pick(&rec, deck, rec.LegalActions(nil), rng)
					apply(t, &rec, a)
					actions = append(actions, a)
				}
				var g engine.Game
				var v engine.View
				buf := make([]engine.Action, 0, 128)
				allocs := testing.AllocsPerRun(5, func() {
					g = *dealt
					for _, a := range actions {
						buf = g.LegalActions(buf)
						g.ViewInto(g.Current(), &v)
						g.ViewInto(engine.Public, &v)
						if _, err := g.Apply(a); err != nil {
							panic(err)
						}
					}
					g.ViewInto(0, &v)
				})
				if allocs != 0 {
					t.Errorf("%d actions: %v allocations per game after the deal", len(actions), allocs)
				}
				if !g.Over() || g.Turn() != len(actions) {
					t.Errorf("replayed to turn %d, over %v", g.Turn(), g.Over())
				}
			})
		}
	}
}

// TestDealAllocs keeps dealing cheap: the game with its rules, and its two logs.
func TestDealAllocs(t *testing.T) {
	cfg := setup(t, "farbrausch", 4, variants.Options{})
	deck := cfg.Shuffle("deal")
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := engine.New(cfg, deck); err != nil {
			panic(err)
		}
	})
	if allocs > 3 {
		t.Errorf("New allocates %v times, want at most 3", allocs)
	}
}

// TestViewAllocs: a one-off view allocates the view and its two slices, each
// once, at the size it needs.
func TestViewAllocs(t *testing.T) {
	g := deal(t, setup(t, "basic", 2, variants.Options{}), front2...)
	apply(t, g, engine.ClueRank(1, 1), engine.PlayCard(9), engine.ClueRank(1, 1))
	if allocs := testing.AllocsPerRun(20, func() { _ = g.View(0) }); allocs > 3 {
		t.Errorf("View allocates %v times, want at most 3", allocs)
	}
	v := g.View(1)
	if cap(v.Clues) != 2 || cap(v.Discards) != 1 {
		t.Errorf("view sized %d clues, %d discards; want 2 and 1", cap(v.Clues), cap(v.Discards))
	}
}
