package analysis

// Loss is a move after which max_reachable fell.
type Loss struct {
	// Turn is the turn the move was made on: turns[turn].max_reachable is
	// From, turns[turn+1].max_reachable To.
	Turn int    `json:"turn"`
	Move Move   `json:"move"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Why  string `json:"why"`
}

// Move is one entry of the log as a player reads it.
type Move struct {
	Turn int `json:"turn"`
	Seat int `json:"seat"`
	// Type is play, discard, clue, or end for a game a seat, a vote or
	// the clock ended.
	Type string `json:"type" enums:"play,discard,clue,end"`
	// Card is the card played or discarded, with its Suit and Rank.
	Card *int   `json:"card,omitempty" validate:"optional"`
	Suit string `json:"suit,omitempty" validate:"optional"`
	Rank int    `json:"rank,omitempty" validate:"optional"`
	// Target is a clue's seat, and Color or Value what it named (Value
	// the rank).
	Target *int   `json:"target,omitempty" validate:"optional"`
	Color  string `json:"color,omitempty" validate:"optional"`
	Value  int    `json:"value,omitempty" validate:"optional"`
	// Text is the move in words: "seat 1 discards red 4".
	Text string `json:"text"`
}

// Endgame is a state near the end: the chance of each move of the seat to
// act to keep the best score within reach.
type Endgame struct {
	Turn      int `json:"turn"`
	Seat      int `json:"seat"`
	DeckCount int `json:"deck_count"`
	// Target is the score a deal counts as won at: the state's
	// max_reachable.
	Target int `json:"target"`
	// Deals is the number of deals consistent with what the seat knew:
	// its own cards and the deck's order unknown, its own cards as its
	// clues allow. Solved of them were solved: every one when Exact,
	// otherwise that many drawn uniformly at random.
	Deals  int64 `json:"deals"`
	Solved int   `json:"solved"`
	Exact  bool  `json:"exact"`
	// Moves holds every legal move of the seat, in the engine's order.
	Moves []MoveChance `json:"moves"`
}

// MoveChance is a move and the share of the deals solved in which, after
// it, Target is still reachable with every card known.
type MoveChance struct {
	Move Move    `json:"move"`
	Win  float64 `json:"win"`
}
