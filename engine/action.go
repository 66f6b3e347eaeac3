package engine

// Kind is what a player does on a turn.
type Kind uint8

const (
	Play Kind = iota
	Discard
	ColorClue
	RankClue
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

// IsClue reports whether the action is a clue of either kind.
func (a Action) IsClue() bool { return a.Kind == ColorClue || a.Kind == RankClue }
