package bots

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestEveryVariantPlaysLegally: every registered variant is played by some
// strategy (the strategies take turns, variant by variant), under hanab.live's
// rule that clues must touch and the ABACUS rule that they need not, and
// every strategy plays a spread of variants of every kind. PlayGame checks
// each move with the engine, so an illegal move or a panic fails the test
// with the variant and seed.
func TestEveryVariantPlaysLegally(t *testing.T) {
	strategies := List()
	all := variants.All()
	// Normally the strategies take the variants in turn, two games each;
	// under -race or -short one game each, and random (the cheapest) takes
	// most of them, so that every variant is still played.
	perVariant, slots := 2, len(strategies)
	if raceEnabled || testing.Short() {
		perVariant, slots = 1, 2*len(strategies)
	}
	random := slices.IndexFunc(strategies, func(s Strategy) bool { return s.Name == "random" })
	owner := func(i int) int {
		if k := i % slots; k < len(strategies) {
			return k
		}
		return random
	}
	for k, s := range strategies {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			var tb table
			played := 0
			for i, v := range all {
				if owner(i) != k && (i*7+k)%97 != 0 {
					continue // another strategy plays this one; every 97th is played by all
				}
				for j := range perVariant {
					players := variants.MinPlayers + (i+j)%5
					empty := (i+j)%3 == 0
					_, _, cfg, err := variants.Setup(v.Name, variants.Options{EmptyClues: &empty}, players)
					if err != nil {
						t.Fatal(err)
					}
					seed := fmt.Sprintf("variants/%s/%d", v.Name, j)
					o, err := tb.play(cfg, seed, []Strategy{s}, uint64(i*10+j))
					if err != nil {
						t.Fatalf("%s, %d players, empty clues %v, seed %q: %v", v.Name, players, empty, seed, err)
					}
					if o.Result.Score < 0 || o.Result.Score > cfg.MaxScore() {
						t.Fatalf("%s: score %d out of range", v.Name, o.Result.Score)
					}
					played++
				}
			}
			t.Logf("%s played %d games", s.Name, played)
		})
	}
}
