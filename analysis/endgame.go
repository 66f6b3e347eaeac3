package analysis

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/hanabi-server/hanabi/engine"
)

// DefaultEndgameDeck is the N of the endgame when Options leave it 0: the
// states with at most this many cards left in the deck get each move's
// chance (see Endgame).
const DefaultEndgameDeck = 5

// DefaultDeals is how many deals an endgame state solves at most when
// Options leave it 0: a state with at most that many deals consistent with
// what its seat knew solves them all; one with more solves that many drawn
// uniformly at random among them (with replacement), seeded by the game and
// the turn, so that an analysis always gives the same answer.
const DefaultDeals = 100

// endgame computes the chances of the moves of the seat to act in g (the
// state after t moves), whose max_reachable is target.
func (s *solver) endgame(t int, g *engine.Game, target, deals int) Endgame {
	seat := g.Current()
	e := Endgame{Turn: t, Seat: seat, DeckCount: g.DeckCount(), Target: target}
	legal := g.LegalActions(nil)
	// A clue's effect is the same in every deal the seat imagines (it
	// touches another seat's cards, which the seat sees): the clues with
	// the same effect in the real deal share a chance. Each play and
	// discard is its own.
	class := make([]int, len(legal)) // index of the move whose chance it shares
	var keys []engine.Key
	var keyMove []int
	var c engine.Game
	for i, a := range legal {
		class[i] = i
		if !a.IsClue() {
			continue
		}
		g.SearchCopy(&c)
		if _, err := c.Apply(a); err != nil {
			continue
		}
		k := c.Key()
		for j, o := range keys {
			if o == k {
				class[i] = keyMove[j]
				break
			}
		}
		if class[i] == i {
			keys, keyMove = append(keys, k), append(keyMove, i)
		}
	}
	space := newDealSpace(g, seat)
	size := space.size()
	e.Deals = int64(min(size, 1<<63-1))
	wins := make([]int, len(legal))
	ids := append(append([]int(nil), space.hand...), space.deck...)
	solve := func(faces []engine.Card) bool {
		d, err := g.Redealt(ids, faces)
		if err != nil {
			panic(fmt.Sprintf("analysis: a deal of the pool is not the pool: %v", err))
		}
		s.forget()
		e.Solved++
		if d.ScoreBound() < target {
			return s.err == nil
		}
		var child engine.Game
		for i, a := range legal {
			if class[i] != i {
				continue
			}
			d.SearchCopy(&child)
			if _, err := child.Apply(a); err != nil {
				continue
			}
			if s.reach(&child, target) {
				wins[i]++
			}
		}
		return s.err == nil
	}
	if size <= uint64(deals) {
		e.Exact = true
		space.each(solve)
	} else {
		rng := rand.New(rand.NewPCG(dealSeed(g, t)))
		faces := make([]engine.Card, 0, len(ids))
		for range deals {
			if !solve(space.sample(rng, faces)) {
				break
			}
		}
	}
	e.Moves = make([]MoveChance, len(legal))
	for i, a := range legal {
		e.Moves[i] = MoveChance{Move: moveOf(t, g, a)}
		if e.Solved > 0 {
			e.Moves[i].Win = float64(wins[class[i]]) / float64(e.Solved)
		}
	}
	return e
}

// dealSeed seeds the draw of a state's deals from the game's deck and the
// turn.
func dealSeed(g *engine.Game, t int) (uint64, uint64) {
	h := sha256.New()
	for _, c := range g.Deck() {
		h.Write([]byte{byte(c.Suit), byte(c.Rank)})
	}
	h.Write([]byte{byte(t), byte(t >> 8)})
	sum := h.Sum(nil)
	return binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])
}
