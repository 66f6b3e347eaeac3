package variants

import (
	"fmt"
	"strings"

	"github.com/hanabi-server/hanabi/engine"
)

// Config is the engine configuration a variant resolves to.
type Config = engine.Config

var colors5 = []string{"red", "yellow", "green", "blue", "white"}
var ranks5 = []int{1, 2, 3, 4, 5}

func ownColorSuits(names ...string) []SuitDef {
	out := make([]SuitDef, len(names))
	for i, n := range names {
		out[i] = SuitDef{Name: n, CluedBy: []string{n}, Ranks: standardRanks}
	}
	return out
}

// registry holds every variant, in the order they are listed.
var registry = []Variant{
	{
		Name:        "basic",
		Title:       "Hanabi",
		Description: "The basic game: five suits of ten cards.",
		Suits:       ownColorSuits(colors5...),
		ClueColors:  colors5,
		ClueRanks:   ranks5,
	},
	{
		Name:        "farbrausch",
		Title:       "Farbrausch",
		Description: "Rainbow is a sixth suit with its own clue color.",
		Suits:       append(ownColorSuits(colors5...), SuitDef{Name: "rainbow", CluedBy: []string{"rainbow"}, Ranks: standardRanks, Rainbow: true}),
		ClueColors:  append(append([]string{}, colors5...), "rainbow"),
		ClueRanks:   ranks5,
	},
	{
		Name:        "farbrausch2",
		Title:       "Farbrausch²",
		Description: "Rainbow is a sixth suit that no clue can name: every color clue touches it.",
		Suits:       append(ownColorSuits(colors5...), SuitDef{Name: "rainbow", CluedBy: colors5, Ranks: standardRanks, Rainbow: true}),
		ClueColors:  colors5,
		ClueRanks:   ranks5,
	},
}

// All lists every registered variant.
func All() []Variant { return registry }

// Get finds a variant by name.
func Get(name string) (*Variant, error) {
	for i := range registry {
		if registry[i].Name == name {
			return &registry[i], nil
		}
	}
	names := make([]string, len(registry))
	for i, v := range registry {
		names[i] = v.Name
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownVariant, name, strings.Join(names, ", "))
}

// Setup resolves a variant, its options and a player count into an engine config
// and the resolved settings, the one call a game's creator needs.
func Setup(name string, o Options, players int) (*Variant, Settings, Config, error) {
	v, err := Get(name)
	if err != nil {
		return nil, Settings{}, Config{}, err
	}
	s, err := v.Resolve(o)
	if err != nil {
		return nil, Settings{}, Config{}, err
	}
	cfg, err := v.Config(s, players)
	return v, s, cfg, err
}
