package engine

import "fmt"

// Error is an illegal move. Code is stable and machine-readable; the api maps
// it to a status. Details are wrapped around it with %w and name only seats,
// card ids, colors and ranks the caller already knows, never a hidden card.
type Error struct {
	Code string
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

var (
	ErrGameOver     = &Error{"game_over", "the game has ended"}
	ErrNotYourTurn  = &Error{"not_your_turn", "not your turn"}
	ErrNoNoteTokens = &Error{"no_note_tokens", "no note token is left to give a clue"}
	ErrNotesFull    = &Error{"notes_full", "all note tokens are available, so no card may be discarded"}
	ErrSelfClue     = &Error{"self_clue", "a clue must go to another player"}
	ErrNoSuchSeat   = &Error{"no_such_seat", "no such seat"}
	ErrUnknownColor = &Error{"unknown_color", "that color cannot be named"}
	ErrUnknownRank  = &Error{"unknown_rank", "that rank cannot be named"}
	ErrEmptyClue    = &Error{"empty_clue", "the clue touches no card, and empty clues are off"}
	// ErrClueTypeRepeated: with alternating clues, a clue of the same type
	// as the clue before it.
	ErrClueTypeRepeated = &Error{"clue_type_repeated", "clues must alternate between color and rank: this clue has the type of the one before"}
	ErrCardNotInHand    = &Error{"card_not_in_hand", "that card is not in your hand"}
	ErrBadAction        = &Error{"bad_action", "unknown action type"}
	ErrBadClue          = &Error{"bad_clue", "a clue names exactly one color or one rank"}
	ErrBadEnd           = &Error{"bad_end", "a game can only be ended as terminated, timeout or idle"}
	ErrAlreadyLeft      = &Error{"already_left", "that seat has already left"}
	// ErrNoRearrange: a rearrangement under rules that have none
	// (hanab.live's keep each hand in the order it was drawn).
	ErrNoRearrange = &Error{"no_rearrange", "these rules have no rearranging of a hand: each hand stays in the order it was drawn"}
	ErrBadOrder    = &Error{"bad_order", "a hand's new order lists each of its card ids exactly once"}
	// ErrSameOrder: a rearrangement that would leave the hand as it is; a
	// server may take it as done.
	ErrSameOrder      = &Error{"same_order", "the hand is already in that order"}
	ErrRearrangeLimit = &Error{"rearrange_limit", "a seat may rearrange its hand at most 6 times between two moves"}
	ErrNotYourHand    = &Error{"not_your_hand", "a seat may rearrange only its own hand"}
	// ErrPaused: a move while the game is paused (see Pause).
	ErrPaused = &Error{"paused", "the game is paused: no move is made until a player resumes it"}
	// ErrNotPaused: a Resume of a game that is not paused.
	ErrNotPaused = &Error{"not_paused", "the game is not paused"}
	// ErrSameVote: a vote that is already the seat's (to end, or not).
	ErrSameVote    = &Error{"same_vote", "that vote is already the seat's"}
	ErrNotYourVote = &Error{"not_your_vote", "a seat may vote, pause or resume only for itself"}
)

func wrap(e *Error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{e}, args...)...)
}
