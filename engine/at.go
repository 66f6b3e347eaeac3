package engine

// ErrNoSuchTurn: a past turn asked of a game that has not come to it.
var ErrNoSuchTurn = &Error{"no_such_turn", "the game has not come to that turn"}

// At returns the game as it stood after turn moves: its deal, and its log
// replayed through the turn-th move and the table entries (a seat that
// left, an end) that came before the next move. At(0) is the deal with the
// entries before the first move; At(g.Turn()) is g. A past of a finished
// game shows every face to every viewer, as the end does: once the game is
// over nothing of its deal is hidden, and a replay steps through it. What
// else the end withholds (a clue's value in Cow & Pig and Duck) stays
// withheld, as in the end's own views. The past is a game of its own:
// applying moves to it leaves g as it is.
func (g *Game) At(turn int) (*Game, error) {
	if turn < 0 || turn > g.turn {
		return nil, wrap(ErrNoSuchTurn, "turn %d is not one of 0–%d", turn, g.turn)
	}
	past, err := NewFirst(g.r.cfg, g.Deck(), int(g.first))
	if err != nil {
		return nil, err
	}
	moves := 0
	for i, a := range g.log {
		if a.IsMove() {
			if moves == turn {
				break
			}
			moves++
		}
		if _, err := past.Apply(a); err != nil {
			return nil, &ReplayError{Index: i, Err: err}
		}
	}
	past.shown = g.reason != NotOver
	return past, nil
}

// Entries is the number of entries in the game's log: its moves and its
// table entries.
func (g *Game) Entries() int { return len(g.log) }
