package engine_test

import (
	"fmt"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestDeckPlayCard: every viewer's view names the card a deck play would
// play exactly when one may be made (the option on, one card left, the game
// running), and that card's play is then legal for the seat to act.
func TestDeckPlayCard(t *testing.T) {
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprintf("deck-plays-%v", on), func(t *testing.T) {
			cfg := setup(t, "basic", 3, variants.Options{DeckPlays: ptr(on)})
			g, err := engine.NewSeeded(cfg, "deck card")
			if err != nil {
				t.Fatal(err)
			}
			named := 0
			for !g.Over() {
				for _, seat := range allViewers(g.Players()) {
					id, ok := g.View(seat).DeckPlayCard()
					want := on && g.DeckCount() == 1
					if ok != want || (ok && id != cfg.DeckSize()-1) {
						t.Fatalf("turn %d, deck %d, seat %d: card %d %v, want %v", g.Turn(), g.DeckCount(), seat, id, ok, want)
					}
					if ok && seat == g.Current() {
						if err := g.Check(engine.PlayCard(id)); err != nil {
							t.Fatalf("the named card cannot be played: %v", err)
						}
						named++
					}
				}
				if g.DeckCount() > 1 {
					untilDeck(t, g, g.DeckCount()-1)
					continue
				}
				apply(t, g, g.LegalActions(nil)[0])
			}
			if on != (named > 0) {
				t.Errorf("named %d times", named)
			}
			if _, ok := g.View(0).DeckPlayCard(); ok {
				t.Errorf("a finished game names a deck play")
			}
		})
	}
}
