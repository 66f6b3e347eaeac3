package engine

// Rules is the rule book a game follows where the ABACUS rules and
// hanab.live's differ: when a game ends, whether the move that ends it
// draws, who takes the first turn, two details of the suits that swap play
// and discard, and whether a seat may rearrange its hand. A variant says
// which (its rules are data); the zero value is the ABACUS rules, which
// every game stored before the choice existed was played under.
type Rules uint8

const (
	// RulesABACUS are the rule book's: a game ends at a perfect score, at
	// the last storm token, or when the last round after the last draw is
	// over; the move that ends it draws nothing; seat 0 starts; at the note
	// maximum only a card its holder may think swaps play and discard may
	// be discarded, and only the deck's last card may be played blind. A
	// seat may rearrange its hand at any time (Rearrange), which hanab.live
	// has no action for.
	RulesABACUS Rules = iota
	// RulesHanabLive are hanab.live's (its server's end checks and action
	// handlers, server/src/game.go and command_action.go): a game also ends
	// as soon as the score reaches the highest score still possible
	// (EndMaxPossible), or when no card that could extend a firework is left
	// in the deck or in a hand that gets another turn (EndNoPlayable); every
	// play and discard draws before the end is judged; the seed picks the
	// seat that starts (Config.FirstSeat); and in a variant with a suit that
	// swaps play and discard any card may be discarded at the note maximum,
	// and with deck plays the deck's last card may be discarded blind too.
	RulesHanabLive
)

func (r Rules) String() string {
	switch r {
	case RulesABACUS:
		return "abacus"
	case RulesHanabLive:
		return "hanablive"
	}
	return "unknown"
}

// ParseRules reads a rule set by its String; "" is the ABACUS rules, the
// zero value.
func ParseRules(s string) (Rules, bool) {
	switch s {
	case "", "abacus":
		return RulesABACUS, true
	case "hanablive":
		return RulesHanabLive, true
	}
	return 0, false
}

// DiscardsAtMax reports whether any card may be discarded at the note
// maximum: under hanab.live's rules in a variant with a suit that swaps
// play and discard (the discard may be a play, and hanab.live does not ask
// what the holder knows).
func (c *Config) DiscardsAtMax() bool {
	return c.Rules == RulesHanabLive && c.hasSwapped()
}

// DiscardsDeck reports whether the deck's last card may be discarded blind
// as well as played (Config.DeckPlays): under hanab.live's rules, in a
// variant with a suit that swaps play and discard.
func (c *Config) DiscardsDeck() bool {
	return c.DeckPlays && c.DiscardsAtMax()
}

func (c *Config) hasSwapped() bool {
	for _, s := range c.Suits {
		if s.Swapped {
			return true
		}
	}
	return false
}
