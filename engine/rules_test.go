package engine_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestIllegalMoves deals the variant's deck in its canonical order (2 players:
// seat 0 holds ids 0–4 = R1 R1 R1 R2 R2, seat 1 ids 5–9 = R3 R3 R4 R4 R5),
// plays the prefix, and checks that the move is refused with its typed error
// and that the refusal changes nothing.
func TestIllegalMoves(t *testing.T) {
	off := variants.Options{EmptyClues: ptr(false)}
	tests := []struct {
		name    string
		variant string
		players int
		opts    variants.Options
		before  []engine.Action
		action  engine.Action
		want    *engine.Error
	}{
		{name: "clue with no note token", variant: "basic", players: 2,
			opts:   variants.Options{NoteTokens: ptr(1)},
			before: []engine.Action{engine.ClueRank(1, 5)},
			action: engine.ClueRank(0, 1), want: engine.ErrNoNoteTokens},
		{name: "clue after spending all 8 notes", variant: "farbrausch", players: 3,
			before: []engine.Action{
				engine.ClueRank(1, 1), engine.ClueRank(2, 1), engine.ClueRank(0, 1), engine.ClueRank(1, 1),
				engine.ClueRank(2, 1), engine.ClueRank(0, 1), engine.ClueRank(1, 1), engine.ClueRank(2, 1),
			},
			action: engine.ClueColor(0, red), want: engine.ErrNoNoteTokens},
		{name: "clue after spending all 9 notes", variant: "basic", players: 4,
			opts: variants.Options{NoteTokens: ptr(9)}, before: roundOfClues(9, 4),
			action: engine.ClueRank(0, 1), want: engine.ErrNoNoteTokens},
		{name: "clue after spending all 16 notes", variant: "farbrausch2", players: 2,
			opts: variants.Options{NoteTokens: ptr(16)}, before: roundOfClues(16, 2),
			action: engine.ClueColor(1, red), want: engine.ErrNoNoteTokens},
		{name: "discard with all notes available", variant: "basic", players: 2,
			action: engine.DiscardCard(0), want: engine.ErrNotesFull},
		{name: "discard with all 16 notes available", variant: "farbrausch2", players: 4,
			opts:   variants.Options{NoteTokens: ptr(16)},
			action: engine.DiscardCard(3), want: engine.ErrNotesFull},
		{name: "discard once a clue refilled the notes", variant: "basic", players: 2,
			before: []engine.Action{engine.ClueRank(1, 5), engine.DiscardCard(9)},
			action: engine.DiscardCard(4), want: engine.ErrNotesFull},
		{name: "clue to yourself", variant: "basic", players: 2,
			action: engine.ClueRank(0, 1), want: engine.ErrSelfClue},
		{name: "clue to yourself on a later turn", variant: "basic", players: 3,
			before: []engine.Action{engine.ClueRank(2, 1)},
			action: engine.ClueColor(1, red), want: engine.ErrSelfClue},
		{name: "clue to seat past the table", variant: "basic", players: 2,
			action: engine.ClueRank(2, 1), want: engine.ErrNoSuchSeat},
		{name: "clue to seat 6 of 6", variant: "basic", players: 6,
			action: engine.ClueRank(6, 1), want: engine.ErrNoSuchSeat},
		{name: "clue to negative seat", variant: "basic", players: 4,
			action: engine.ClueRank(-1, 1), want: engine.ErrNoSuchSeat},
		{name: "clue to huge seat", variant: "basic", players: 4,
			action: engine.ClueRank(math.MaxInt, 1), want: engine.ErrNoSuchSeat},
		{name: "rainbow cannot be named in farbrausch2", variant: "farbrausch2", players: 2,
			action: engine.ClueColor(1, rainbow), want: engine.ErrUnknownColor},
		{name: "basic has no sixth color", variant: "basic", players: 2,
			action: engine.ClueColor(1, rainbow), want: engine.ErrUnknownColor},
		{name: "negative color", variant: "farbrausch", players: 2,
			action: engine.ClueColor(1, -1), want: engine.ErrUnknownColor},
		{name: "color past MaxColors", variant: "farbrausch", players: 2,
			action: engine.ClueColor(1, engine.MaxColors), want: engine.ErrUnknownColor},
		{name: "huge color", variant: "farbrausch", players: 2,
			action: engine.ClueColor(1, math.MaxInt), want: engine.ErrUnknownColor},
		{name: "rank 0", variant: "basic", players: 2,
			action: engine.ClueRank(1, 0), want: engine.ErrUnknownRank},
		{name: "rank 6", variant: "basic", players: 2,
			action: engine.ClueRank(1, 6), want: engine.ErrUnknownRank},
		{name: "rank MaxRank that no variant names", variant: "farbrausch", players: 2,
			action: engine.ClueRank(1, engine.MaxRank), want: engine.ErrUnknownRank},
		{name: "rank 8 would overflow a byte", variant: "basic", players: 2,
			action: engine.ClueRank(1, 8), want: engine.ErrUnknownRank},
		{name: "rank 64 would overflow a word", variant: "basic", players: 2,
			action: engine.ClueRank(1, 64), want: engine.ErrUnknownRank},
		{name: "negative rank", variant: "basic", players: 2,
			action: engine.ClueRank(1, -1), want: engine.ErrUnknownRank},
		{name: "min int rank", variant: "basic", players: 2,
			action: engine.ClueRank(1, math.MinInt), want: engine.ErrUnknownRank},
		{name: "color clue that touches nothing, empty clues off", variant: "basic", players: 2,
			opts: off, action: engine.ClueColor(1, blue), want: engine.ErrEmptyClue},
		{name: "rank clue that touches nothing, empty clues off", variant: "basic", players: 2,
			opts: off, action: engine.ClueRank(1, 1), want: engine.ErrEmptyClue},
		{name: "rainbow clue, no rainbow card, empty clues off", variant: "farbrausch", players: 2,
			opts: off, action: engine.ClueColor(1, rainbow), want: engine.ErrEmptyClue},
		{name: "farbrausch2 blue clue on reds, empty clues off", variant: "farbrausch2", players: 5,
			opts: off, action: engine.ClueColor(1, blue), want: engine.ErrEmptyClue},
		{name: "play a card of the next seat", variant: "basic", players: 2,
			action: engine.PlayCard(5), want: engine.ErrCardNotInHand},
		{name: "play a card still in the deck", variant: "basic", players: 2,
			action: engine.PlayCard(10), want: engine.ErrCardNotInHand},
		{name: "play a card already played", variant: "basic", players: 2,
			before: []engine.Action{engine.PlayCard(0), engine.ClueRank(0, 1)},
			action: engine.PlayCard(0), want: engine.ErrCardNotInHand},
		{name: "discard a card already discarded", variant: "basic", players: 2,
			before: []engine.Action{engine.ClueRank(1, 5), engine.DiscardCard(5), engine.ClueRank(1, 5)},
			action: engine.DiscardCard(5), want: engine.ErrCardNotInHand},
		{name: "negative card id", variant: "basic", players: 2,
			action: engine.PlayCard(-1), want: engine.ErrCardNotInHand},
		{name: "card id past the deck", variant: "farbrausch", players: 2,
			action: engine.PlayCard(60), want: engine.ErrCardNotInHand},
		{name: "card id past MaxDeck", variant: "basic", players: 2,
			action: engine.DiscardCard(engine.MaxDeck), want: engine.ErrCardNotInHand},
		{name: "huge card id", variant: "basic", players: 2,
			action: engine.PlayCard(math.MaxInt), want: engine.ErrCardNotInHand},
		{name: "card id that wraps to a held one as a byte", variant: "basic", players: 2,
			action: engine.PlayCard(256), want: engine.ErrCardNotInHand},
		{name: "unknown action kind", variant: "basic", players: 2,
			action: engine.Action{Kind: engine.Leave + 1}, want: engine.ErrBadAction},
		{name: "unknown action kind 255", variant: "basic", players: 2,
			action: engine.Action{Kind: 255, Card: 0}, want: engine.ErrBadAction},
		{name: "play after the storms ended the game", variant: "basic", players: 2,
			opts:   variants.Options{StormTokens: ptr(1)},
			before: []engine.Action{engine.PlayCard(3)},
			action: engine.PlayCard(9), want: engine.ErrGameOver},
		{name: "clue after the storms ended the game", variant: "farbrausch2", players: 3,
			opts:   variants.Options{StormTokens: ptr(2)},
			before: []engine.Action{engine.PlayCard(3), engine.PlayCard(5)},
			action: engine.ClueRank(0, 1), want: engine.ErrGameOver},
		{name: "illegal move after the end is still game over", variant: "basic", players: 2,
			opts:   variants.Options{StormTokens: ptr(1)},
			before: []engine.Action{engine.PlayCard(4)},
			action: engine.Action{Kind: 9, Card: -5}, want: engine.ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := deal(t, setup(t, tc.variant, tc.players, tc.opts))
			apply(t, g, tc.before...)
			before := g.Clone()
			wantErr(t, g.Check(tc.action), tc.want)
			ev, err := g.Apply(tc.action)
			wantErr(t, err, tc.want)
			if ev != (engine.Event{}) {
				t.Errorf("refused move returned event %+v", ev)
			}
			if !reflect.DeepEqual(g, before) {
				t.Errorf("refused move changed the game")
			}
		})
	}
}

