package engine_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// A copy made by CloneFor(1), then moved on, and copied again, move after
// move (as a server keeps a game), plays exactly as the game itself, and
// never changes the copy it came from.
func TestCloneForChain(t *testing.T) {
	for _, variant := range []string{"basic", "farbrausch2"} {
		for players := 2; players <= 5; players++ {
			rng := rand.New(rand.NewPCG(uint64(players), 3))
			g := deal(t, setup(t, variant, players, variants.Options{}))
			chain := g.CloneFor(1)
			var buf []engine.Action
			for !g.Over() {
				buf = g.LegalActions(buf[:0])
				a := buf[rng.IntN(len(buf))]
				prev := chain
				held := prev.Clone()
				chain = prev.CloneFor(1)
				want, err := g.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				got, err := chain.Apply(a)
				if err != nil || got != want {
					t.Fatalf("%s/%d turn %d: copy's event %+v, %v; game's %+v", variant, players, g.Turn(), got, err, want)
				}
				if !reflect.DeepEqual(prev, held) {
					t.Fatalf("%s/%d turn %d: moving a copy on changed the game it was copied from", variant, players, g.Turn())
				}
				if !reflect.DeepEqual(chain.View(0), g.View(0)) || !reflect.DeepEqual(chain.Log(), g.Log()) {
					t.Fatalf("%s/%d turn %d: the copy and the game differ", variant, players, g.Turn())
				}
			}
		}
	}
}
