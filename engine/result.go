package engine

// EndReason says how a game ended.
type EndReason uint8

const (
	NotOver EndReason = iota
	EndStorms
	EndPerfect
	EndDeckOut
	// The ends by a seat or the clock, not by the cards: they score 0.
	EndTerminated
	EndTimeout
	EndIdle
	// EndAllOrNothing: in All or Nothing, a perfect game became impossible
	// (or the seat to act could do nothing); it scores 0.
	EndAllOrNothing
	// EndMaxPossible (hanab.live's rules): the score reached the highest
	// score still possible (Game.MaxPossible), below a perfect one.
	EndMaxPossible
	// EndNoPlayable (hanab.live's rules): no card that could extend a
	// firework is left in the deck or in a hand that gets another turn.
	EndNoPlayable
	// EndVoted: enough seats voted to end the game (VotesToEnd). Like the
	// other ends a seat chooses, it scores 0.
	EndVoted
)

func (r EndReason) String() string {
	switch r {
	case EndStorms:
		return "storms"
	case EndPerfect:
		return "perfect"
	case EndDeckOut:
		return "deck_out"
	case EndTerminated:
		return "terminated"
	case EndTimeout:
		return "timeout"
	case EndIdle:
		return "idle"
	case EndAllOrNothing:
		return "all_or_nothing"
	case EndMaxPossible:
		return "max_possible"
	case EndNoPlayable:
		return "no_playable_cards"
	case EndVoted:
		return "voted"
	}
	return ""
}

// Forced reports whether the game was ended by a seat or the clock (an End
// action) rather than by its cards.
func (r EndReason) Forced() bool {
	return r == EndTerminated || r == EndTimeout || r == EndIdle || r == EndVoted
}

// Chosen reports whether r is an end that an End action may carry: every
// forced end but a vote's, which only votes bring about.
func (r EndReason) Chosen() bool { return r.Forced() && r != EndVoted }

// Result is a finished game's outcome with its line of the ABACUS rating scale.
// Seat is the seat a forced end is charged to (who terminated, who ran out
// of time); it means nothing (0) unless Reason.Forced().
type Result struct {
	Score  int
	Reason EndReason
	Rating string
	Seat   int
}

// Rating is the ABACUS rating line for a score. The scale is written for a
// 25-point game: the top line is kept for a perfect game of any size, and
// scores between 25 and a larger maximum count as "very good".
func Rating(score, maxScore int) string {
	switch {
	case score >= maxScore:
		return "Legendary! The audience will never forget this show!"
	case score >= 21:
		return "Very good! The audience is enthusiastic!"
	case score >= 16:
		return "Good! The audience is pleased."
	case score >= 11:
		return "OK! The viewers have seen better."
	case score >= 6:
		return "Poor! Hardly applaused."
	}
	return "Oh dear! The crowd booed."
}
