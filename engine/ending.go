package engine

import "math/bits"

// How a game ends under hanab.live's rules beyond the ABACUS rules' ends
// (see Rules): its server judges the end after every move, once the move's
// card is replaced, in this order: the last storm token, All or Nothing's
// fail, the last round over, the score at the maximum still possible, and
// no card left that could still be played.

// lastTurn records, under hanab.live's rules, that seat p has just had its
// last turn: once the deck is out, every seat's move after the one that
// drew the last card is its last, and the cards it keeps can no longer be
// played.
func (g *Game) lastTurn(p int) {
	if g.finalLeft >= 0 && g.finalLeft != g.r.cfg.Players+1 {
		g.done |= 1 << p
	}
}

// endEarly ends a game that hanab.live's rules end before the last round
// is over: at the maximum score still possible, or with no card left that
// could still be played. A perfect score has already ended it.
func (g *Game) endEarly() {
	switch {
	case g.points() == int(g.endMax):
		g.reason = EndMaxPossible
	case !g.playableLeft():
		g.reason = EndNoPlayable
	}
}

// points is the sum of the fireworks.
func (g *Game) points() int {
	s := 0
	for i := range g.r.cfg.Suits {
		s += int(g.played[i])
	}
	return s
}

// playableLeft reports whether a card that would extend its firework now is
// still to come: in the deck, or in the hand of a seat that gets another
// turn.
func (g *Game) playableLeft() bool {
	var left uint64 // identities (see Ident)
	for _, c := range g.deck[g.drawn:g.r.deckSize] {
		left |= 1 << (c.suit<<3 | c.rank)
	}
	for p := range g.r.cfg.Players {
		if g.done&(1<<p) == 0 {
			left |= g.handIdentities(p)
		}
	}
	for ; left != 0; left &= left - 1 {
		i := uint8(bits.TrailingZeros64(left))
		if g.extends(int(i>>3), i&7) {
			return true
		}
	}
	return false
}
