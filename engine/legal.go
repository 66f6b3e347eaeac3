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
	if g.notes < g.r.cfg.NoteTokens {
		for i := range g.handLen[p] {
			buf = append(buf, DiscardCard(int(g.hands[p][i])))
		}
	}
	if g.notes == 0 {
		return buf
	}
	empty := g.r.cfg.EmptyClues
	for t := range g.r.cfg.Players {
		if t == p {
			continue
		}
		// Which suits and ranks the target holds decide every clue at once,
		// instead of walking the hand once per clue.
		var suits, ranks uint8
		if !empty {
			suits, ranks = g.handSuitsRanks(t)
		}
		for c := range g.r.cfg.ClueColors {
			if empty || g.r.colorSuits[c]&suits != 0 {
				buf = append(buf, ClueColor(t, c))
			}
		}
		for _, r := range g.r.cfg.ClueRanks {
			if empty || ranks&(1<<r) != 0 {
				buf = append(buf, ClueRank(t, r))
			}
		}
	}
	return buf
}

// handSuitsRanks is the set of suits and the set of ranks in seat t's hand.
func (g *Game) handSuitsRanks(t int) (suits, ranks uint8) {
	for _, id := range g.hands[t][:g.handLen[t]] {
		c := g.deck[id]
		suits |= 1 << c.suit
		ranks |= 1 << c.rank
	}
	return suits, ranks
}
