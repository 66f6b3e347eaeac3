package engine_test

import (
	"math/rand/v2"

	"github.com/hanabi-server/hanabi/engine"
)

// A policy picks one of the legal actions in buf.
type policy func(g *engine.Game, deck []engine.Card, buf []engine.Action, rng *rand.Rand) engine.Action

// policies are the ways the random games choose: uniformly, which mostly ends
// in storms; uniformly among moves that do not misplay, which runs the deck
// out; and an all-seeing player that reaches perfect games.
var policies = []policy{
	func(g *engine.Game, deck []engine.Card, buf []engine.Action, rng *rand.Rand) engine.Action {
		return buf[rng.IntN(len(buf))]
	},
	func(g *engine.Game, deck []engine.Card, buf []engine.Action, rng *rand.Rand) engine.Action {
		safe := buf[:0:0]
		for _, a := range buf {
			if a.Kind != engine.Play || playable(g, deck, a.Card) {
				safe = append(safe, a)
			}
		}
		if len(safe) == 0 {
			return buf[rng.IntN(len(buf))]
		}
		return safe[rng.IntN(len(safe))]
	},
	oracle,
}

func playable(g *engine.Game, deck []engine.Card, id int) bool {
	card := deck[id]
	return g.Firework(card.Suit)+1 == card.Rank
}

// oracle plays a playable card if it holds one, else discards a card that is
// already played, else clues, else discards its oldest card.
func oracle(g *engine.Game, deck []engine.Card, buf []engine.Action, rng *rand.Rand) engine.Action {
	hand := g.Hand(g.Current())
	for _, id := range hand {
		if playable(g, deck, id) {
			return engine.PlayCard(id)
		}
	}
	canDiscard := g.NoteTokens() < g.Config().NoteTokens
	for _, id := range hand {
		if canDiscard && g.Firework(deck[id].Suit) >= deck[id].Rank {
			return engine.DiscardCard(id)
		}
	}
	for _, a := range buf {
		if a.IsClue() {
			return a
		}
	}
	if canDiscard {
		return engine.DiscardCard(hand[len(hand)-1])
	}
	return buf[rng.IntN(len(buf))]
}
