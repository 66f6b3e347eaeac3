package variants

import (
	"fmt"
	"slices"

	"github.com/hanabi-server/hanabi/engine"
)

// Options are a table's choices as a client sends them: nil means the default.
type Options struct {
	StormTokens  *int  `json:"storm_tokens,omitempty" validate:"optional" minimum:"1" maximum:"3"`
	NoteTokens   *int  `json:"note_tokens,omitempty" validate:"optional" minimum:"1" maximum:"16"`
	EmptyClues   *bool `json:"empty_clues,omitempty" validate:"optional"`
	RainbowCards *int  `json:"rainbow_cards,omitempty" validate:"optional" enums:"10,5"`
	// TurnSeconds is each turn's time: 0 (untimed, the default) or 5–86400.
	TurnSeconds *int `json:"turn_seconds,omitempty" validate:"optional" minimum:"0" maximum:"86400"`
	// OnTimeout is what a turn whose time ran out gets: a bot's move for the
	// seat (bot, the default) or the game's end (end).
	OnTimeout *string `json:"on_timeout,omitempty" validate:"optional" enums:"bot,end"`
	// OneExtraCard and OneLessCard deal each player one card more or one
	// less than usual (hanab.live's options of those names); not both.
	OneExtraCard *bool `json:"one_extra_card,omitempty" validate:"optional"`
	OneLessCard  *bool `json:"one_less_card,omitempty" validate:"optional"`
	// DeckPlays: while the deck holds one card, the seat to act may play
	// it blind (hanab.live's bottom-deck blind plays, deckPlays).
	DeckPlays *bool `json:"deck_plays,omitempty" validate:"optional"`
	// AllOrNothing: no last round when the deck runs out; the game ends
	// with 0 as soon as a perfect game is impossible (hanab.live's
	// allOrNothing).
	AllOrNothing *bool `json:"all_or_nothing,omitempty" validate:"optional"`
	// Rules is not chosen: it is the variant's rule book. It is taken only
	// as what a finished game's options say (its replay's, its history's),
	// so that they can be posted back to play the same deal again; any
	// other is refused.
	Rules *string `json:"rules,omitempty" validate:"optional" enums:"abacus,hanablive"`
}

// Settings are options resolved against a variant: every value set and valid.
type Settings struct {
	StormTokens  int    `json:"storm_tokens"`
	NoteTokens   int    `json:"note_tokens"`
	EmptyClues   bool   `json:"empty_clues"`
	RainbowCards int    `json:"rainbow_cards,omitempty" validate:"optional"` // 0 on variants without a rainbow suit
	TurnSeconds  int    `json:"turn_seconds"`
	OnTimeout    string `json:"on_timeout" enums:"bot,end"`
	// OneExtraCard and OneLessCard: hands of one card more or one less
	// than usual. Absent when false, as settings stored before them.
	OneExtraCard bool `json:"one_extra_card,omitempty" validate:"optional"`
	OneLessCard  bool `json:"one_less_card,omitempty" validate:"optional"`
	DeckPlays    bool `json:"deck_plays,omitempty" validate:"optional"`
	AllOrNothing bool `json:"all_or_nothing,omitempty" validate:"optional"`
	// Rules is the rule book the game follows where the ABACUS rules and
	// hanab.live's differ (its end, the draw on its last move, its first
	// turn, Orange's details): the variant's, recorded when the game is
	// created, so that a game always replays under the rules it was played
	// by. Not an option a table chooses. Games stored before it existed
	// have none: the ABACUS rules, which they were played under.
	Rules string `json:"rules" enums:"abacus,hanablive" example:"abacus"`
}

// HandDelta is what the settings add to each hand's usual size.
func (s Settings) HandDelta() int {
	switch {
	case s.OneExtraCard:
		return 1
	case s.OneLessCard:
		return -1
	}
	return 0
}

// Clock fills in the defaults of what settings stored before it existed
// leave empty: on_timeout "" (not given, or stored before the clock
// existed) is bot, and rules "" the ABACUS rules.
func (s Settings) Clock() Settings {
	if s.OnTimeout == "" {
		s.OnTimeout = OnTimeoutBot
	}
	if s.Rules == "" {
		s.Rules = engine.RulesABACUS.String()
	}
	return s
}

