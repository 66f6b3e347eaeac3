package engine_test

import (
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// front2 is a 2-player deal: seat 0 holds ids 0–4, seat 1 ids 5–9, and ids
// 10, 11 are drawn next.
var front2 = []engine.Card{
	c(red, 1), c(yellow, 1), c(red, 2), c(blue, 5), c(red, 1), // seat 0: hand 4,3,2,1,0
	c(green, 1), c(red, 3), c(green, 1), c(white, 4), c(yellow, 5), // seat 1: hand 9,8,7,6,5
	c(white, 1), c(blue, 2),
}

// TestEffects checks each action's whole effect: the event and the state after.
func TestEffects(t *testing.T) {
	type state struct {
		notes, storms, deck int
		fireworks           [5]int
		hand0, hand1        []int
		discards            []int
	}
	tests := []struct {
		name   string
		opts   variants.Options
		before []engine.Action
		action engine.Action
		event  engine.Event // Turn, Seat, Action and Result are filled in by the test
		after  state
	}{
		{name: "clue spends a note and touches by color",
			action: engine.ClueColor(1, green),
			event:  engine.Event{NoteTokens: 7, Drawn: -1, Touched: 1<<5 | 1<<7},
			after:  state{notes: 7, deck: 40, hand0: ids(4, 3, 2, 1, 0), hand1: ids(9, 8, 7, 6, 5)}},
		{name: "clue touches by rank",
			action: engine.ClueRank(1, 1),
			event:  engine.Event{NoteTokens: 7, Drawn: -1, Touched: 1<<5 | 1<<7},
			after:  state{notes: 7, deck: 40, hand0: ids(4, 3, 2, 1, 0), hand1: ids(9, 8, 7, 6, 5)}},
		{name: "empty clue spends a note too",
			action: engine.ClueRank(1, 2),
			event:  engine.Event{NoteTokens: 7, Drawn: -1},
			after:  state{notes: 7, deck: 40, hand0: ids(4, 3, 2, 1, 0), hand1: ids(9, 8, 7, 6, 5)}},
		{name: "discard returns a note and draws",
			before: []engine.Action{engine.ClueRank(1, 1), engine.ClueRank(0, 1)},
			action: engine.DiscardCard(1),
			event:  engine.Event{Card: c(yellow, 1), NoteGained: true, NoteTokens: 7, Drawn: 10},
			after:  state{notes: 7, deck: 39, hand0: ids(10, 4, 3, 2, 0), hand1: ids(9, 8, 7, 6, 5), discards: ids(1)}},
		{name: "successful play extends its firework and draws",
			action: engine.PlayCard(0),
			event:  engine.Event{Card: c(red, 1), Success: true, NoteTokens: 8, Drawn: 10},
			after:  state{notes: 8, deck: 39, fireworks: [5]int{1, 0, 0, 0, 0}, hand0: ids(10, 4, 3, 2, 1), hand1: ids(9, 8, 7, 6, 5)}},
		{name: "successful play on a started firework",
			before: []engine.Action{engine.PlayCard(4), engine.ClueRank(0, 1)},
			action: engine.PlayCard(2),
			event:  engine.Event{Card: c(red, 2), Success: true, NoteTokens: 7, Drawn: 11},
			after:  state{notes: 7, deck: 38, fireworks: [5]int{2, 0, 0, 0, 0}, hand0: ids(11, 10, 3, 1, 0), hand1: ids(9, 8, 7, 6, 5)}},
		{name: "misplay uses a storm, no note back, goes to the discards",
			before: []engine.Action{engine.ClueRank(1, 1)},
			action: engine.PlayCard(9),
			event:  engine.Event{Seat: 1, Card: c(yellow, 5), NoteTokens: 7, StormsUsed: 1, Drawn: 10},
			after:  state{notes: 7, storms: 1, deck: 39, hand0: ids(4, 3, 2, 1, 0), hand1: ids(10, 8, 7, 6, 5), discards: ids(9)}},
		{name: "duplicate of a played card misplays",
			before: []engine.Action{engine.PlayCard(4), engine.ClueRank(0, 1)},
			action: engine.PlayCard(0),
			event:  engine.Event{Card: c(red, 1), NoteTokens: 7, StormsUsed: 1, Drawn: 11},
			after:  state{notes: 7, storms: 1, deck: 38, fireworks: [5]int{1, 0, 0, 0, 0}, hand0: ids(11, 10, 3, 2, 1), hand1: ids(9, 8, 7, 6, 5), discards: ids(0)}},
		{name: "second misplay with three storms keeps the game going",
			before: []engine.Action{engine.PlayCard(3)},
			action: engine.PlayCard(9),
			event:  engine.Event{Seat: 1, Card: c(yellow, 5), NoteTokens: 8, StormsUsed: 2, Drawn: 11},
			after:  state{notes: 8, storms: 2, deck: 38, hand0: ids(10, 4, 2, 1, 0), hand1: ids(11, 8, 7, 6, 5), discards: ids(3, 9)}},
		{name: "discard with 16 notes after a clue",
			opts:   variants.Options{NoteTokens: ptr(16)},
			before: []engine.Action{engine.ClueColor(1, red)},
			action: engine.DiscardCard(5),
			event:  engine.Event{Seat: 1, Card: c(green, 1), NoteGained: true, NoteTokens: 16, Drawn: 10},
			after:  state{notes: 16, deck: 39, hand0: ids(4, 3, 2, 1, 0), hand1: ids(10, 9, 8, 7, 6), discards: ids(5)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := deal(t, setup(t, "basic", 2, tc.opts), front2...)
			apply(t, g, tc.before...)
			turn := g.Turn()
			got := apply(t, g, tc.action)
			want := tc.event
			want.Turn, want.Action = turn, tc.action
			if got != want {
				t.Errorf("event\n got %+v\nwant %+v", got, want)
			}
			v := g.View(engine.Public)
			var fw [5]int
			copy(fw[:], v.Fireworks[:5])
			var discards []int
			for _, d := range v.Discards {
				discards = append(discards, d.ID)
				if d.Card != g.Deck()[d.ID] {
					t.Errorf("discard %d shows %v, is %v", d.ID, d.Card, g.Deck()[d.ID])
				}
			}
			gotState := state{notes: g.NoteTokens(), storms: g.StormsUsed(), deck: g.DeckCount(),
				fireworks: fw, hand0: g.Hand(0), hand1: g.Hand(1), discards: discards}
			if !reflect.DeepEqual(gotState, tc.after) {
				t.Errorf("state\n got %+v\nwant %+v", gotState, tc.after)
			}
			if g.Over() {
				t.Errorf("game over after %+v", tc.action)
			}
		})
	}
}

// TestFireworkBonus: completing a firework turns a note token back unless all
// are available, in every variant and with every rainbow count.
func TestFireworkBonus(t *testing.T) {
	tests := []struct {
		name      string
		variant   string
		opts      variants.Options
		suit      int
		clueFirst bool
		wantNotes int
		wantGain  bool
	}{
		{"basic, a note spent", "basic", variants.Options{}, red, true, 8, true},
		{"basic, all notes available", "basic", variants.Options{}, white, false, 8, false},
		{"one note table, spent", "basic", variants.Options{NoteTokens: ptr(1)}, blue, true, 1, true},
		{"16 notes, spent", "farbrausch", variants.Options{NoteTokens: ptr(16)}, rainbow, true, 16, true},
		{"farbrausch rainbow, all available", "farbrausch", variants.Options{}, rainbow, false, 8, false},
		{"farbrausch 5 rainbow cards", "farbrausch", variants.Options{RainbowCards: ptr(5)}, rainbow, true, 8, true},
		{"farbrausch2 rainbow", "farbrausch2", variants.Options{}, rainbow, true, 8, true},
		{"farbrausch2 5 rainbow cards, all available", "farbrausch2", variants.Options{RainbowCards: ptr(5)}, rainbow, false, 8, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The starter holds the suit's 1, 3 and 5 and the other seat its
			// 2 and 4, so alternating plays build the firework. When a clue
			// comes first, seat 1 starts.
			s, f := tc.suit, red
			if s == red {
				f = yellow
			}
			starter := []engine.Card{c(s, 1), c(s, 3), c(f, 4), c(f, 3), c(s, 5)}
			other := []engine.Card{c(s, 2), c(s, 4), c(f, 4), c(f, 3), c(f, 2)}
			base, alt := 0, 5
			if tc.clueFirst {
				starter, other = other, starter
				base, alt = 5, 0
			}
			g := deal(t, setup(t, tc.variant, 2, tc.opts), append(starter, other...)...)
			if tc.clueFirst {
				apply(t, g, engine.ClueRank(1, 2))
			}
			notes := g.NoteTokens()
			apply(t, g, engine.PlayCard(base), engine.PlayCard(alt), engine.PlayCard(base+1), engine.PlayCard(alt+1))
			if g.Firework(s) != 4 || g.NoteTokens() != notes {
				t.Fatalf("before the 5: firework %d notes %d", g.Firework(s), g.NoteTokens())
			}
			ev := apply(t, g, engine.PlayCard(base+4))
			if !ev.Success || g.Firework(s) != 5 || ev.NoteGained != tc.wantGain || g.NoteTokens() != tc.wantNotes || ev.NoteTokens != tc.wantNotes {
				t.Errorf("the 5: event %+v, firework %d, notes %d; want gain %v notes %d",
					ev, g.Firework(s), g.NoteTokens(), tc.wantGain, tc.wantNotes)
			}
			if g.Score() != 5 || g.Over() {
				t.Errorf("score %d over %v, want 5 and running", g.Score(), g.Over())
			}
		})
	}
}

