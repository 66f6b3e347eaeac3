package engine

// ScoreBound is an upper bound of the final score the game can still
// reach, with every card known and every choice the best: the highest
// score still possible, as far as the turns left allow. Before the deck
// runs out every play or discard draws a card, and after the last draw each
// seat has one more turn, so at most as many cards can still be played as
// there are cards in the deck and seats; a card can be played no sooner
// than the turn after it is drawn, the deck's last card no sooner than the
// last round's last turn, its drawer's next (with deck plays, as it is
// drawn), a firework takes its cards one at a time in order, and
// in the last round a seat plays only from its own hand. The bound
// schedules the cards each firework still needs, each from its earliest
// copy, one per such turn. Under All or Nothing, which has no last round,
// it is the highest score still possible; a game over scores what it
// scored.
func (g *Game) ScoreBound() int {
	if g.reason != NotOver {
		return g.Score()
	}
	score, best := g.points(), int(g.maxPossible)
	if g.r.cfg.AllOrNothing || best == score {
		return best
	}
	deck := g.r.deckSize - g.drawn
	turns := g.finalLeft // the last round's turns, once the deck is out
	if deck > 0 {
		turns = g.r.cfg.Players
	}
	slots := deck + turns // the turns that can still play a card
	if deck == 0 {
		slots = g.lastRoundPlayers(turns)
	}
	// earliest[i] is the first turn (1 for the next play or discard) a
	// card of identity i can be played: at once from a hand, the turn
	// after it is drawn from the deck.
	var earliest [MaxDeck]uint8
	for p := range g.r.cfg.Players {
		for _, id := range g.hands[p][:g.handLen[p]] {
			c := g.deck[id]
			earliest[c.suit<<3|c.rank] = 1
		}
	}
	for j := deck; j >= 1; j-- { // from the bottom up: the earliest copy last
		c := g.deck[g.drawn+j-1]
		e := uint8(j + 1)
		switch {
		case j == deck && g.r.cfg.DeckPlays:
			e = uint8(j) // played blind as it is drawn, once it is the last
		case j == deck:
			// The seat that draws the last card has its next turn after
			// every other seat's in the last round: the round's last.
			e = uint8(j + turns)
		}
		if i := c.suit<<3 | c.rank; earliest[i] == 0 || earliest[i] > e {
			earliest[i] = e
		}
	}
	// An Up or Down firework with no direction yet goes one way or the
	// other: the bound is the best over the ways of those fireworks.
	var open uint8
	if g.r.cfg.UpOrDown {
		for s := range g.r.cfg.Suits {
			if g.played[s] < g.r.topRank[s] && (g.played[s] == 0 || g.fireworks[s] == StartRank) {
				open |= 1 << s
			}
		}
	}
	plays := 0
	for down := uint8(0); ; down = (down - open) & open { // every subset of open
		plays = max(plays, g.schedule(&earliest, slots, open, down))
		if down == open {
			break
		}
	}
	return min(best, score+plays)
}

// schedule is the most cards the fireworks can still take in slots turns,
// each card no sooner than earliest says and than the turn after the one
// before it, one card a turn; the fireworks of open with no direction yet
// go down where down says, up otherwise.
func (g *Game) schedule(earliest *[MaxDeck]uint8, slots int, open, down uint8) int {
	var count [MaxDeck + MaxPlayers + 2]uint8 // plays that can come no sooner than each turn
	var chain [MaxRank]uint8
	for s := range g.r.cfg.Suits {
		next := 0 // the first turn the firework's next card can be played
		for i, rank := range chain[:g.chain(s, &chain)] {
			e := int(earliest[Ident(s, int(rank))])
			switch {
			case open&(1<<s) != 0:
				e = g.upOrDownEarliest(s, i, down&(1<<s) != 0, earliest)
			case rank == 0 || e == 0:
				e = 1 // a firework whose order is open (Sudoku): as soon as can be
			}
			next = max(next+1, e)
			if next <= slots {
				count[next]++
			}
		}
	}
	// One play per turn, each no sooner than it can be: fill the turns in
	// order with the plays that can come by then.
	plays, waiting := 0, 0
	for t := 1; t <= slots; t++ {
		waiting += int(count[t])
		if waiting > 0 {
			waiting--
			plays++
		}
	}
	return plays
}

// upOrDownEarliest is the first turn the i-th card still to come of an Up
// or Down firework with no direction yet can be played, going down (or
// up): its first card may be START instead.
func (g *Game) upOrDownEarliest(s, i int, down bool, earliest *[MaxDeck]uint8) int {
	n := int(g.r.topRank[s])
	after := 0 // START, if it is the top card, is the way's first
	if g.fireworks[s] == StartRank {
		after = 1
	}
	r := i + 1 + after
	if down {
		r = n - i - after
	}
	e := 0
	if r >= 1 && r <= n {
		e = int(earliest[Ident(s, r)])
	}
	if i == 0 && g.played[s] == 0 {
		if st := int(earliest[Ident(s, StartRank)]); st != 0 && (e == 0 || st < e) {
			e = st
		}
	}
	if e == 0 {
		return MaxDeck + MaxPlayers + 1 // no card of it is left: past every turn
	}
	return e
}

// lastRoundPlayers is the turns of the last round left (turns of them)
// whose seat holds a card that is still needed.
func (g *Game) lastRoundPlayers(turns int) int {
	needed := g.Needed()
	n := 0
	for t := range turns {
		p := (g.current + t) % g.r.cfg.Players
		if g.handIdentities(p)&needed != 0 {
			n++
		}
	}
	return n
}

// chain writes to out the ranks suit s's firework still takes, in order,
// as far as its share of the highest score still possible goes, and
// returns their number; 0 stands for a card whose rank is open (a
// firework of Up or Down with no direction yet, or in Sudoku).
func (g *Game) chain(s int, out *[MaxRank]uint8) int {
	n, p, top := g.r.topRank[s], g.played[s], g.fireworks[s]
	*out = [MaxRank]uint8{}
	if g.r.cfg.Sudoku {
		// The fireworks share their count: the highest score still
		// possible caps it, less what the others have.
		return max(min(int(n-p), int(g.maxPossible)-g.points()), 0)
	}
	k := int(g.suitMax[s]) - int(p)
	if k <= 0 {
		return 0
	}
	if g.r.cfg.UpOrDown && (p == 0 || top == StartRank) {
		return k
	}
	down := g.down&(1<<s) != 0
	r := top
	for i := range k {
		switch {
		case down && r == 0:
			r = n
		case down:
			r--
		default:
			r++
		}
		out[i] = r
	}
	return k
}
