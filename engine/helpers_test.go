package engine_test

import (
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// Suit indices and clue colors as the registry lays them out.
const (
	red = iota
	yellow
	green
	blue
	white
	rainbow
)

func c(suit, rank int) engine.Card { return engine.Card{Suit: suit, Rank: rank} }

func ptr[T any](v T) *T { return &v }

// setup is a registry config; the tests build games from the real variants so
// that a change to the registry's data shows here too.
func setup(t testing.TB, variant string, players int, o variants.Options) engine.Config {
	t.Helper()
	_, _, cfg, err := variants.Setup(variant, o, players)
	if err != nil {
		t.Fatalf("setup %s/%d: %v", variant, players, err)
	}
	return cfg
}

// stack is the variant's deck with the given cards moved to its front, in
// order: card id i is front[i], so a test names exactly what each seat holds
// (seat 0 gets ids 0..h-1, seat 1 the next h, ...) and what is drawn next.
func stack(t testing.TB, cfg engine.Config, front ...engine.Card) []engine.Card {
	t.Helper()
	rest := cfg.Deck()
	out := make([]engine.Card, 0, len(rest))
	for _, want := range front {
		i := indexOf(rest, want)
		if i < 0 {
			t.Fatalf("stack: no %v left in the deck", want)
		}
		out = append(out, want)
		rest = append(rest[:i], rest[i+1:]...)
	}
	return append(out, rest...)
}

func indexOf(deck []engine.Card, want engine.Card) int {
	for i, c := range deck {
		if c == want {
			return i
		}
	}
	return -1
}

func deal(t testing.TB, cfg engine.Config, front ...engine.Card) *engine.Game {
	t.Helper()
	g, err := engine.New(cfg, stack(t, cfg, front...))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// apply plays a whole sequence of actions that must all be legal.
func apply(t testing.TB, g *engine.Game, actions ...engine.Action) engine.Event {
	t.Helper()
	var ev engine.Event
	for i, a := range actions {
		var err error
		if ev, err = g.Apply(a); err != nil {
			t.Fatalf("action %d (%+v) at turn %d: %v", i, a, g.Turn(), err)
		}
	}
	return ev
}

// wantErr fails unless err is the typed engine error want (nil for none).
func wantErr(t testing.TB, err error, want *engine.Error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("error = %v, want %s", err, want.Code)
	}
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != want.Code {
		t.Fatalf("error %v does not carry code %s", err, want.Code)
	}
}

// ids lists card ids newest first, the order Game.Hand uses.
func ids(ids ...int) []int { return ids }
