package engine

// LegalActions appends every legal action of the current seat to buf and
// returns it: plays and discards in hand order, then clues by target seat,
// colors before ranks. Reuse buf to keep it free of allocations.
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	if g.reason != NotOver || g.paused {
		return buf
	}
	p := g.current
	for i := range g.handLen[p] {
		buf = append(buf, PlayCard(int(g.hands[p][i])))
	}
	if g.r.cfg.DeckPlays && g.deckPlay(g.drawn) {
		buf = append(buf, PlayCard(g.drawn))
	}
	if g.notes < g.r.cfg.NoteTokens {
		for i := range g.handLen[p] {
			buf = append(buf, DiscardCard(int(g.hands[p][i])))
		}
	} else if g.r.swapped != 0 {
		for i := range g.handLen[p] {
			if id := int(g.hands[p][i]); g.mayDiscard(id) {
				buf = append(buf, DiscardCard(id))
			}
		}
	}
	if g.r.anyDiscard && g.r.cfg.DeckPlays && g.deckPlay(g.drawn) {
		buf = append(buf, DiscardCard(g.drawn))
	}
	if g.notes == 0 {
		return buf
	}
	empty := g.r.cfg.EmptyClues
	// With alternating clues, the type of the last clue is not listed:
	// leave its list out.
	colors, ranks := g.r.cfg.ClueColors, g.r.cfg.ClueRanks
	if next, ok := g.nextClue(); ok {
		if next == RankClue {
			colors = nil
		} else {
			ranks = nil
		}
	}
	for t := range g.r.cfg.Players {
		if t == p {
			continue
		}
		// The identities the target holds decide every clue at once,
		// instead of walking the hand once per clue. A clue that touches
		// no card of the variant may always be given.
		var held uint64
		if !empty {
			held = g.handIdentities(t)
		}
		for c := range colors {
			if m := g.r.colorMask[c]; empty || m&held != 0 || m == 0 {
				buf = append(buf, ClueColor(t, c))
			}
		}
		for _, r := range ranks {
			if m := g.r.rankMask[r]; empty || m&held != 0 || m == 0 {
				buf = append(buf, ClueRank(t, r))
			}
		}
	}
	return buf
}

// handIdentities is the set of identities (see Ident) in seat t's hand.
func (g *Game) handIdentities(t int) uint64 {
	var m uint64
	for _, id := range g.hands[t][:g.handLen[t]] {
		c := g.deck[id]
		m |= 1 << (c.suit<<3 | c.rank)
	}
	return m
}
