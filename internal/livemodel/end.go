package livemodel

// checkEnd is hanab.live's end check after every move, in its order.
func (g *Game) checkEnd() {
	hand := g.Hands[g.Active]
	switch {
	case g.Strikes >= g.cfg.StormTokens:
		g.End = Strikeout
	case g.cfg.AllOrNothing && g.MaxScore < g.perfect():
		g.End = AllOrNothingFail
	case g.cfg.AllOrNothing && len(hand) == 0 && g.Clues < g.units(1):
		g.End = AllOrNothingSoftlock
	case g.Turn == g.EndTurn:
		g.End = FinalTurn
	case g.Score == g.MaxScore:
		g.End = MaxReached
	case g.allDead():
		g.End = NoneLeft
	}
}

// allDead reports whether no card that could extend its firework now is
// left: not discarded, and not in the hand of a seat that had its last
// turn. A card on a firework never fits it again.
func (g *Game) allDead() bool {
	for s := range g.Stacks {
		for _, want := range g.nextRanks(s) {
			for _, c := range g.deck {
				if c.suit == s && c.rank == want && !c.discarded && !c.cannotBePlay {
					return false
				}
			}
		}
	}
	return true
}

// nextRanks is the ranks that would extend firework s now.
func (g *Game) nextRanks(s int) []int {
	n := g.stackSize()
	top := g.Stacks[s]
	switch {
	case g.sudoku():
		if g.Dirs[s] == Finished {
			return nil
		}
		if top != 0 {
			return []int{top%n + 1}
		}
		var free []int
		for r := 1; r <= n; r++ {
			free = append(free, r)
			for _, st := range g.Starts {
				if st == r {
					free = free[:len(free)-1]
					break
				}
			}
		}
		return free
	case g.reversible():
		switch g.Dirs[s] {
		case Undecided:
			if top == 0 {
				return []int{1, n, startRank}
			}
			return []int{2, n - 1}
		case Up:
			return []int{top + 1}
		case Down:
			if !g.cfg.UpOrDown && top == 0 {
				return []int{n}
			}
			return []int{top - 1}
		}
		return nil
	}
	if top == n {
		return nil
	}
	return []int{top + 1}
}
