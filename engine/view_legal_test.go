package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestViewLegalActionsMatchGame plays random games and checks, at every turn,
// that the current seat's view lists exactly the moves the game accepts, and
// that View.Check agrees with Game.Check on them and on some that are illegal.
func TestViewLegalActionsMatchGame(t *testing.T) {
	empty := []bool{true, false}
	notes := []int{1, 3, 8}
	for _, name := range []string{"basic", "farbrausch", "farbrausch2"} {
		for players := 2; players <= 6; players++ {
			for _, e := range empty {
				for _, n := range notes {
					o := variants.Options{EmptyClues: &e, NoteTokens: &n}
					_, _, cfg, err := variants.Setup(name, o, players)
					if err != nil {
						t.Fatal(err)
					}
					for game := range 5 {
						checkViewLegal(t, cfg, fmt.Sprintf("%s/%d/%v/%d/%d", name, players, e, n, game))
					}
				}
			}
		}
	}
}

func checkViewLegal(t *testing.T, cfg engine.Config, seed string) {
	t.Helper()
	g, err := engine.NewSeeded(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(seed))))
	var want, got []engine.Action
	var v engine.View
	for !g.Over() {
		g.ViewInto(g.Current(), &v)
		want = g.LegalActions(want)
		got = v.LegalActions(got)
		if !slices.Equal(want, got) {
			t.Fatalf("%s turn %d: view lists %v, game %v", seed, g.Turn(), got, want)
		}
		probes := append(slices.Clone(got),
			engine.ClueColor(g.Current(), 0), engine.ClueRank((g.Current()+1)%g.Players(), 9),
			engine.PlayCard(63), engine.DiscardCard(g.Hand((g.Current() + 1) % g.Players())[0]))
		for _, a := range probes {
			if ge, ve := g.Check(a), v.Check(a); (ge == nil) != (ve == nil) {
				t.Fatalf("%s turn %d %+v: game says %v, view says %v", seed, g.Turn(), a, ge, ve)
			}
		}
		var other engine.View
		g.ViewInto((g.Current()+1)%g.Players(), &other)
		if n := len(other.LegalActions(nil)); n != 0 {
			t.Fatalf("%s: a seat not to act lists %d moves", seed, n)
		}
		if _, err := g.Apply(got[rng.IntN(len(got))]); err != nil {
			t.Fatal(err)
		}
	}
}
