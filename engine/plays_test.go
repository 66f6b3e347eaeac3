package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestPlays: a play puts its card to its firework and a discard does not,
// but for the suit that swaps them (Orange), and the event of each says
// the same as the config.
func TestPlays(t *testing.T) {
	cfg := setup(t, "orange-5-suits", 2, variants.Options{})
	orange := -1
	for i, s := range cfg.Suits {
		if s.Swapped {
			orange = i
		}
	}
	if orange < 0 {
		t.Fatal("no suit swaps play and discard")
	}
	for _, tc := range []struct {
		kind engine.Kind
		suit int
		want bool
	}{
		{engine.Play, 0, true}, {engine.Discard, 0, false},
		{engine.Play, orange, false}, {engine.Discard, orange, true},
	} {
		card := engine.Card{Suit: tc.suit, Rank: 1}
		if got := cfg.Plays(engine.Action{Kind: tc.kind}, card); got != tc.want {
			t.Errorf("%v of a %s 1: Plays %v, want %v", tc.kind, cfg.Suits[tc.suit].Name, got, tc.want)
		}
		ev := engine.Event{Action: engine.Action{Kind: tc.kind}, Swapped: cfg.Suits[tc.suit].Swapped}
		if got := ev.Played(); got != tc.want {
			t.Errorf("%v of a %s 1: the event's Played %v, want %v", tc.kind, cfg.Suits[tc.suit].Name, got, tc.want)
		}
	}
}
