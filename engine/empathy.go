package engine

import "math/bits"

// Empathy is what the holder of a card can know of it, as a viewer can
// tell: the identities the card's clues allow of which some copy is unseen
// by the holder as far as the viewer can tell. The viewer counts only the
// cards both of them have seen (the fireworks, the discards, the hands of
// the other seats, in Throw It in a Hole the cards the others played face
// down), never its own hand: the holder sees that hand and the viewer does
// not, so counting it would tell the viewer its own cards. What the holder
// deduces from the viewer's hand, the viewer cannot know, so the empathy
// holds every identity the holder's own candidates hold, and perhaps more.
//
// Who sees what:
//   - a seat of a running game: every other hand's cards carry it, its own
//     cards none (their candidates are the seat's own deductions);
//   - a spectator who sees every hand: every card, which is its holder's
//     candidates, since the spectator has seen all the holder has;
//   - the public (no hand shown): every card, from the fireworks and the
//     discards alone;
//   - a finished game (and its past states): every face is shown, so every
//     card but a seat's own carries its holder's candidates.

// empathyInto fills the Empathy of the cards of v, seat's view, that carry
// it (see Empathy); open: every face shows.
func (g *Game) empathyInto(seat int, v *View, open bool) {
	players := g.r.cfg.Players
	player := seat >= 0 && seat < players
	if g.r.cfg.FaceDownPlays {
		// Who saw a card played face down depends on who played it: each
		// holder's count is made from what it and the viewer have seen.
		viewer := ^uint64(0) // a viewer who has seen everything bounds nothing
		if !open && seat != Spectator {
			viewer = g.seenBy(seat)
		}
		copies := g.copies()
		for p := range players {
			if player && p == seat {
				continue
			}
			unseen := g.less(copies, g.seenBy(p)&viewer)
			for i := range v.HandLen[p] {
				cv := &v.Hands[p][i]
				cv.Empathy = unseen.Candidates(cv.Possible)
			}
		}
		return
	}
	// Elsewhere every card drawn is in a hand or face up: a holder has seen
	// every card drawn but its own hand's, and the viewer every card but
	// its own hand's (a seat's, while the game runs) or every card in a
	// hand (the public's). So one count serves all holders: the copies
	// less every card drawn but those the viewer has not seen (kept). An
	// identity is unseen by both when a copy is left in that count or, but
	// for the public, in the holder's own hand: each card's empathy is then
	// its knowledge masked once.
	public := !open && seat == Public
	var kept uint64
	switch {
	case public:
		for p := range players {
			kept |= g.handSet(p)
		}
	case player && !open:
		kept = g.handSet(seat)
	}
	all := g.less(g.copies(), (uint64(1)<<uint(g.drawn)-1)&^kept)
	left := all.Candidates(^uint64(0))
	for p := range players {
		if player && p == seat {
			continue
		}
		unseen := left
		if !public {
			for _, id := range g.hands[p][:g.handLen[p]] {
				c := g.deck[id]
				unseen |= 1 << Ident(int(c.suit), int(c.rank))
			}
		}
		for i := range v.HandLen[p] {
			cv := &v.Hands[p][i]
			cv.Empathy = cv.Possible & unseen
		}
	}
}

// handSet is the set of card ids in seat p's hand.
func (g *Game) handSet(p int) uint64 {
	var m uint64
	for _, id := range g.hands[p][:g.handLen[p]] {
		m |= 1 << uint(id)
	}
	return m
}

// copies counts the variant's copies of each identity: the rules' count,
// made once with them rather than on each of a view's two uses.
func (g *Game) copies() Unseen { return g.r.copies }

// less is u less the identities of the cards among seen (card ids).
func (g *Game) less(u Unseen, seen uint64) Unseen {
	for m := seen; m != 0; m &= m - 1 {
		c := g.deck[bits.TrailingZeros64(m)]
		u[Ident(int(c.suit), int(c.rank))]--
	}
	return u
}
