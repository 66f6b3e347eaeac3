package hanablive

import (
	"fmt"
	"strings"

	"github.com/hanabi-server/hanabi/variants"
)

// DefaultVariant is what hanab.live assumes when a game names no variant.
const DefaultVariant = "No Variant"

// variantMapping pairs a hanab.live variant with ours. RainbowCards is 0 for
// variants without a rainbow suit, as in variants.Settings.
type variantMapping struct {
	Live         string
	Variant      string
	RainbowCards int
}

// mappings is the whole correspondence; both directions read it.
var mappings = []variantMapping{
	{"No Variant", "basic", 0},
	{"6 Suits", "farbrausch", 10},
	{"Black (6 Suits)", "farbrausch", 5},
	{"Rainbow (6 Suits)", "farbrausch2", 10},
	{"Dark Rainbow (6 Suits)", "farbrausch2", 5},
}

// Variants lists the hanab.live variant names that import and export support.
func Variants() []string {
	out := make([]string, len(mappings))
	for i, m := range mappings {
		out[i] = m.Live
	}
	return out
}

func fromLive(name string) (variantMapping, error) {
	if name == "" {
		name = DefaultVariant
	}
	for _, m := range mappings {
		if m.Live == name {
			return m, nil
		}
	}
	return variantMapping{}, fmt.Errorf("%w %q (supported: %s)", ErrUnknownVariant, name, strings.Join(Variants(), ", "))
}

// LiveName is the hanab.live name of one of our variants under its settings.
func LiveName(variant string, s variants.Settings) (string, error) {
	for _, m := range mappings {
		if m.Variant == variant && m.RainbowCards == s.RainbowCards {
			return m.Live, nil
		}
	}
	return "", fmt.Errorf("%w: variant %s with rainbow_cards %d has no hanab.live counterpart", ErrUnknownVariant, variant, s.RainbowCards)
}