// roundOfClues is n clues, each seat cluing the next.
func roundOfClues(n, players int) []engine.Action {
	out := make([]engine.Action, n)
	for i := range out {
		out[i] = engine.ClueRank((i+1)%players, 1)
	}
	return out
}

// TestLegalMovesPass is the other side of the illegal-move table: the
// neighbouring legal moves go through, so the table cannot pass by refusing all.
func TestLegalMovesPass(t *testing.T) {
	on := variants.Options{}
	tests := []struct {
		name    string
		variant string
		players int
		opts    variants.Options
		before  []engine.Action
		action  engine.Action
	}{
		{"rainbow can be named in farbrausch", "farbrausch", 2, on, nil, engine.ClueColor(1, rainbow)},
		{"empty color clue allowed by default", "basic", 2, on, nil, engine.ClueColor(1, blue)},
		{"empty rank clue allowed by default", "farbrausch2", 2, on, nil, engine.ClueRank(1, 1)},
		{"empty clue explicitly on", "basic", 3, variants.Options{EmptyClues: ptr(true)}, nil, engine.ClueColor(2, white)},
		{"touching clue with empty clues off", "basic", 2, variants.Options{EmptyClues: ptr(false)}, nil, engine.ClueRank(1, 5)},
		{"clue to the last seat of 6", "basic", 6, on, nil, engine.ClueRank(5, 1)},
		{"discard after a clue", "basic", 2, on, []engine.Action{engine.ClueRank(1, 5)}, engine.DiscardCard(5)},
		{"clue with the last note", "basic", 2, variants.Options{NoteTokens: ptr(1)}, nil, engine.ClueRank(1, 5)},
		{"sixteenth clue", "farbrausch", 3, variants.Options{NoteTokens: ptr(16)}, roundOfClues(15, 3), engine.ClueColor(1, rainbow)},
		{"play own newest card", "basic", 2, on, nil, engine.PlayCard(4)},
		{"play own oldest card", "basic", 2, on, nil, engine.PlayCard(0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := deal(t, setup(t, tc.variant, tc.players, tc.opts))
			apply(t, g, tc.before...)
			if err := g.Check(tc.action); err != nil {
				t.Fatalf("Check: %v", err)
			}
			apply(t, g, tc.action)
		})
	}
}

