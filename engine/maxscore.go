package engine

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

// gone updates the maximum after card id went to the discard pile: only
// the last copy of a card lowers it.
func (g *Game) gone(id int8) {
	c := g.deck[id]
	i := c.suit<<3 | c.rank
	n := uint8(0)
	for _, d := range g.discards[:g.nDiscards] {
		if e := g.deck[d]; e == c {
			n++
		}
	}
	if n == g.r.copies[i] {
		g.updateMaxPossible()
	}
}

func (g *Game) updateMaxPossible() {
	dead := g.r.deadIdentities(&g.deck, g.discards[:g.nDiscards])
	g.maxPossible = uint8(min(int(g.maxPossible), g.r.maxPossible(dead, &g.fireworks, &g.played, &g.start, g.down)))
	if g.r.live && g.r.cfg.Sudoku {
		g.endMax = uint8(min(int(g.endMax), g.r.sudokuLiveMax(dead, &g.played, &g.start)))
	} else {
		g.endMax = g.maxPossible
	}
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

// run counts the ranks of suit s from..to (either way round) that are
// left, up to the first that is not.
func (r *rules) run(dead uint64, s int, from, to uint8) int {
	n := 0
	for rank := from; r.alive(dead, s, rank); {
		n++
		if rank == to {
			break
		}
		if to > from {
			rank++
		} else {
			rank--
		}
	}
	return n
}

// maxPossible is the highest score fireworks in this state can reach when
// no card of the identities dead is left: top, played and start are each
// firework's top card, cards and first card, down the fireworks played
// downward.
func (r *rules) maxPossible(dead uint64, top, played, start *[MaxSuits]uint8, down uint8) int {
	cfg := &r.cfg
	if cfg.Sudoku {
		return r.sudokuMaxPossible(dead, played, start)
	}
	total := 0
	for s := range cfg.Suits {
		n, t, p := r.topRank[s], top[s], int(played[s])
		isDown := down&(1<<s) != 0
		switch {
		case p == int(n):
			total += p
		case cfg.UpOrDown && (p == 0 || t == StartRank):
			// Undecided: up from a 1 or START, or down from the highest
			// or START; START alone counts as the first card either way.
			up, dn := 0, 0
			if t == StartRank || r.alive(dead, s, 1) || r.alive(dead, s, StartRank) {
				up = 1 + r.run(dead, s, 2, n)
			}
			if t == StartRank || r.alive(dead, s, n) || r.alive(dead, s, StartRank) {
				dn = 1 + r.run(dead, s, n-1, 1)
			}
			total += max(up, dn)
		case isDown && p == 0:
			total += r.run(dead, s, n, 1)
		case isDown:
			total += p + r.run(dead, s, t-1, 1)
		default:
			total += p + r.run(dead, s, t+1, n)
		}
	}
	return total
}
