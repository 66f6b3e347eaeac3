package api

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestDeckPlayMove: with deck_plays, a play of the deck's last card id while
// it is the only one left is a move like any play: the card is played, the
// hand keeps its size, the deck is empty and the last round begins. Without
// the option the same move is refused.
func TestDeckPlayMove(t *testing.T) {
	t.Parallel() // long, and sharing nothing: the package's other tests need not wait for it
	for _, on := range []bool{true, false} {
		e := newEnv(t, "")
		tb := e.newTable("basic", 2, variants.Options{DeckPlays: boolp(on)}, "deck-play")
		for tb.local.DeckCount() > 1 {
			var a engine.Action
			for _, b := range tb.local.LegalActions(nil) {
				if b.Kind == engine.Discard || b.IsClue() && tb.local.NoteTokens() == tb.local.Config().NoteTokens {
					a = b
					break
				}
			}
			tb.act(a)
		}
		last := tb.local.Config().DeckSize() - 1
		seat := tb.local.Current()
		if !on {
			r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[seat], map[string]any{"type": "play", "card": last})
			if r.status < 400 || r.status >= 500 {
				t.Fatalf("a deck play without the option: %d %s", r.status, r.body)
			}
			continue
		}
		hand := len(tb.local.Hand(seat))
		ar := tb.act(engine.PlayCard(last))
		g := ar.Game
		if g.DeckCount != 0 || g.FinalTurnsLeft == nil || *g.FinalTurnsLeft != 2 || len(g.Hands[seat].Cards) != hand {
			t.Fatalf("after the deck play: deck %d, final turns %v, hand %d (was %d)", g.DeckCount, g.FinalTurnsLeft, len(g.Hands[seat].Cards), hand)
		}
	}
}
