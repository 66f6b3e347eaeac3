package api

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestEventSaysWhatHappened: a card whose suit swaps play and discard
// (Orange) is shown as what happened to it, in the events other variants use.
func TestEventSaysWhatHappened(t *testing.T) {
	_, _, cfg, err := variants.Setup("orange-5-suits", variants.Options{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	orange1 := engine.Card{Suit: 4, Rank: 1}
	red1 := engine.Card{Suit: 0, Rank: 1}
	tests := []struct {
		name    string
		ev      engine.Event
		typ     string
		success *bool
	}{
		{"orange asked to be discarded was played", engine.Event{Action: engine.DiscardCard(3), Card: orange1, Swapped: true, Success: true, Drawn: -1}, "play", ptr(true)},
		{"orange asked to be played was discarded", engine.Event{Action: engine.PlayCard(3), Card: orange1, Swapped: true, Drawn: -1}, "discard", nil},
		{"red played", engine.Event{Action: engine.PlayCard(3), Card: red1, Success: true, Drawn: -1}, "play", ptr(true)},
		{"red discarded", engine.Event{Action: engine.DiscardCard(3), Card: red1, Drawn: -1}, "discard", nil},
	}
	for _, tt := range tests {
		out := eventView(&cfg, 1, tt.ev, func(int) string { return "" })
		if out.Type != tt.typ || (out.Success == nil) != (tt.success == nil) || (out.Success != nil && *out.Success != *tt.success) {
			t.Errorf("%s: type %s success %v, want %s %v", tt.name, out.Type, out.Success, tt.typ, tt.success)
		}
		if out.Card == nil || out.Card.ID != 3 || out.Card.Suit != cfg.Suits[tt.ev.Card.Suit].Name {
			t.Errorf("%s: card %+v", tt.name, out.Card)
		}
	}
}
