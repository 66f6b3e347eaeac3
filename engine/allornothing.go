package engine

// stuck reports whether the seat to act, which holds no card, can do
// nothing: no note token, or no clue it may give.
func (g *Game) stuck() bool {
	if g.notes == 0 {
		return true
	}
	var buf [16]Action
	return len(g.LegalActions(buf[:0])) == 0
}
