package hanablive

import "github.com/hanabi-server/hanabi/engine"

// Game is a game in hanab.live's JSON format, as Export writes it and Decode reads it.
type Game struct {
	Players []string `json:"players"`
	Deck    []Card   `json:"deck"`
	Actions []Action `json:"actions"`
	Options Options  `json:"options"`
	Seed    string   `json:"seed,omitempty" validate:"optional"`
	// Notes are the players' card notes, as hanab.live keeps them:
	// notes[player][card id], "" for none, then one a suit for its stack
	// base; left out when nobody wrote one. Import keeps them as they are
	// (Replay.Notes) after hanab.live's checks: a list a player, none
	// longer than the deck and the stack bases.
	Notes [][]string `json:"notes,omitempty" validate:"optional"`
}

// Card is one deck card. SuitIndex is an index into the variant's suits.
type Card struct {
	SuitIndex int `json:"suitIndex"`
	Rank      int `json:"rank"`
}

// ActionType is hanab.live's action code.
type ActionType int

const (
	ActionPlay      ActionType = 0
	ActionDiscard   ActionType = 1
	ActionColorClue ActionType = 2
	ActionRankClue  ActionType = 3
	ActionGameOver  ActionType = 4
	// ActionGameOverByVote is hanab.live's end by its players' votes:
	// target -1, value EndConditionTerminatedByVote.
	ActionGameOverByVote ActionType = 5
)

// Action is one entry of the log. Target is a card id (play, discard) or a
// seat (clues, game over; -1 for an end by vote); Value a color index or
// rank (clues), hanab.live's end condition (game over), and 0 otherwise.
type Action struct {
	Type   ActionType `json:"type"`
	Target int        `json:"target"`
	Value  int        `json:"value"`
}

// hanab.live's end conditions that a game-over action may carry (its
// "endCondition" constants); others are kept as the bare number.
const (
	EndConditionTimeout     = 3
	EndConditionTerminated  = 4
	EndConditionIdleTimeout = 6
	// EndConditionTerminatedByVote: hanab.live's end by its players' votes,
	// written as an action of type 5 (ActionGameOverByVote) with target -1.
	EndConditionTerminatedByVote = 10
)

// endConditions maps the engine's forced ends to hanab.live's conditions,
// which it scores the same way (0).
var endConditions = map[engine.EndReason]int{
	engine.EndTerminated: EndConditionTerminated,
	engine.EndTimeout:    EndConditionTimeout,
	engine.EndIdle:       EndConditionIdleTimeout,
}

// Options are the game's options. StormTokens and NoteTokens are this
// server's extensions (see the package documentation); StartingPlayer (the
// seat that takes the first turn), DeckPlays, OneExtraCard, OneLessCard
// and AllOrNothing are played; DetrimentalCharacters and Speedrun are
// refused when set.
type Options struct {
	Variant     string `json:"variant,omitempty" validate:"optional"`
	EmptyClues  bool   `json:"emptyClues,omitempty" validate:"optional"`
	StormTokens *int   `json:"stormTokens,omitempty" validate:"optional"`
	NoteTokens  *int   `json:"noteTokens,omitempty" validate:"optional"`
	// Rules is this server's extension for a game played by other rules
	// than hanab.live's: "abacus" for the ABACUS rules (written only then);
	// absent, hanab.live's.
	Rules string `json:"rules,omitempty" validate:"optional" enums:"abacus,hanablive"`

	StartingPlayer        int  `json:"startingPlayer,omitempty" validate:"optional"`
	DeckPlays             bool `json:"deckPlays,omitempty" validate:"optional"`
	OneExtraCard          bool `json:"oneExtraCard,omitempty" validate:"optional"`
	OneLessCard           bool `json:"oneLessCard,omitempty" validate:"optional"`
	AllOrNothing          bool `json:"allOrNothing,omitempty" validate:"optional"`
	DetrimentalCharacters bool `json:"detrimentalCharacters,omitempty" validate:"optional"`
	// Speedrun is hanab.live's speedrun table, which ends a game, scored 0,
	// once a perfect score is out of reach: refused when set.
	Speedrun bool `json:"speedrun,omitempty" validate:"optional"`
}

// hanab.live's fixed token counts: extension fields equal to these are omitted.
const (
	liveStormTokens = 3
	liveNoteTokens  = 8
)
