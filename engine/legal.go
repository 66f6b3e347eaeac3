package engine

// LegalActions appends every legal action of the current seat to buf and
// returns it: plays and discards in hand order, then clues by target seat,
// colors before ranks. Reuse buf to keep it free of allocations.
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	if g.reason != NotOver {
		return buf
	}
	p := g.current
	for i := range g.handLen[p] {
		buf = append(buf, PlayCard(int(g.hands[p][i])))
	}
	for i := range g.handLen[p] {
		if id := int(g.hands[p][i]); g.mayDiscard(id) {
			buf = append(buf, DiscardCard(id))
		}
	}
	if g.notes>>g.r.noteShift == 0 {
		return buf
	}
	empty := g.r.cfg.EmptyClues
	next, alternate := g.r.cfg.NextClueKind(g.clues)
	colors, ranks := !alternate || next == ColorClue, !alternate || next == RankClue
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
		for c := range g.r.cfg.ClueColors {
			if !colors {
				break
			}
			if m := g.r.colorMask[c]; empty || m&held != 0 || m == 0 {
				buf = append(buf, ClueColor(t, c))
			}
		}
		for _, r := range g.r.cfg.ClueRanks {
			if !ranks {
				break
			}
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