// OptionError names the option that is out of range and what is allowed.
type OptionError struct {
	Option string
	Msg    string
}

func (e *OptionError) Error() string { return e.Msg }

// Resolve validates the options for the variant and fills in the defaults.
func (v *Variant) Resolve(o Options) (Settings, error) {
	// OnTimeout stays "" unless given: it means the default, bot (see
	// Clock), and keeps settings that predate the clock equal to new ones.
	s := Settings{StormTokens: DefaultStorm, NoteTokens: DefaultNotes, EmptyClues: v.EmptyClues, Rules: v.Rules.String()}
	if o.Rules != nil && *o.Rules != s.Rules {
		return s, &OptionError{"rules", fmt.Sprintf("rules is %s's own, %s: it cannot be chosen", v.Name, s.Rules)}
	}
	if o.TurnSeconds != nil {
		if n := *o.TurnSeconds; n != 0 && (n < MinTurnSeconds || n > MaxTurnSeconds) {
			return s, &OptionError{"turn_seconds", fmt.Sprintf("turn_seconds must be 0 (untimed) or %d–%d, got %d", MinTurnSeconds, MaxTurnSeconds, n)}
		}
		s.TurnSeconds = *o.TurnSeconds
	}
	if o.OnTimeout != nil {
		if !slices.Contains(OnTimeoutValues, *o.OnTimeout) {
			return s, &OptionError{"on_timeout", fmt.Sprintf("on_timeout must be bot or end, got %q", truncate(*o.OnTimeout, 32))}
		}
		s.OnTimeout = *o.OnTimeout
	}
	if o.StormTokens != nil {
		if n := *o.StormTokens; n < MinStorm || n > MaxStorm {
			return s, &OptionError{"storm_tokens", fmt.Sprintf("storm_tokens must be %d–%d, got %d", MinStorm, MaxStorm, n)}
		}
		s.StormTokens = *o.StormTokens
	}
	if o.NoteTokens != nil {
		if n := *o.NoteTokens; n < MinNotes || n > MaxNotes {
			return s, &OptionError{"note_tokens", fmt.Sprintf("note_tokens must be %d–%d, got %d", MinNotes, MaxNotes, n)}
		}
		s.NoteTokens = *o.NoteTokens
	}
	if o.EmptyClues != nil {
		s.EmptyClues = *o.EmptyClues
	}
	s.OneExtraCard = o.OneExtraCard != nil && *o.OneExtraCard
	s.OneLessCard = o.OneLessCard != nil && *o.OneLessCard
	s.DeckPlays = o.DeckPlays != nil && *o.DeckPlays
	s.AllOrNothing = o.AllOrNothing != nil && *o.AllOrNothing
	if s.OneExtraCard && s.OneLessCard {
		return s, &OptionError{"one_less_card", "one_extra_card and one_less_card cannot both be true"}
	}
	if v.HasRainbow() {
		s.RainbowCards = DefaultRainbowCards
		if o.RainbowCards != nil {
			if !slices.Contains(RainbowCardCounts, *o.RainbowCards) {
				return s, &OptionError{"rainbow_cards", fmt.Sprintf("rainbow_cards must be 10 or 5, got %d", *o.RainbowCards)}
			}
			s.RainbowCards = *o.RainbowCards
		}
	} else if o.RainbowCards != nil {
		return s, &OptionError{"rainbow_cards", fmt.Sprintf("rainbow_cards applies only to variants with a rainbow suit, not %s", v.Name)}
	}
	return s, nil
}

// Options returns the settings as explicit options, e.g. to store or compare them.
func (s Settings) Options() Options {
	o := Options{StormTokens: &s.StormTokens, NoteTokens: &s.NoteTokens, EmptyClues: &s.EmptyClues, TurnSeconds: &s.TurnSeconds}
	if s.OnTimeout != "" {
		o.OnTimeout = &s.OnTimeout
	}
	if s.RainbowCards != 0 {
		o.RainbowCards = &s.RainbowCards
	}
	if s.OneExtraCard {
		o.OneExtraCard = &s.OneExtraCard
	}
	if s.OneLessCard {
		o.OneLessCard = &s.OneLessCard
	}
	if s.DeckPlays {
		o.DeckPlays = &s.DeckPlays
	}
	if s.AllOrNothing {
		o.AllOrNothing = &s.AllOrNothing
	}
	return o
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
