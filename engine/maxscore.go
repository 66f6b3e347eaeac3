package engine

import "math/bits"

// The maximum score still possible: each firework's cards so far and those
// it can still take, as far as a copy of each card it needs is left (not
// discarded, not misplayed), the turns left aside. hanab.live keeps it for
// every game (its GetMaxScore) and ends a game when the score reaches it;
// under the ABACUS rules it is only shown.

// MaxPossible is the highest score the game can still reach. It never
// rises: a discard or a misplay can lower it, and so can a play that fixes
// a firework's direction (Up or Down) or its first card (Sudoku).
func (g *Game) MaxPossible() int { return int(g.maxPossible) }

// deadIdentities is the set of identities (see Ident) of which no copy is
// left: every card of it discarded or misplayed. discards are card ids.
func (r *rules) deadIdentities(deck *[MaxDeck]card8, discards []int8) uint64 {
	var gone [MaxDeck]uint8
	var dead uint64
	for _, id := range discards {
		c := deck[id]
		i := c.suit<<3 | c.rank
		if gone[i]++; gone[i] == r.copies[i] {
			dead |= 1 << i
		}
	}
	return dead
}

// gone counts card id into the discard pile: the last copy of a card
// lowers the maximum of its firework.
func (g *Game) gone(id int8) {
	c := g.deck[id]
	i := c.suit<<3 | c.rank
	if g.goneN[i]++; g.goneN[i] == g.r.copies[i] {
		g.dead |= 1 << i
		g.updateMaxPossible(int(c.suit))
	}
}

// updateMaxPossible takes the maximum down after suit's firework or the
// cards left of it changed (in Sudoku, where the fireworks share their
// first cards, every firework's).
func (g *Game) updateMaxPossible(suit int) {
	if g.r.cfg.Sudoku {
		g.maxPossible = uint8(min(int(g.maxPossible), g.r.sudokuMaxPossible(g.dead, &g.played, &g.start)))
		if g.r.live {
			g.endMax = uint8(min(int(g.endMax), g.r.sudokuLiveMax(g.dead, &g.played, &g.start)))
		} else {
			g.endMax = g.maxPossible
		}
		return
	}
	g.suitMax[suit] = uint8(g.r.suitMax(g.dead, suit, g.fireworks[suit], g.played[suit], g.down&(1<<suit) != 0))
	total := 0
	for s := range g.r.cfg.Suits {
		total += int(g.suitMax[s])
	}
	g.maxPossible = uint8(min(int(g.maxPossible), total))
	g.endMax = g.maxPossible
}

// initMaxPossible sets the maximum of a game just dealt.
func (g *Game) initMaxPossible() {
	total := 0
	if g.r.cfg.Sudoku {
		total = g.r.sudokuMaxPossible(0, &g.played, &g.start)
	} else {
		for s := range g.r.cfg.Suits {
			g.suitMax[s] = uint8(g.r.suitMax(0, s, 0, 0, g.down&(1<<s) != 0))
			total += int(g.suitMax[s])
		}
	}
	g.maxPossible, g.endMax = uint8(total), uint8(total)
}

// alive reports whether a card of suit s and rank is left: the variant
// has one and not every copy of it is in dead.
func (r *rules) alive(dead uint64, s int, rank uint8) bool {
	if rank < 1 || rank > MaxRank {
		return false
	}
	bit := uint64(1) << Ident(s, int(rank))
	return r.identities&bit != 0 && dead&bit == 0
}

// left is the ranks of suit s of which a copy is left, bit r for rank r.
func (r *rules) left(dead uint64, s int) uint8 {
	return uint8((r.identities &^ dead) >> (8 * s))
}

// upRun counts the ranks from..to of a (as left returns it) that are left,
// up to the first that is not.
func upRun(a, from, to uint8) int {
	if from < 1 || from > to || from > MaxRank {
		return 0
	}
	return min(bits.TrailingZeros8(^(a >> from)), int(to-from+1))
}

// downRun counts the ranks from from down to 1 that are left, up to the
// first that is not (a has no rank 0, which stops it).
func downRun(a, from uint8) int {
	if from < 1 || from > MaxRank {
		return 0
	}
	return bits.LeadingZeros8(^(a << (MaxRank - from)))
}

// maxPossible is the highest score fireworks in this state can reach when
// no card of the identities dead is left: top, played and start are each
// firework's top card, cards and first card, down the fireworks played
// downward.
func (r *rules) maxPossible(dead uint64, top, played, start *[MaxSuits]uint8, down uint8) int {
	if r.cfg.Sudoku {
		return r.sudokuMaxPossible(dead, played, start)
	}
	total := 0
	for s := range r.cfg.Suits {
		total += r.suitMax(dead, s, top[s], played[s], down&(1<<s) != 0)
	}
	return total
}

// suitMax is the most suit s's firework can hold, its top card top, its
// cards played, played downward when down (not in Sudoku).
func (r *rules) suitMax(dead uint64, s int, top, played uint8, down bool) int {
	n, p := r.topRank[s], int(played)
	a := r.left(dead, s)
	switch {
	case p == int(n):
		return p
	case r.cfg.UpOrDown && (p == 0 || top == StartRank):
		// Undecided: up from a 1 or START, or down from the highest or
		// START; START alone counts as the first card either way.
		start := top == StartRank || a&(1<<StartRank) != 0
		up, dn := 0, 0
		if start || a&(1<<1) != 0 {
			up = 1 + upRun(a, 2, n)
		}
		if start || a&(1<<n) != 0 {
			dn = 1 + downRun(a, n-1)
		}
		return max(up, dn)
	case down && p == 0:
		return downRun(a, n)
	case down:
		return p + downRun(a, top-1)
	}
	return p + upRun(a, top+1, n)
}
