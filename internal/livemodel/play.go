package livemodel

// How a card extends a firework, in hanab.live's three families of play:
// Sudoku, the reversible variants (Up or Down, and any variant with a
// reversed suit), and the rest, where a firework takes the next rank up.

func (g *Game) sudoku() bool { return g.cfg.Sudoku }

func (g *Game) reversible() bool {
	if g.cfg.UpOrDown {
		return true
	}
	for _, s := range g.cfg.Suits {
		if s.Reversed {
			return true
		}
	}
	return false
}

// stackSize is the number of cards that complete a firework: the highest
// rank a suit has, START aside (5, or 4 in the 4-suit Sudoku variants).
func (g *Game) stackSize() int {
	n := 0
	for _, r := range g.cfg.Suits[0].Ranks {
		if r != startRank && r > n {
			n = r
		}
	}
	return n
}

func (g *Game) perfect() int { return len(g.cfg.Suits) * g.stackSize() }

// fits reports whether a card of suit and rank extends its firework, and
// when it does moves the firework's direction on.
func (g *Game) fits(suit, rank int) bool {
	switch {
	case g.sudoku():
		return g.fitsSudoku(suit, rank)
	case g.reversible():
		return g.fitsReversible(suit, rank)
	}
	return rank == g.Stacks[suit]+1
}

func (g *Game) fitsSudoku(suit, rank int) bool {
	n := g.stackSize()
	if g.Stacks[suit] == 0 {
		for _, st := range g.Starts {
			if st == rank {
				return false
			}
		}
		g.Starts[suit] = rank
		return true
	}
	if g.Dirs[suit] == Finished || rank != g.Stacks[suit]%n+1 {
		return false
	}
	// The card before the first one, going round, is the last.
	if rank == (g.Starts[suit]+n-2)%n+1 {
		g.Dirs[suit] = Finished
	}
	return true
}

func (g *Game) fitsReversible(suit, rank int) bool {
	n := g.stackSize()
	top := g.Stacks[suit]
	switch g.Dirs[suit] {
	case Undecided:
		if top == 0 {
			switch rank {
			case 1:
				g.Dirs[suit] = Up
			case n:
				g.Dirs[suit] = Down
			case startRank:
			default:
				return false
			}
			return true
		}
		// START is on it.
		switch rank {
		case 2:
			g.Dirs[suit] = Up
		case n - 1:
			g.Dirs[suit] = Down
		default:
			return false
		}
		return true
	case Up:
		if rank != top+1 {
			return false
		}
		if rank == n {
			g.Dirs[suit] = Finished
		}
		return true
	case Down:
		want := top - 1
		if !g.cfg.UpOrDown && top == 0 {
			want = n // a reversed suit starts at its highest rank
		}
		if rank != want {
			return false
		}
		if rank == 1 {
			g.Dirs[suit] = Finished
		}
		return true
	}
	return false // finished
}

// finishing reports whether the card just played completed its firework,
// which turns back a clue.
func (g *Game) finishing(suit, rank int) bool {
	switch {
	case g.sudoku():
		return g.Dirs[suit] == Finished
	case g.reversible():
		return (rank == g.stackSize() || rank == 1) && g.Dirs[suit] == Finished
	}
	return rank == g.stackSize()
}
