package engine

import "math/bits"

// What a seat can tell of its own cards: the identities its clues allow
// (the knowledge the game keeps per card) of which it has not yet seen every
// copy. Counting copies needs only cards the seat has seen, so the count is
// written from those and the variant's make-up; a card the seat has not seen
// (its own hand, the deck, a card of its own played face down) is never
// read for its identity, only for whether it went face down, which the
// whole table saw.

// Unseen is how many copies of each identity (indexed by Ident) a seat has
// not seen: the variant's copies less those the seat saw.
type Unseen [MaxDeck]uint8

// Candidates is the set of identities (see Ident) among possible of which
// at least one copy is unseen: what a card the seat deduces may be any of
// possible can still be, counting the cards it has seen.
func (u *Unseen) Candidates(possible uint64) uint64 {
	var out uint64
	for m := possible; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if u[i] > 0 {
			out |= 1 << uint(i)
		}
	}
	return out
}

// UnseenBy counts, for each identity, the copies that seat has not seen.
// A seat has seen every card now in another hand and every card that left
// a hand face up (played, misplayed, discarded, or played blind from the
// deck). Where plays go face down (Config.FaceDownPlays) it has also seen
// the cards the other seats played face down from their hands, since it
// saw them there, but never its own nor one played blind from the deck.
// The count is that of the game's state, not of its end's reveal: the end
// shows every face, but the seat's deductions are those it made in play.
// A seat that is not at the table (Public) has seen no hand.
func (g *Game) UnseenBy(seat int) Unseen {
	return g.less(g.copies(), g.seenBy(seat))
}

// seenBy is the set of card ids whose faces seat has seen.
func (g *Game) seenBy(seat int) uint64 {
	// Card ids are the dealing order: the cards dealt or drawn so far are
	// the ids below drawn (a blind play from the deck counts among them).
	seen := uint64(1)<<uint(g.drawn) - 1
	players := g.r.cfg.Players
	player := seat >= 0 && seat < players
	for p := range players {
		if !player || p == seat {
			for _, id := range g.hands[p][:g.handLen[p]] {
				seen &^= 1 << uint(id)
			}
		}
	}
	if !g.r.cfg.FaceDownPlays {
		return seen
	}
	// Each play or discard draws the next card while the deck lasts, so
	// the m-th of them draws card deal+m: a play of that very card was
	// played blind from the deck, from nobody's hand.
	deal := players * g.r.handSize
	turn, m := 0, 0
	for _, a := range g.log {
		if !a.IsMove() {
			continue
		}
		actor := g.seatOf(turn)
		turn++
		if a.Kind != Play && a.Kind != Discard {
			continue
		}
		blind := a.Card == deal+m
		m++
		if g.wentDown(a) && (blind || !player || actor == seat) {
			seen &^= 1 << uint(a.Card)
		}
	}
	return seen
}
