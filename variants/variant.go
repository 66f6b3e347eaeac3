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

// SuitDef is a suit as data. CluedBy names the clue colors that touch it: its
// own color, every color (Farbrausch²'s rainbow), or none.
type SuitDef struct {
	Name    string
	CluedBy []string
	Ranks   []int
	// Rainbow suits take their card count from the rainbow_cards option.
	Rainbow bool
}

// Variant is one entry of the registry.
type Variant struct {
	Name        string
	Title       string
	Description string
	Suits       []SuitDef
	ClueColors  []string
	ClueRanks   []int
}

var standardRanks = []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5}
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
	if s.Rainbow && set.RainbowCards == 5 {
		return oneOfEach
	}
	return s.Ranks
}

// MaxScore of a perfect game of this variant.
func (v *Variant) MaxScore() int {
	n := 0
	for _, s := range v.Suits {
		n += slices.Max(s.Ranks)
	}
	return n
}

// Config builds the engine's configuration for a table of the given size.
func (v *Variant) Config(set Settings, players int) (engine.Config, error) {
	if players < MinPlayers || players > MaxPlayers {
		return engine.Config{}, &OptionError{Option: "players", Msg: fmt.Sprintf("players must be %d–%d, got %d", MinPlayers, MaxPlayers, players)}
	}
	cfg := engine.Config{
		ClueColors:  v.ClueColors,
		ClueRanks:   v.ClueRanks,
		Players:     players,
		StormTokens: set.StormTokens,
		NoteTokens:  set.NoteTokens,
		EmptyClues:  set.EmptyClues,
	}
	for _, s := range v.Suits {
		es := engine.Suit{Name: s.Name, Ranks: v.SuitRanks(s, set)}
		for _, c := range s.CluedBy {
			i := slices.Index(v.ClueColors, c)
			if i < 0 {
				return engine.Config{}, fmt.Errorf("variant %s: suit %s names unknown clue color %s", v.Name, s.Name, c)
			}
			es.CluedBy = append(es.CluedBy, i)
		}
		cfg.Suits = append(cfg.Suits, es)
	}
	return cfg, cfg.Validate()
}
