// Package variants is the registry of the game's variants, kept as data: the
// suits, which clue colors touch each, and the options a table may choose.
// It turns a variant, its options and a player count into an engine.Config.
package variants

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
)

// SuitDef is a suit as data: its cards (a multiset of ranks) and, for each
// rank, which clues touch such a card.
type SuitDef struct {
	Name string
	// CluedBy is the clue colors that touch every card of the suit.
	CluedBy []string
	Ranks   []int
	// Touches[r-1] is which clues touch a card of rank r: bits of the
	// variant's ClueColors, and bit n for a rank clue naming n.
	Touches []engine.Touch
	// Rainbow suits take their card count from the rainbow_cards option.
	Rainbow bool
	// Swapped: the suit swaps play and discard (see FileSuit).
	Swapped bool
	// Reversed: the suit is played from its highest rank down (see FileSuit).
	Reversed bool
}

// Sources of a variant.
const (
	SourceRules     = "rules"     // the variants of the rules
	SourceHanabLive = "hanablive" // the catalogue of hanab.live's variants
	SourceFile      = "file"      // a variant file of HANABI_VARIANTS_DIR
)

// Variant is one entry of the registry.
type Variant struct {
	Name        string
	Title       string
	Description string
	Source      string
	HanabLive   *HanabLive // the hanab.live variant with the same rules; nil if none
	Suits       []SuitDef
	ClueColors  []string
	ClueRanks   []int
	EmptyClues  bool // the empty_clues option's default
	// The rules beyond the cards (see File): half note tokens, and clue
	// types that alternate.
	ClueStarved      bool
	AlternatingClues bool
	Sudoku           bool
	UpOrDown         bool
	FaceDownPlays    bool
	ClueShows        engine.ClueShows
	// Rules is the rule book its games follow where the ABACUS rules and
	// hanab.live's differ (see engine.Rules): hanab.live's for the
	// catalogue, the ABACUS rules for the rules' own variants, and what a
	// variant file says (the ABACUS rules unless it says "hanablive").
	Rules engine.Rules
}

// TouchColors is the names of the clue colors that touch a card of suit s and rank r.
func (v *Variant) TouchColors(s, r int) []string {
	return colorNames(v.Suits[s].touch(r).Colors, v.ClueColors)
}

// TouchRanks is the rank clues that touch a card of suit s and rank r.
func (v *Variant) TouchRanks(s, r int) []int {
	out := []int{}
	t := v.Suits[s].touch(r)
	for _, n := range v.ClueRanks {
		if t.Ranks&(1<<n) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// colorNames is the colors whose bits mask sets (bit i: colors[i]), in
// colors' order.
func colorNames(mask uint8, colors []string) []string {
	out := []string{}
	for ci, c := range colors {
		if mask&(1<<ci) != 0 {
			out = append(out, c)
		}
	}
	return out
}

func (s *SuitDef) touch(r int) engine.Touch {
	if r < 1 || r > len(s.Touches) {
		return engine.Touch{}
	}
	return s.Touches[r-1]
}

var oneOfEach = []int{1, 2, 3, 4, 5}

// Allowed values of the options, shared by every variant.
const (
	MinStorm, MaxStorm, DefaultStorm = 1, 3, 3
	MinNotes, MaxNotes, DefaultNotes = 1, 16, 8
	DefaultRainbowCards              = 10
	MinPlayers, MaxPlayers           = 2, engine.MaxPlayers
	// A turn clock is off (0) or MinTurnSeconds–MaxTurnSeconds a turn.
	MinTurnSeconds, MaxTurnSeconds = 5, 86400
)

// What happens when a turn's time runs out (the on_timeout option): a bot
// makes the move for the seat (the default), or the game ends.
const (
	OnTimeoutBot = "bot"
	OnTimeoutEnd = "end"
)

// OnTimeoutValues are the allowed values of on_timeout.
var OnTimeoutValues = []string{OnTimeoutBot, OnTimeoutEnd}

// RainbowCardCounts are the allowed values of rainbow_cards.
var RainbowCardCounts = []int{10, 5}

var ErrUnknownVariant = errors.New("unknown variant")

// HasRainbow reports whether the variant takes the rainbow_cards option.
func (v *Variant) HasRainbow() bool {
	return slices.ContainsFunc(v.Suits, func(s SuitDef) bool { return s.Rainbow })
}

// SuitRanks is the multiset of ranks of suit s under the settings.
func (v *Variant) SuitRanks(s SuitDef, set Settings) []int {
	if s.Rainbow && set.RainbowCards == 5 && !v.UpOrDown {
		return oneOfEach
	}
	return s.Ranks
}

// MaxScore of a perfect game of this variant.
func (v *Variant) MaxScore() int {
	n := 0
	for _, s := range v.Suits {
		n += engine.StackSize(s.Ranks, v.UpOrDown)
	}
	return n
}

// Config builds the engine's configuration for a table of the given size.
func (v *Variant) Config(set Settings, players int) (engine.Config, error) {
	if players < MinPlayers || players > MaxPlayers {
		return engine.Config{}, &OptionError{Option: "players", Msg: fmt.Sprintf("players must be %d–%d, got %d", MinPlayers, MaxPlayers, players)}
	}
	rules, ok := engine.ParseRules(set.Rules)
	if !ok {
		return engine.Config{}, &OptionError{Option: "rules", Msg: fmt.Sprintf("rules must be abacus or hanablive, got %q", truncate(set.Rules, 32))}
	}
	cfg := engine.Config{
		ClueColors:  v.ClueColors,
		ClueRanks:   v.ClueRanks,
		Players:     players,
		StormTokens: set.StormTokens,
		NoteTokens:  set.NoteTokens,
		EmptyClues:  set.EmptyClues,
		HandDelta:   set.HandDelta(),

		DeckPlays:    set.DeckPlays,
		AllOrNothing: set.AllOrNothing,

		ClueStarved:      v.ClueStarved,
		AlternatingClues: v.AlternatingClues,
		Sudoku:           v.Sudoku,
		UpOrDown:         v.UpOrDown,
		FaceDownPlays:    v.FaceDownPlays,
		ClueShows:        v.ClueShows,
		Rules:            rules,
	}
	cfg.Suits = make([]engine.Suit, len(v.Suits))
	for i, s := range v.Suits {
		cfg.Suits[i] = engine.Suit{Name: s.Name, Ranks: v.SuitRanks(s, set), Touches: s.Touches, Swapped: s.Swapped, Reversed: s.Reversed}
	}
	return cfg, cfg.Validate()
}
