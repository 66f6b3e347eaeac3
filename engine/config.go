package engine

import (
	"fmt"
	"slices"
)

// Fixed bounds let a game live in small arrays, so that applying an action
// allocates nothing. Every real variant fits well inside them.
const (
	MaxPlayers = 6
	MaxHand    = 5
	MaxSuits   = 8
	MaxRank    = 7
	MaxDeck    = 64 // card ids fit one uint64 bit set
	MaxColors  = 8
)

// Suit is one firework: the ranks of its cards (a multiset, e.g. 1,1,1,2,2,3,3,4,4,5)
// and the clue colors that touch its cards, as indices into Config.ClueColors.
// A suit that no color clue touches is legal; one touched by every color is
// Farbrausch²'s rainbow.
type Suit struct {
	Name    string
	Ranks   []int
	CluedBy []int
}

// Config is everything the rules need to know about one game: the cards, which
// clues exist and whom they touch, and the table options. The engine never
// learns a variant's name.
type Config struct {
	Suits       []Suit
	ClueColors  []string // colors a player may name
	ClueRanks   []int    // ranks a player may name
	Players     int
	StormTokens int
	NoteTokens  int
	EmptyClues  bool // a clue may touch no card (ABACUS); false as hanab.live plays
}

// HandSize is the number of cards each player holds: 5 with 2–3 players,
// 4 with 4–5, 3 with 6.
func HandSize(players int) int {
	switch {
	case players <= 3:
		return 5
	case players <= 5:
		return 4
	default:
		return 3
	}
}

// DeckSize is the number of cards in the variant's deck.
func (c *Config) DeckSize() int {
	n := 0
	for _, s := range c.Suits {
		n += len(s.Ranks)
	}
	return n
}

// MaxScore is the score of a perfect game: each suit's highest rank, summed.
func (c *Config) MaxScore() int {
	n := 0
	for _, s := range c.Suits {
		n += slices.Max(s.Ranks)
	}
	return n
}

// Validate reports the first way the config falls outside what the engine can play.
func (c *Config) Validate() error {
	if c.Players < 2 || c.Players > MaxPlayers {
		return fmt.Errorf("players must be 2–%d, got %d", MaxPlayers, c.Players)
	}
	if len(c.Suits) == 0 || len(c.Suits) > MaxSuits {
		return fmt.Errorf("a variant needs 1–%d suits, got %d", MaxSuits, len(c.Suits))
	}
	if len(c.ClueColors) > MaxColors {
		return fmt.Errorf("at most %d clue colors, got %d", MaxColors, len(c.ClueColors))
	}
	for _, s := range c.Suits {
		if len(s.Ranks) == 0 {
			return fmt.Errorf("suit %q has no cards", s.Name)
		}
		for _, r := range s.Ranks {
			if r < 1 || r > MaxRank {
				return fmt.Errorf("suit %q has rank %d outside 1–%d", s.Name, r, MaxRank)
			}
		}
		for _, col := range s.CluedBy {
			if col < 0 || col >= len(c.ClueColors) {
				return fmt.Errorf("suit %q is touched by unknown color index %d", s.Name, col)
			}
		}
	}
	for _, r := range c.ClueRanks {
		if r < 1 || r > MaxRank {
			return fmt.Errorf("clue rank %d outside 1–%d", r, MaxRank)
		}
	}
	if n := c.DeckSize(); n > MaxDeck || n < c.Players*HandSize(c.Players) {
		return fmt.Errorf("deck of %d cards cannot be dealt to %d players (at most %d cards)", n, c.Players, MaxDeck)
	}
	if c.StormTokens < 1 {
		return fmt.Errorf("storm tokens must be at least 1, got %d", c.StormTokens)
	}
	if c.NoteTokens < 1 {
		return fmt.Errorf("note tokens must be at least 1, got %d", c.NoteTokens)
	}
	return nil
}

// rules is the config compiled into lookup tables for the hot path.
type rules struct {
	cfg        Config
	handSize   int
	deckSize   int
	maxScore   int
	topRank    [MaxSuits]uint8  // highest rank of each suit: playing it completes the firework
	colorSuits [MaxColors]uint8 // bit set of suits each color clue touches
	allSuits   uint8
	allRanks   uint8 // ranks that exist in the deck
}

func compileInto(r *rules, c Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	*r = rules{cfg: c, handSize: HandSize(c.Players), deckSize: c.DeckSize(), maxScore: c.MaxScore()}
	for si, s := range c.Suits {
		r.topRank[si] = uint8(slices.Max(s.Ranks))
		r.allSuits |= 1 << si
		for _, rk := range s.Ranks {
			r.allRanks |= 1 << rk
		}
		for col := range c.ClueColors {
			if c.ColorTouches(col, si) {
				r.colorSuits[col] |= 1 << si
			}
		}
	}
	return nil
}
