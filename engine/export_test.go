package engine

// EndMax is the maximum a game of hanab.live's rules ends at (endMax), for
// the tests that hold it to hanab.live's.
func (g *Game) EndMax() int { return int(g.endMax) }
