package bots

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

// TestBotsAmongRearrangedHands: under the ABACUS rules the people at a
// table may rearrange their hands between moves, which changes the order
// of cards a bot sees. Bots never rearrange, and such entries are no move
// to learn from (Replay shows them none), but every move a bot chooses
// stays legal; and a bot rebuilt from the log, as a server seats one,
// chooses what the bot that watched the game live chooses.
func TestBotsAmongRearrangedHands(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, strat := range strategies() {
		for i := range games {
			name := testVariants[i%len(testVariants)]
			players := 2 + i%4
			cfg := testConfig(t, name.name, name.rainbow, players, i)
			t.Run(fmt.Sprintf("%s/%s-%d/%d", strat.Name, name.name, players, i), func(t *testing.T) {
				playRearranged(t, cfg, strat, fmt.Sprintf("rearranged-%d", i), uint64(i))
			})
		}
	}
}

func playRearranged(t *testing.T, cfg engine.Config, strat Strategy, seed string, botSeed uint64) {
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Rearranges() {
		t.Fatal("the rule book's variant does not rearrange")
	}
	n := g.Players()
	names := slices.Repeat([]string{strat.Name}, n)
	players := make([]Player, n)
	for p := range n {
		players[p] = strat.New(g.Config(), p, mix(botSeed, uint64(p)))
		if pp, ok := players[p].(Partnered); ok {
			pp.Partners(names)
		}
		players[p].Start(g.View(p))
	}
	rng := rand.New(rand.NewPCG(botSeed, 0x4a4d))
	rearranged := 0
	for !g.Over() {
		// A seat or two put their hands in a random new order.
		for range rng.IntN(3) {
			p := rng.IntN(n)
			h := g.Hand(p)
			order := slices.Clone(h)
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			if slices.Equal(order, h) {
				continue
			}
			a, err := engine.RearrangeHand(p, h, order)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.ApplyAs(p, a); err != nil {
				t.Fatalf("rearrangement: %v", err)
			}
			rearranged++
		}
		seat := g.Current()
		act := players[seat].Act(g.View(seat))
		if err := g.Check(act); err != nil {
			t.Fatalf("turn %d: %s in seat %d chose %+v among rearranged hands: %v", g.Turn(), strat.Name, seat, act, err)
		}
		if g.Turn()%7 == 3 {
			// The server's way: a new player shown the log.
			fresh := strat.New(g.Config(), seat, mix(botSeed, uint64(seat)))
			re, err := Replay(fresh, *g.Config(), g.Deck(), g.First(), g.Log(), seat, names)
			if err != nil {
				t.Fatal(err)
			}
			if again := fresh.Act(re.View(seat)); again != act {
				t.Fatalf("turn %d: rebuilt from the log, seat %d chooses %+v, live %+v", g.Turn(), seat, again, act)
			}
		}
		ev, err := g.Apply(act)
		if err != nil {
			t.Fatal(err)
		}
		for p := range n {
			players[p].Observe(g.View(p), g.Config().EventSeen(ev, p, g.Over()))
		}
	}
	if rearranged == 0 {
		t.Fatal("no hand was rearranged")
	}
}
