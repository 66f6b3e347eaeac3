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
		for c := range g.r.cfg.ClueColors {
			a := ClueColor(t, c)
			if empty || g.touches(a) != 0 {
				buf = append(buf, a)
			}
		}
		for _, r := range g.r.cfg.ClueRanks {
			a := ClueRank(t, r)
			if empty || g.touches(a) != 0 {
				buf = append(buf, a)
			}
		}
	}
	return buf
}
