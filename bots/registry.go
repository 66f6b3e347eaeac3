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

// unlisted are strategies that Get finds and the simulator plays, but that
// List does not offer yet: the server offers List's strategies, and names
// each in its API document (the BotSeat strategy enum), so a strategy moves
// to the registry when the server is ready to name it.
var unlisted = []Strategy{}

// Unlisted returns the strategies Get finds that List does not offer.
func Unlisted() []Strategy {
	out := make([]Strategy, len(unlisted))
	copy(out, unlisted)
	return out
}

// List returns every registered strategy.
func List() []Strategy {
	out := make([]Strategy, len(registry))
	copy(out, registry)
	return out
}

// Get finds a strategy by name.
func Get(name string) (Strategy, error) {
	all := append(List(), unlisted...)
	for _, s := range all {
		if s.Name == name {
			return s, nil
		}
	}
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Name
	}
	return Strategy{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownStrategy, name, strings.Join(names, ", "))
}