// TestDrawOrder: every play and discard draws the next id to the front of the
// actor's hand while the deck lasts, and clues draw nothing.
func TestDrawOrder(t *testing.T) {
	for _, players := range []int{2, 3, 4, 5, 6} {
		cfg := setup(t, "farbrausch", players, variants.Options{})
		g := deal(t, cfg)
		h := engine.HandSize(players)
		if want := []int{5, 5, 5, 4, 4, 3}[players-1]; h != want && players > 1 {
			t.Fatalf("%d players: hand size %d, want %d", players, h, want)
		}
		for p := range players {
			hand := g.Hand(p)
			if len(hand) != h {
				t.Fatalf("%d players: seat %d holds %d cards, want %d", players, p, len(hand), h)
			}
			for i, id := range hand {
				if want := p*h + h - 1 - i; id != want {
					t.Fatalf("%d players: seat %d slot %d holds %d, want %d", players, p, i, id, want)
				}
			}
		}
		next := players * h
		if g.DeckCount() != cfg.DeckSize()-next {
			t.Fatalf("deck count %d, want %d", g.DeckCount(), cfg.DeckSize()-next)
		}
		for range 20 {
			p := g.Current()
			oldest := g.Hand(p)[h-1]
			var ev engine.Event
			if g.NoteTokens() == cfg.NoteTokens {
				ev = apply(t, g, engine.ClueRank((p+1)%players, 1))
				if ev.Drawn != -1 {
					t.Fatalf("a clue drew %d", ev.Drawn)
				}
				continue
			}
			ev = apply(t, g, engine.DiscardCard(oldest))
			if ev.Drawn != next || g.Hand(p)[0] != next || len(g.Hand(p)) != h {
				t.Fatalf("discard drew %d, hand %v; want %d at the front", ev.Drawn, g.Hand(p), next)
			}
			next++
		}
	}
}