// TestNotYourTurn: Apply acts for the current seat; ApplyAs refuses any other
// seat with ErrNotYourTurn and changes nothing, and after the end answers
// ErrGameOver whoever asks.
func TestNotYourTurn(t *testing.T) {
	g := deal(t, setup(t, "basic", 3, variants.Options{}))
	for want := range 6 {
		cur := g.Current()
		if cur != want%3 {
			t.Fatalf("turn %d: current seat %d, want %d", g.Turn(), cur, want%3)
		}
		a := engine.ClueRank((cur+1)%3, 1)
		for _, other := range []int{(cur + 1) % 3, (cur + 2) % 3, -1, 7} {
			before := g.Clone()
			if _, err := g.ApplyAs(other, a); !errors.Is(err, engine.ErrNotYourTurn) {
				t.Fatalf("seat %d acting on seat %d's turn: %v", other, cur, err)
			}
			if !reflect.DeepEqual(before, g) {
				t.Fatal("a refused move changed the game")
			}
		}
		ev, err := g.ApplyAs(cur, a)
		if err != nil || ev.Seat != cur {
			t.Fatalf("seat %d on its turn: event seat %d, err %v", cur, ev.Seat, err)
		}
	}
	for !g.Over() {
		apply(t, g, engine.PlayCard(g.Hand(g.Current())[0]))
	}
	if _, err := g.ApplyAs((g.Current()+1)%3, engine.ClueRank(0, 1)); !errors.Is(err, engine.ErrGameOver) {
		t.Fatalf("after the end: %v", err)
	}
}

// TestErrorCodesDistinct guards the api's status table: every error has its
// own code.
func TestErrorCodesDistinct(t *testing.T) {
	all := []*engine.Error{engine.ErrGameOver, engine.ErrNotYourTurn, engine.ErrNoNoteTokens, engine.ErrNotesFull,
		engine.ErrSelfClue, engine.ErrNoSuchSeat, engine.ErrUnknownColor, engine.ErrUnknownRank,
		engine.ErrEmptyClue, engine.ErrCardNotInHand, engine.ErrBadAction, engine.ErrBadClue}
	seen := map[string]bool{}
	for _, e := range all {
		if e.Code == "" || e.Msg == "" || seen[e.Code] {
			t.Errorf("error %+v: empty or duplicate code", e)
		}
		seen[e.Code] = true
	}
}
