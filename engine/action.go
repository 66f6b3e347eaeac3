package engine

// Kind is what a player does on a turn.
type Kind uint8

const (
	Play Kind = iota
	Discard
	ColorClue
	RankClue
	// End closes the game for everyone before its natural end: Target is
	// the seat it is charged to, Value its EndReason (EndTerminated,
	// EndTimeout, EndIdle). It is not a turn.
	End
	// Leave records that seat Target left the table (a bot took over). It
	// changes nothing in play and is not a turn; it is in the log so that
	// replays and events tell it.
	Leave
	// HiddenClue is a clue as a viewer sees it who may not know whether it
	// named a color or a rank (see Config.ClueShows). Only views and events
	// carry it; it is never a move.
	HiddenClue
	// Rearrange records that seat Target put its own hand in a new order
	// (see RearrangeHand; Value encodes the order). It is not a turn, and
	// only the ABACUS rules have it (Config.Rearranges).
	Rearrange
	// Vote records seat Target's vote to end the game (Value 1) or its
	// vote taken back (Value 0); enough votes end it (VotesToEnd). It is
	// not a turn.
	Vote
	// Pause stops a game's play, Resume starts it again, each asked for by
	// seat Target: no move is made while a game is paused. Neither is a
	// turn. A Pause's Value is the server's own (its turn clock's time
	// left): the rules do not read it.
	Pause
	Resume
)

func (k Kind) String() string {
	switch k {
	case Play:
		return "play"
	case Discard:
		return "discard"
	case ColorClue:
		return "color_clue"
	case RankClue:
		return "rank_clue"
	case End:
		return "end"
	case Leave:
		return "leave"
	case HiddenClue:
		return "hidden_clue"
	case Rearrange:
		return "rearrange"
	case Vote:
		return "vote"
	case Pause:
		return "pause"
	case Resume:
		return "resume"
	}
	return "unknown"
}

// Action is one move. Card is a deck id (play, discard); Target a seat and
// Value a color index or a rank (clues). The acting seat is always the
// current one, so it is not part of the action.
type Action struct {
	Kind   Kind
	Card   int
	Target int
	Value  int
}

func PlayCard(id int) Action       { return Action{Kind: Play, Card: id} }
func DiscardCard(id int) Action    { return Action{Kind: Discard, Card: id} }
func ClueColor(seat, c int) Action { return Action{Kind: ColorClue, Target: seat, Value: c} }
func ClueRank(seat, r int) Action  { return Action{Kind: RankClue, Target: seat, Value: r} }

// EndGame closes the game, charged to seat, for reason (EndTerminated,
// EndTimeout or EndIdle).
func EndGame(seat int, reason EndReason) Action {
	return Action{Kind: End, Target: seat, Value: int(reason)}
}

// LeaveSeat records that seat left the table.
func LeaveSeat(seat int) Action { return Action{Kind: Leave, Target: seat} }

// VoteToEnd is seat's vote to end the game, or (for false) its vote taken
// back.
func VoteToEnd(seat int, end bool) Action {
	v := 0
	if end {
		v = 1
	}
	return Action{Kind: Vote, Target: seat, Value: v}
}

// PauseGame and ResumeGame pause and resume the game at seat's request.
func PauseGame(seat int) Action  { return Action{Kind: Pause, Target: seat} }
func ResumeGame(seat int) Action { return Action{Kind: Resume, Target: seat} }

// IsMove reports whether the action is a turn of play (play, discard, clue)
// rather than an entry about the table (End, Leave, Rearrange, Vote, Pause,
// Resume).
func (a Action) IsMove() bool { return a.Kind <= RankClue }

// IsClue reports whether the action is a clue of either kind.
func (a Action) IsClue() bool { return a.Kind == ColorClue || a.Kind == RankClue }
