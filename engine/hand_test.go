package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestHandDelta: hanab.live's "one extra card" and "one less card" deal each
// hand one card more or one less than usual, six at most; nothing else.
func TestHandDelta(t *testing.T) {
	usual := map[int]int{2: 5, 3: 5, 4: 4, 5: 4, 6: 3}
	for players := 2; players <= 6; players++ {
		for _, delta := range []int{-2, -1, 0, 1, 2} {
			cfg := setup(t, "basic", players, variants.Options{})
			cfg.HandDelta = delta
			err := cfg.Validate()
			if ok := delta >= -1 && delta <= 1; ok != (err == nil) {
				t.Fatalf("%d players, delta %d: %v", players, delta, err)
			}
			if err != nil {
				continue
			}
			want := usual[players] + delta
			g, err := engine.NewSeeded(cfg, "hands")
			if err != nil {
				t.Fatal(err)
			}
			for p := range players {
				if n := len(g.Hand(p)); n != want || cfg.Hand() != want {
					t.Fatalf("%d players, delta %d: seat %d holds %d, Hand %d, want %d", players, delta, p, n, cfg.Hand(), want)
				}
			}
			if g.DeckCount() != 50-players*want {
				t.Fatalf("%d players, delta %d: %d cards left", players, delta, g.DeckCount())
			}
			// A hand of six plays and draws as any other.
			v := g.View(1)
			if v.HandLen[0] != want || len(v.Hand(0)) != want || !v.Hand(0)[want-1].Known {
				t.Fatalf("seat 1's view of seat 0: %d cards", v.HandLen[0])
			}
			apply(t, g, engine.PlayCard(g.Hand(0)[want-1]))
			if len(g.Hand(0)) != want {
				t.Fatalf("after a play seat 0 holds %d", len(g.Hand(0)))
			}
		}
	}
}
