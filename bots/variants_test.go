package bots

import (
	"fmt"
	"testing"

	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// TestEveryVariantPlaysLegally: every strategy plays every registered
// variant, under hanab.live's rule that clues must touch and the ABACUS rule
// that they need not, with 2 to 6 players in turn. PlayGame checks each move
// with the engine, so an illegal move or a panic fails the test with the
// variant and seed.
func TestEveryVariantPlaysLegally(t *testing.T) {
	strategies := strategies()
	all := variants.All()
	// Two games a variant by every strategy; under -race or -short one
	// game by one strategy, in turn, so that every variant is still played
	// and every strategy plays a share of them.
	perVariant, share := 2, false
	if race.Enabled || testing.Short() {
		perVariant, share = 1, true
	}
	for k, s := range strategies {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			var tb table
			played := 0
			for i, v := range all {
				if share && i%len(strategies) != k {
					continue
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
