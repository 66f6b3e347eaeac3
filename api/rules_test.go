package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
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
		b, typ := appendEvent(nil, &cfg, 1, tt.ev, nil, 0, false, false, "")
		var out Event
		if err := json.Unmarshal(b, &out); err != nil || out.Type != typ {
			t.Fatalf("%s: %s (%s): %v", tt.name, b, typ, err)
		}
		if out.Type != tt.typ || (out.Success == nil) != (tt.success == nil) || (out.Success != nil && *out.Success != *tt.success) {
			t.Errorf("%s: type %s success %v, want %s %v", tt.name, out.Type, out.Success, tt.typ, tt.success)
		}
		if out.Card == nil || out.Card.ID != 3 || out.Card.Suit != cfg.Suits[tt.ev.Card.Suit].Name {
			t.Errorf("%s: card %+v", tt.name, out.Card)
		}
	}
}

// TestViewRuleFields: half_note_token is in the view of Clue Starved games
// only, stack_starts in Sudoku games only, stack_directions in Up or Down
// games and those with a reversed suit only, next_clue_type in Alternating
// Clues games once a clue was given; other variants' views do not change.
func TestViewRuleFields(t *testing.T) {
	tests := []struct {
		variant string
		moves   []engine.Action
		half    string // the field as written, "" for absent
		next    string
		dirs    string
	}{
		{"basic", []engine.Action{engine.ClueRank(1, 3), engine.DiscardCard(5)}, "", "", ""},
		{"clue-starved-5-suits", nil, `"half_note_token":false`, "", ""},
		{"clue-starved-5-suits", []engine.Action{engine.ClueRank(1, 3), engine.DiscardCard(5)}, `"half_note_token":true`, "", ""},
		{"alternating-clues-5-suits", nil, "", "", ""},
		{"alternating-clues-5-suits", []engine.Action{engine.ClueRank(1, 3)}, "", `"next_clue_type":"color"`, ""},
		{"alternating-clues-5-suits", []engine.Action{engine.ClueRank(1, 3), engine.DiscardCard(5)}, "", `"next_clue_type":"color"`, ""},
		{"sudoku-5-suits", nil, "", "", ""},
		{"reversed-5-suits", nil, "", "", `"stack_directions":{"blue":"up","green":"up","purple-reversed":"down","red":"up","yellow":"up"}`},
		{"up-or-down-5-suits", nil, "", "", `"stack_directions":{"blue":"undecided","green":"undecided","purple":"undecided","red":"undecided","yellow":"undecided"}`},
		// Seat 0 plays red 1 (id 0): up; in the other, seat 1 red 5 (id 7): down.
		{"up-or-down-5-suits", []engine.Action{engine.PlayCard(0)}, "", "", `"stack_directions":{"blue":"undecided","green":"undecided","purple":"undecided","red":"up","yellow":"undecided"}`},
		{"up-or-down-6-suits", []engine.Action{engine.ClueRank(1, 4), engine.PlayCard(7)}, "", "", `"stack_directions":{"blue":"undecided","green":"undecided","purple":"undecided","red":"down","teal":"undecided","yellow":"undecided"}`},
	}
	for _, tt := range tests {
		_, set, cfg, err := variants.Setup(tt.variant, variants.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		deck := cfg.Deck() // suit by suit: seat 1 holds the first suit's 3, 3, 4, 4, 5 (ids 5–9)
		g, err := engine.New(cfg, deck)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range tt.moves {
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("%s: %+v: %v", tt.variant, a, err)
			}
		}
		st := &play.State{Record: play.Record{ID: "0123456789abcdef", Variant: tt.variant, Settings: set, Players: 2, Status: play.StatusActive, Version: 1},
			Config: g.Config(), Game: g}
		for viewer := -1; viewer < 2; viewer++ {
			b := string(appendView(nil, st, viewer))
			starts := ""
			if strings.HasPrefix(tt.variant, "sudoku") {
				starts = `"stack_starts":{"blue":0,"green":0,"purple":0,"red":0,"yellow":0}`
			}
			for _, f := range []struct{ key, want string }{{`"half_note_token"`, tt.half}, {`"next_clue_type"`, tt.next}, {`"stack_starts"`, starts}, {`"stack_directions"`, tt.dirs}} {
				if got := strings.Contains(b, f.key); got != (f.want != "") || (f.want != "" && !strings.Contains(b, f.want)) {
					t.Errorf("%s after %v, viewer %d: want %q in\n%s", tt.variant, tt.moves, viewer, f.want, b)
				}
			}
		}
	}
}
