package engine

// Which cards a game still needs: the identities (see Ident) that some way
// to the highest score still possible plays, as hanab.live counts them (its
// isCardNeededForMaxScore, which its efficiency and its critical marks
// read). A card of any other identity is trash: it can never extend its
// firework again.

// Needed is the set of identities (see Ident) that still need to be
// played: not yet on their firework, and playable on it in some future.
func (g *Game) Needed() uint64 {
	return g.r.needed(g.dead, &g.fireworks, &g.played, &g.start, g.down)
}

// NeededCard reports whether a card of suit and rank still needs to be
// played (see Needed).
func (g *Game) NeededCard(c Card) bool {
	if c.Suit < 0 || c.Suit >= MaxSuits || c.Rank < 0 || c.Rank > MaxRank {
		return false
	}
	return g.Needed()&(1<<Ident(c.Suit, c.Rank)) != 0
}

// needed is Needed of fireworks in this state, with no card of the
// identities dead left.
func (r *rules) needed(dead uint64, top, played, start *[MaxSuits]uint8, down uint8) uint64 {
	var m uint64
	for s := range r.cfg.Suits {
		var ranks uint8 // bit k for rank k
		a := r.left(dead, s)
		n, p := r.topRank[s], played[s]
		switch {
		case p == n:
		case r.cfg.Sudoku:
			ranks = r.sudokuNeeded(dead, s, played, start)
		case r.cfg.UpOrDown && (p == 0 || top[s] == StartRank):
			ranks = upOrDownWalk(a, n, top[s], false) | upOrDownWalk(a, n, top[s], true)
		case r.cfg.UpOrDown:
			ranks = upOrDownWalk(a, n, top[s], down&(1<<s) != 0)
		case down&(1<<s) != 0:
			from := top[s] - 1
			if p == 0 {
				from = n
			}
			for k := from; k >= 1 && a&(1<<k) != 0; k-- {
				ranks |= 1 << k
			}
		default:
			for k := top[s] + 1; k <= n && a&(1<<k) != 0; k++ {
				ranks |= 1 << k
			}
		}
		m |= uint64(ranks) << (8 * s)
	}
	return m & r.identities
}

// upOrDownWalk is the ranks an Up or Down firework whose top card is top
// (0 for none) can still take going down (or up), a the ranks left: from an
// empty firework its first card (1 or the highest, or START), then one rank
// at a time as long as a copy is left (hanab.live's
// reversibleGetRanksUsefulForMaxScore).
func upOrDownWalk(a, n, top uint8, down bool) uint8 {
	first, next := uint8(1), uint8(2)
	if down {
		first, next = n, n-1
	}
	if a&(1<<first) == 0 && a&(1<<StartRank) == 0 {
		return 0
	}
	var ranks uint8
	switch top {
	case 0:
		ranks = 1<<first | 1<<StartRank
	case StartRank:
	default:
		next = top + 1
		if down {
			next = top - 1
		}
	}
	for k := next; k >= 1 && k <= n && a&(1<<k) != 0; {
		ranks |= 1 << k
		if down {
			k--
		} else {
			k++
		}
	}
	return ranks
}

// sudokuNeeded is the ranks of suit s that a Sudoku firework can still
// take: from its first card (or, while it has none, from any first card no
// other firework started with) as far as a copy of each rank is left,
// wrapping round, less those it holds.
func (r *rules) sudokuNeeded(dead uint64, s int, played, start *[MaxSuits]uint8) uint8 {
	n := r.topRank[s]
	var used uint8 // first cards taken, bit k for rank k
	for o := range r.cfg.Suits {
		if played[o] > 0 {
			used |= 1 << start[o]
		}
	}
	var ranks uint8
	for u := uint8(1); u <= n; u++ {
		if played[s] > 0 && u != start[s] || played[s] == 0 && used&(1<<u) != 0 {
			continue
		}
		// The run from u: ranks u, u+1, ... wrapping after n, each with a
		// copy left; the first played[s] of them are on the firework.
		for off := uint8(0); off < n; off++ {
			k := (u-1+off)%n + 1
			if !r.alive(dead, s, k) {
				break
			}
			if off >= played[s] {
				ranks |= 1 << k
			}
		}
	}
	return ranks
}

// OnFirework reports whether a card of face c is on its firework.
func (g *Game) OnFirework(c Card) bool {
	if c.Suit < 0 || c.Suit >= len(g.r.cfg.Suits) || c.Rank < 1 || c.Rank > MaxRank {
		return false
	}
	s, r := c.Suit, uint8(c.Rank)
	n, p, top, start := g.r.topRank[s], g.played[s], g.fireworks[s], g.start[s]
	if p == 0 {
		return false
	}
	if g.r.cfg.Sudoku {
		return (r+n-start)%n < p
	}
	if g.r.cfg.UpOrDown {
		if r == StartRank || top == StartRank {
			return start == StartRank && r == StartRank
		}
		lo, hi := uint8(1), top // going up: from 1, or from 2 after START
		if start == StartRank {
			lo = 2
		}
		if g.down&(1<<s) != 0 {
			lo, hi = top, n
			if start == StartRank {
				hi = n - 1
			}
		}
		return r >= lo && r <= hi
	}
	if g.down&(1<<s) != 0 {
		return r >= top
	}
	return r <= top
}
