package variants

import (
	"encoding/json"
	"fmt"
)

// File is a variant as a variant file writes it (see "Variant files" in the
// API document). The catalogue is kept in this same format, so anything the
// catalogue says a file can say.
type File struct {
	Name        string     `json:"name"`
	Title       string     `json:"title"`
	Description string     `json:"description,omitempty"`
	HanabLive   *HanabLive `json:"hanablive,omitempty"` // the catalogue only
	// ClueColors and ClueRanks are nil for the default; an empty list
	// means that no such clue may be given.
	ClueColors *[]string  `json:"clue_colors,omitempty"`
	ClueRanks  *[]int     `json:"clue_ranks,omitempty"`
	EmptyClues *bool      `json:"empty_clues,omitempty"`
	Suits      []FileSuit `json:"suits"`

	SpecialRank            *SpecialRank `json:"special_rank,omitempty"`
	CriticalRank           int          `json:"critical_rank,omitempty"`
	ScarceOnes             bool         `json:"scarce_ones,omitempty"`
	OddsAndEvens           bool         `json:"odds_and_evens,omitempty"`
	Funnels                bool         `json:"funnels,omitempty"`
	Chimneys               bool         `json:"chimneys,omitempty"`
	Synesthesia            bool         `json:"synesthesia,omitempty"`
	ColorCluesTouchNothing bool         `json:"color_clues_touch_nothing,omitempty"`
	RankCluesTouchNothing  bool         `json:"rank_clues_touch_nothing,omitempty"`
	// ClueStarved: a discard or a completed firework turns back half a
	// note token (hanab.live's Clue Starved).
	ClueStarved bool `json:"clue_starved,omitempty"`
	// AlternatingClues: after the first clue, each clue must be of the
	// other type than the one before (hanab.live's Alternating Clues).
	AlternatingClues bool `json:"alternating_clues,omitempty"`
	// Sudoku: two copies of each card (one in a one-of-each suit); each
	// firework starts with any rank no other firework started with and
	// wraps round (hanab.live's Sudoku).
	Sudoku bool `json:"sudoku,omitempty"`
	// StackSize is the highest rank of every suit, 5 unless given (4 in
	// hanab.live's Sudoku (4 Suits)): the ranks above it have no cards.
	StackSize int `json:"stack_size,omitempty"`
	// UpOrDown: each suit has two 1s fewer and a START card; an empty
	// firework takes a 1, a 5 or START, START takes a 2 or a 4, and the
	// first cards fix the direction (hanab.live's Up or Down).
	UpOrDown bool `json:"up_or_down,omitempty"`
	// FaceDownPlays: a card played goes face down; nobody learns what was
	// played or whether it succeeded (the fireworks, the score, the storm
	// tokens used) until the end, and a completed firework turns back no
	// note token (hanab.live's Throw It in a Hole).
	FaceDownPlays bool `json:"face_down_plays,omitempty"`
	// ClueShows is what a clue tells anyone but its giver: "type" (the
	// cards it touched and whether it named a color or a rank, hanab.live's
	// Cow & Pig) or "touches" (only the cards, hanab.live's Duck). Such a
	// clue narrows no card's deductions. Empty: everything.
	ClueShows string `json:"clue_shows,omitempty"`
	// Rules is the rule book the variant's games follow where the ABACUS
	// rules and hanab.live's differ: "abacus" (the default for a file) or
	// "hanablive" (how a game ends, the draw on its last move, who starts,
	// Orange's details; see engine.Rules). The catalogue plays hanab.live's.
	Rules string `json:"rules,omitempty"`
}

// FileSuit is one suit of a variant file.
type FileSuit struct {
	Name string `json:"name"`
	// Colors is the color clues that touch the suit: a list, or one of
	// "all", "none", "prism". Empty means its own name.
	Colors    Colors `json:"colors,omitzero"`
	Ranks     string `json:"ranks,omitempty"` // "own" (default), "all" or "none"
	OneOfEach bool   `json:"one_of_each,omitempty"`
	// SwapsPlayAndDiscard swaps play and discard for the suit's cards
	// (hanab.live's Orange and Dark Orange): a card asked to be played is
	// discarded, one asked to be discarded is played.
	SwapsPlayAndDiscard bool `json:"swaps_play_and_discard,omitempty"`
	// Reversed: the suit is played from 5 down to 1, and its copies are
	// mirrored (one 1 and three 5s), as hanab.live's Reversed suits.
	Reversed bool `json:"reversed,omitempty"`
}

// Colors is a suit's color clues: a list of names, or one keyword.
type Colors struct {
	List    []string
	Keyword string // "all", "none" or "prism"; empty for a list
}

// SpecialRank makes the cards of one rank follow their own clue rules.
type SpecialRank struct {
	Rank   int    `json:"rank"`
	Colors string `json:"colors,omitempty"` // "all" or "none"; empty: as the suit says
	Ranks  string `json:"ranks,omitempty"`  // "all", "none" or "deceptive"; empty: as the suit says
}

// HanabLive names the hanab.live variant with the same rules.
type HanabLive struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

func (c Colors) IsZero() bool { return c.List == nil && c.Keyword == "" }

func (c Colors) MarshalJSON() ([]byte, error) {
	if c.Keyword != "" {
		return json.Marshal(c.Keyword)
	}
	return json.Marshal(c.List)
}

func (c *Colors) UnmarshalJSON(b []byte) error {
	*c = Colors{}
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &c.Keyword); err != nil {
			return err
		}
		switch c.Keyword {
		case "all", "none", "prism":
			return nil
		}
		return fmt.Errorf("%q is not a list of colors, \"all\", \"none\" or \"prism\"", c.Keyword)
	}
	if err := json.Unmarshal(b, &c.List); err != nil {
		return fmt.Errorf("want a list of colors, \"all\", \"none\" or \"prism\"")
	}
	if c.List == nil {
		c.List = []string{}
	}
	return nil
}
