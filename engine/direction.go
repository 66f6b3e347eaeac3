package engine

// Direction is the way a firework is played.
type Direction uint8

const (
	Up        Direction = iota // from 1 to the highest rank
	Down                       // from the highest rank to 1 (a reversed suit, or an Up or Down firework started down)
	Undecided                  // an Up or Down firework with no card yet, or only its START
)

func (d Direction) String() string {
	switch d {
	case Up:
		return "up"
	case Down:
		return "down"
	case Undecided:
		return "undecided"
	}
	return "unknown"
}

// HasDirections reports whether a firework may be played other than up:
// in Up or Down, or with a reversed suit.
func (c *Config) HasDirections() bool {
	if c.UpOrDown {
		return true
	}
	for _, s := range c.Suits {
		if s.Reversed {
			return true
		}
	}
	return false
}

// Direction is the way suit's firework is played now.
func (g *Game) Direction(suit int) Direction {
	if g.r.cfg.UpOrDown && (g.played[suit] == 0 || g.fireworks[suit] == StartRank) {
		return Undecided
	}
	if g.down&(1<<suit) != 0 {
		return Down
	}
	return Up
}

// extendsUpOrDown is extends in Up or Down (see Config.UpOrDown): the
// firework's top card and its direction decide, and a complete firework
// takes nothing.
func (g *Game) extendsUpOrDown(s int, rank uint8) bool {
	n := g.r.topRank[s]
	top := g.fireworks[s]
	switch {
	case g.played[s] == n:
		return false
	case top == 0:
		return rank == 1 || rank == n || rank == StartRank
	case top == StartRank:
		return rank == 2 || rank == n-1
	case g.down&(1<<s) != 0:
		return rank == top-1
	}
	return rank == top+1
}

// nextRanks is the ranks that extend suit s's firework now, one bit each
// (see View.Next): the rules' own judgment of a play, asked of every rank.
func (g *Game) nextRanks(s int) uint16 {
	var bits uint16
	for r := uint8(1); r <= g.r.topRank[s]; r++ {
		if g.extends(s, r) {
			bits |= 1 << r
		}
	}
	if g.r.cfg.UpOrDown && g.extends(s, StartRank) {
		bits |= 1 << StartRank
	}
	return bits
}

// NextRanks is the ranks a card must have to extend suit's firework now,
// lowest first (StartRank last in Up or Down); none once it is complete.
func (v *View) NextRanks(suit int) []int {
	var out []int
	for r := 1; r < 16; r++ {
		if v.Next[suit]&(1<<r) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// fixDirection records the direction the card of rank, about to extend
// suit s's firework, fixes: down for the highest rank on an empty firework
// or the rank below it on START. Other cards leave it as it is.
func (g *Game) fixDirection(s int, rank uint8) {
	n, top := g.r.topRank[s], g.fireworks[s]
	if top == 0 && rank == n || top == StartRank && rank == n-1 {
		g.down |= 1 << s
	}
}
