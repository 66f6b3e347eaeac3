package engine

// EndReason says how a game ended.
type EndReason uint8

const (
	NotOver EndReason = iota
	EndStorms
	EndPerfect
	EndDeckOut
)

func (r EndReason) String() string {
	switch r {
	case EndStorms:
		return "storms"
	case EndPerfect:
		return "perfect"
	case EndDeckOut:
		return "deck_out"
	}
	return ""
}

// Result is a finished game's outcome with its line of the ABACUS rating scale.
type Result struct {
	Score  int
	Reason EndReason
	Rating string
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
