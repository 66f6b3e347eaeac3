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

// sudokuMaxPossible is maxPossible in Sudoku: a started firework runs on
// from its first card, wrapping round; the others each need a first card
// that no other firework started with, given out so that the sum is
// highest.
func (r *rules) sudokuMaxPossible(dead uint64, played, start *[MaxSuits]uint8) int {
	var m sudokuMatch
	used := uint8(0) // first cards taken, bit k for rank k+1
	total := 0
	for s := range r.cfg.Suits {
		n := int(r.topRank[s])
		for k := range n {
			c := 0
			for c < n && r.alive(dead, s, uint8((k+c)%n+1)) {
				c++
			}
			m.from[s][k] = uint8(c)
		}
		if played[s] > 0 {
			total += int(m.from[s][start[s]-1])
			used |= 1 << (start[s] - 1)
			continue
		}
		m.open[m.nOpen], m.width[m.nOpen] = s, uint8(n)
		m.nOpen++
	}
	for i := range m.nOpen {
		for j := range m.best[i] {
			m.best[i][j] = 255
		}
	}
	return total + int(m.solve(0, used))
}

// sudokuMatch gives the fireworks that have not started their first cards.
type sudokuMatch struct {
	from  [MaxSuits][MaxRank]uint8 // from[s][k]: the cards firework s takes starting at rank k+1
	open  [MaxSuits]int            // the fireworks with no card yet
	width [MaxSuits]uint8          // their highest ranks
	nOpen int
	best  [MaxSuits][1 << MaxRank]uint8 // best[i][m]: the most open[i:] take with first cards m taken; 255 unknown
}

func (m *sudokuMatch) solve(i int, used uint8) uint8 {
	if i == m.nOpen {
		return 0
	}
	if b := m.best[i][used]; b != 255 {
		return b
	}
	s := m.open[i]
	b := m.solve(i+1, used) // a firework may get no first card at all
	for k := range m.width[i] {
		if used&(1<<k) == 0 {
			b = max(b, m.from[s][k]+m.solve(i+1, used|1<<k))
		}
	}
	m.best[i][used] = b
	return b
}
