package engine

import "math/bits"

// VotesToEnd is how many seats' votes end a game of n players: at least
// half of the seats, and both seats of a two-player game (where one
// player's vote would be an end by one player, which terminating is).
func VotesToEnd(n int) int { return max(2, (n+1)/2) }

// Votes lists the seats whose vote to end the game stands, lowest first.
func (g *Game) Votes() []int {
	out := make([]int, 0, bits.OnesCount8(g.votes))
	for m := g.votes; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros8(m))
	}
	return out
}

// Voted reports whether seat's vote to end the game stands.
func (g *Game) Voted(seat int) bool { return g.votes&(1<<uint(seat)) != 0 }

// Paused reports whether the game is paused: no move is made until a
// Resume. A game over is paused no more (its clock is done with).
func (g *Game) Paused() bool { return g.paused && !g.Over() }

// applyLifecycle applies a Vote, Pause or Resume of an existing seat to a
// running game. A vote that completes VotesToEnd ends the game (EndVoted,
// charged to no seat).
func (g *Game) applyLifecycle(a Action) error {
	switch a.Kind {
	case Vote:
		if a.Value != 0 && a.Value != 1 {
			return ErrBadAction
		}
		if (a.Value == 1) == g.Voted(a.Target) {
			return ErrSameVote
		}
		g.votes ^= 1 << uint(a.Target)
		if bits.OnesCount8(g.votes) >= VotesToEnd(g.r.cfg.Players) {
			g.reason, g.endSeat = EndVoted, -1
		}
	case Pause:
		if g.paused {
			return wrap(ErrPaused, "it is paused already")
		}
		g.paused = true
	case Resume:
		if !g.paused {
			return ErrNotPaused
		}
		g.paused = false
	}
	return nil
}
