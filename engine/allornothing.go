package engine

// perfectPossible reports whether every firework can still be completed:
// each card it still needs has a copy that is neither discarded nor
// misplayed (see Config.AllOrNothing). In Up or Down a firework whose
// direction is open needs the cards of one of its ways; in Sudoku each rank
// it does not hold yet (the ranks other fireworks start with aside).
func (g *Game) perfectPossible() bool {
	var gone [MaxDeck]uint8 // copies out of play, by identity
	for _, id := range g.discards[:g.nDiscards] {
		c := g.deck[id]
		gone[c.suit<<3|c.rank]++
	}
	var copies [MaxDeck]uint8
	for i := range g.r.deckSize {
		c := g.deck[i]
		copies[c.suit<<3|c.rank]++
	}
	left := func(s, r int) bool { return gone[s<<3|r] < copies[s<<3|r] }
	// run reports whether ranks from..to (either way round) are all left.
	run := func(s, from, to int) bool {
		step := 1
		if to < from {
			step = -1
		}
		for r := from; ; r += step {
			if !left(s, r) {
				return false
			}
			if r == to {
				return true
			}
		}
	}
	for s := range g.r.cfg.Suits {
		n, top, played := int(g.r.topRank[s]), int(g.fireworks[s]), int(g.played[s])
		if played == n {
			continue
		}
		ok := true
		switch {
		case g.r.cfg.Sudoku:
			var on [MaxRank + 1]bool
			for i, r := 0, int(g.start[s]); i < played; i, r = i+1, r%n+1 {
				on[r] = true
			}
			for r := 1; r <= n; r++ {
				ok = ok && (on[r] || left(s, r))
			}
		case g.r.cfg.UpOrDown && played == 0:
			// 1 up to n or n down to 1 need the same cards; or START and
			// then 2 up to n or n-1 down to 1.
			ok = run(s, 1, n) || left(s, StartRank) && (run(s, 2, n) || run(s, n-1, 1))
		case g.r.cfg.UpOrDown && top == StartRank:
			ok = run(s, 2, n) || run(s, n-1, 1)
		case played == 0 && g.down&(1<<s) != 0:
			ok = run(s, n, 1)
		case g.down&(1<<s) != 0:
			ok = run(s, top-1, 1)
		default:
			ok = run(s, top+1, n)
		}
		if !ok {
			return false
		}
	}
	return true
}

// stuck reports whether the seat to act, which holds no card, can do
// nothing: no note token, or no clue it may give.
func (g *Game) stuck() bool {
	if g.notes == 0 {
		return true
	}
	var buf [16]Action
	return len(g.LegalActions(buf[:0])) == 0
}
