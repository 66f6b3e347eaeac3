package livemodel

// TrueMax is the highest score the game can still reach, as hanab.live's
// client counts it (its stats.maxScore): MaxScore, but for Sudoku, where
// its server counts some runs long (sudokuMax).
func (g *Game) TrueMax() int {
	if g.sudoku() {
		return g.sudokuMax(false)
	}
	return g.maxScore()
}

// maxScore is hanab.live's GetMaxScore: the score each firework can still
// reach with the cards not all discarded, in each family of play.
func (g *Game) maxScore() int {
	switch {
	case g.sudoku():
		return g.sudokuMax(true)
	case g.reversible():
		total := 0
		for s := range g.Stacks {
			total += g.reversibleMax(s)
		}
		return total
	}
	total := 0
	for s := range g.Stacks {
		for r := 1; r <= g.stackSize() && !g.allDiscarded(s, r); r++ {
			total++
		}
	}
	return total
}

// allDiscarded reports whether every copy of a card is discarded (true for
// a card the suit does not have).
func (g *Game) allDiscarded(suit, rank int) bool {
	for _, c := range g.deck {
		if c.suit == suit && c.rank == rank && !c.discarded {
			return false
		}
	}
	return true
}

func (g *Game) reversibleMax(s int) int {
	n := g.stackSize()
	up := func() int {
		if g.allDiscarded(s, 1) && (!g.cfg.UpOrDown || g.allDiscarded(s, startRank)) {
			return 0
		}
		k := 1
		for r := 2; r <= n && !g.allDiscarded(s, r); r++ {
			k++
		}
		return k
	}
	down := func() int {
		if g.allDiscarded(s, n) && (!g.cfg.UpOrDown || g.allDiscarded(s, startRank)) {
			return 0
		}
		k := 1
		for r := n - 1; r >= 1 && !g.allDiscarded(s, r); r-- {
			k++
		}
		return k
	}
	switch g.Dirs[s] {
	case Undecided:
		return max(up(), down())
	case Up:
		return up()
	case Down:
		return down()
	}
	return n
}

// sudokuMax: a started firework goes on from its first card, round after
// the highest rank; a firework whose every card is left makes a full
// stack whatever it starts with; the others share out the first cards no
// firework took, each a different one, in the way that scores most. Its
// server (server, true) counts a first card's run as hanab.live's server
// does (sudokuWalkUpAll): the ranks before a rank with no copy left each
// count the whole stretch they are in; its client counts each from itself
// (stats.maxScore), which is the true maximum.
func (g *Game) sudokuMax(server bool) int {
	n := g.stackSize()
	// runs[r-1]: the cards firework s takes starting at rank r.
	runs := func(s int) ([]int, bool) {
		out := make([]int, n)
		full := true
		for r := 1; r <= n; r++ {
			k := 0
			for k < n && !g.allDiscarded(s, (r-1+k)%n+1) {
				k++
			}
			out[r-1] = k
			full = full && !g.allDiscarded(s, r)
		}
		if server {
			// Up to the first rank gone after r, the whole stretch from
			// the rank after the one gone before r.
			from := 0
			for r := 1; r <= n; r++ {
				if g.allDiscarded(s, r) {
					for w := from; w < r-1; w++ {
						out[w] = r - 1 - from
					}
					from = r
				}
			}
		}
		return out, full
	}
	total := 0
	var open [][]int
	for s := range g.Stacks {
		run, full := runs(s)
		switch {
		case full:
			total += n
		case g.Starts[s] != 0:
			total += run[g.Starts[s]-1]
		default:
			open = append(open, run)
		}
	}
	var free []int
	for r := 1; r <= n; r++ {
		taken := false
		for _, st := range g.Starts {
			taken = taken || st == r
		}
		if !taken {
			free = append(free, r)
		}
	}
	if !server {
		// Every open firework gets a different free first card; the best
		// sum.
		best := 0
		used := make([]bool, len(free))
		var try func(i, sum int)
		try = func(i, sum int) {
			if i == len(open) {
				best = max(best, sum)
				return
			}
			for j, r := range free {
				if !used[j] {
					used[j] = true
					try(i+1, sum+open[i][r-1])
					used[j] = false
				}
			}
		}
		try(0, 0)
		return total + best
	}
	return total + serverAssign(open, free)
}

// serverAssign is the best sum hanab.live's server finds for the open
// fireworks, each to get a free first card: it walks the assignments in
// order, firework after firework, each taking the next card nobody holds;
// a firework that has no next card gives the walk back to the one before,
// keeping its own last card, and when the one before moves on, that kept
// card is let go even if the one before has just taken it, so a card can
// end up held twice.
func serverAssign(open [][]int, free []int) int {
	if len(open) == 0 {
		return 0
	}
	holds := make([]int, len(open))
	for i := range holds {
		holds[i] = -1
	}
	held := make([]bool, len(free))
	best := 0
	i := 0
	for i >= 0 {
		if holds[i] >= 0 {
			held[holds[i]] = false
		}
		moved := false
		for j := holds[i] + 1; j < len(free) && !moved; j++ {
			if !held[j] {
				holds[i], held[j], moved = j, true, true
			}
		}
		switch {
		case !moved:
			i--
		case i == len(open)-1:
			sum := 0
			for k, run := range open {
				sum += run[free[holds[k]]-1]
			}
			best = max(best, sum)
		default:
			for k := i + 1; k < len(open); k++ {
				if holds[k] >= 0 {
					held[holds[k]] = false
				}
				holds[k] = -1
			}
			i++
		}
	}
	return best
}
