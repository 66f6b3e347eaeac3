package hanablive

import (
	"fmt"
	"sync"

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

// mappings pair hanab.live variants with the rules' own variants; they win
// over the catalogue, so that games of the rules' variants keep their names.
var mappings = []variantMapping{
	{"No Variant", "basic", 0},
	{"6 Suits", "farbrausch", 10},
	{"Black (6 Suits)", "farbrausch", 5},
	{"Rainbow (6 Suits)", "farbrausch2", 10},
	{"Dark Rainbow (6 Suits)", "farbrausch2", 5},
}

// catalogue maps every hanab.live name of the registry's catalogue to its variant.
var catalogue = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, v := range variants.All() {
		if v.Source == variants.SourceHanabLive && v.HanabLive != nil {
			m[v.HanabLive.Name] = v.Name
		}
	}
	return m
})

func fromLive(name string) (variantMapping, error) {
	if name == "" {
		name = DefaultVariant
	}
	for _, m := range mappings {
		if m.Live == name {
			return m, nil
		}
	}
	if v, ok := catalogue()[name]; ok {
		return variantMapping{Live: name, Variant: v}, nil
	}
	return variantMapping{}, fmt.Errorf("%w %q (supported: hanab.live's variants whose rules are data, by their exact names, e.g. %q; see GET /v1/variants)",
		ErrUnknownVariant, name, "Prism (5 Suits)")
}

// LiveName is the hanab.live name of one of our variants under its settings.
func LiveName(variant string, s variants.Settings) (string, error) {
	for _, m := range mappings {
		if m.Variant == variant && m.RainbowCards == s.RainbowCards {
			return m.Live, nil
		}
	}
	if v, err := variants.Get(variant); err == nil && v.Source == variants.SourceHanabLive && v.HanabLive != nil {
		return v.HanabLive.Name, nil
	}
	return "", fmt.Errorf("%w: variant %s with rainbow_cards %d has no hanab.live counterpart", ErrUnknownVariant, variant, s.RainbowCards)
}
