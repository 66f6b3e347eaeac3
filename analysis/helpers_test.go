package analysis

import (
	"testing"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// setup is a registry config.
func setup(t testing.TB, variant string, players int, o variants.Options) engine.Config {
	t.Helper()
	_, _, cfg, err := variants.Setup(variant, o, players)
	if err != nil {
		t.Fatalf("setup %s/%d: %v", variant, players, err)
	}
	return cfg
}

// botGame is a whole game of cfg dealt from seed and played by strategy
// at every seat.
func botGame(t testing.TB, cfg engine.Config, seed, strategy string, botSeed uint64) *engine.Game {
	t.Helper()
	s, err := bots.Get(strategy)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	n := g.Players()
	players := make([]bots.Player, n)
	names := make([]string, n)
	for p := range names {
		names[p] = strategy
	}
	for p := range n {
		players[p] = s.New(g.Config(), p, botSeed+uint64(p))
		if pp, ok := players[p].(bots.Partnered); ok {
			pp.Partners(names)
		}
		players[p].Start(g.View(p))
	}
	for !g.Over() {
		a := players[g.Current()].Act(g.View(g.Current()))
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatalf("%s: bot move %+v at turn %d: %v", seed, a, g.Turn(), err)
		}
		for p := range n {
			players[p].Observe(g.View(p), g.Config().EventSeen(ev, p, g.Over()))
		}
	}
	return g
}
