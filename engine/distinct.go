package engine

// DistinctMoves appends to buf[:0] the legal moves of the seat to act in
// LegalActions' order, but for the clues: every clue spends a note token
// and passes the turn, and two clues differ for the rules only in their
// kind under Alternating Clues and, where a holder's knowledge decides a
// discard at the note maximum (a suit that swaps play and discard, under
// the ABACUS rules), in what they teach of those suits. Of the clues with
// the same effect only the first is listed. A search over the futures
// asks it instead of LegalActions, which lists a clue per target and value.
func (g *Game) DistinctMoves(buf []Action) []Action {
	if g.r.knowMatters {
		return g.distinctByKnowledge(g.LegalActions(buf))
	}
	buf = buf[:0]
	if g.reason != NotOver || g.paused {
		return buf
	}
	full := g.LegalActions(buf)
	// LegalActions lists the plays and discards first: keep them, and of
	// the clues the first of each kind that has an effect of its own.
	n := 0
	for n < len(full) && !full[n].IsClue() {
		n++
	}
	out := full[:n]
	seen := [2]bool{}
	for _, a := range full[n:] {
		k := 0
		if g.r.cfg.AlternatingClues {
			k = int(a.Kind - ColorClue)
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out
}

// distinctByKnowledge keeps, of the clues in moves, the first of each
// effect on what the target's holder deduces of the swapped suits.
func (g *Game) distinctByKnowledge(moves []Action) []Action {
	type effect struct {
		target int
		kind   Kind
		know   [MaxHand]uint64
	}
	var kept []effect
	out := moves[:0]
	for _, a := range moves {
		if !a.IsClue() {
			out = append(out, a)
			continue
		}
		var e effect
		if g.r.cfg.AlternatingClues {
			e.kind = a.Kind
		}
		if g.r.cfg.ClueShows == ShowsAll {
			e.target = a.Target
			mask := g.r.mask(a)
			for i, id := range g.hands[a.Target][:g.handLen[a.Target]] {
				c := g.deck[id]
				k := g.know[id]
				if mask&(1<<(c.suit<<3|c.rank)) != 0 {
					k &= mask
				} else {
					k &^= mask
				}
				e.know[i] = k & g.r.swapped
			}
		}
		dup := false
		for _, o := range kept {
			if o == e {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, e)
			out = append(out, a)
		}
	}
	return out
}
