package bots

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownStrategy is returned by Get for a name that is not registered.
var ErrUnknownStrategy = errors.New("unknown bot strategy")

// registry lists the strategies in the order List shows them: the weakest,
// simplest first.
var registry = []Strategy{
	{Name: "random", Description: "a uniformly random legal move: for tests and fuzzing", New: newRandom},
	{Name: "conventions", Description: "a readable rule-based player: plays clued cards, saves critical cards, discards known trash", New: swapAware(newConventions)},
	{Name: "hgroup", Description: "plays and reads the H-group conventions (hanabi.github.io: beginner's guide, levels 1-2 and parts of later levels), saying why for each move: a partner for people", New: newHgroup},
	{Name: "hat", Description: "the hat-guessing information strategy: every clue tells every other player something", New: newHat},
}

// List returns every registered strategy.
func List() []Strategy {
	out := make([]Strategy, len(registry))
	copy(out, registry)
	return out
}

// Get finds a strategy by name.
func Get(name string) (Strategy, error) {
	for _, s := range registry {
		if s.Name == name {
			return s, nil
		}
	}
	names := make([]string, len(registry))
	for i, s := range registry {
		names[i] = s.Name
	}
	return Strategy{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownStrategy, name, strings.Join(names, ", "))
}
