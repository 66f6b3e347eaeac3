package hanablive

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// baseDoc is a finished hanab.live-rules game to spoil one action at a time.
func baseDoc(t *testing.T) *Game {
	t.Helper()
	r := playCareful(t, table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, 5}, 11)
	doc, err := Export(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Actions) < 40 {
		t.Fatalf("base game has only %d actions", len(doc.Actions))
	}
	return doc
}

// stateBefore is the game just before action i of doc.
func stateBefore(t *testing.T, doc *Game, i int) *engine.Game {
	t.Helper()
	d := *doc
	d.Actions = doc.Actions[:i]
	r, err := ImportGame(&d)
	if err != nil {
		t.Fatal(err)
	}
	return r.State
}

// notInHand is a card id that seat's hand does not hold.
func notInHand(g *engine.Game, seat int) int {
	hand := g.Hand(seat)
	for id := len(g.Deck()) - 1; ; id-- {
		if !slices.Contains(hand, id) {
			return id
		}
	}
}

// emptyClue is a clue from the current seat that touches no card of the next seat.
func emptyClue(t *testing.T, g *engine.Game) Action {
	t.Helper()
	target := (g.Current() + 1) % g.Players()
	deck := g.Deck()
	for rank := 1; rank <= 5; rank++ {
		if !slices.ContainsFunc(g.Hand(target), func(id int) bool { return deck[id].Rank == rank }) {
			return Action{Type: ActionRankClue, Target: target, Value: rank}
		}
	}
	for color := range 5 {
		if !slices.ContainsFunc(g.Hand(target), func(id int) bool { return deck[id].Suit == color }) {
			return Action{Type: ActionColorClue, Target: target, Value: color}
		}
	}
	t.Fatal("every clue touches a card of the next seat")
	return Action{}
}

func TestIllegalActions(t *testing.T) {
	base := baseDoc(t)
	const k = 17 // an action in mid-game
	before := stateBefore(t, base, k)
	seat := before.Current()
	other := (seat + 1) % 5
	missing := notInHand(before, seat)
	firstHand := stateBefore(t, base, 0).Hand(0)

	tests := []struct {
		name    string
		index   int
		action  Action
		edit    func(*Game) // instead of action, for cases that need more than one
		want    error
		message string // part of the error text
	}{
		{name: "card not in hand", index: k, action: Action{Type: ActionPlay, Target: missing}, want: engine.ErrCardNotInHand,
			message: fmt.Sprintf("card %d is not in seat %d's hand", missing, seat)},
		{name: "discard of a card not in hand", index: k, action: Action{Type: ActionDiscard, Target: missing}, want: engine.ErrCardNotInHand},
		{name: "play of a negative card id", index: k, action: Action{Type: ActionPlay, Target: -1}, want: engine.ErrCardNotInHand},
		{name: "play of a card id past the deck", index: k, action: Action{Type: ActionPlay, Target: 1 << 40}, want: engine.ErrCardNotInHand},
		{name: "discard with every note token", index: 0, action: Action{Type: ActionDiscard, Target: firstHand[0]}, want: engine.ErrNotesFull},
		{name: "clue to yourself", index: k, action: Action{Type: ActionRankClue, Target: seat, Value: 1}, want: engine.ErrSelfClue},
		{name: "clue to seat 5 of 5", index: k, action: Action{Type: ActionColorClue, Target: 5, Value: 0}, want: engine.ErrNoSuchSeat},
		{name: "clue to seat -1", index: k, action: Action{Type: ActionRankClue, Target: -1, Value: 1}, want: engine.ErrNoSuchSeat},
		{name: "color 5 in No Variant", index: k, action: Action{Type: ActionColorClue, Target: other, Value: 5}, want: engine.ErrUnknownColor},
		{name: "color -1", index: k, action: Action{Type: ActionColorClue, Target: other, Value: -1}, want: engine.ErrUnknownColor},
		{name: "rank 0", index: k, action: Action{Type: ActionRankClue, Target: other, Value: 0}, want: engine.ErrUnknownRank},
		{name: "rank 6", index: k, action: Action{Type: ActionRankClue, Target: other, Value: 6}, want: engine.ErrUnknownRank},
		{name: "clue that touches nothing", index: 0, action: emptyClue(t, stateBefore(t, base, 0)), want: engine.ErrEmptyClue},
		{name: "unknown action type", index: k, action: Action{Type: 7}, want: ErrBadAction, message: "unknown type 7"},
		{name: "game over before the last action", index: k, action: Action{Type: ActionGameOver, Target: seat, Value: EndConditionTimeout}, want: ErrBadAction},
		{name: "action after the end", index: len(base.Actions), edit: func(d *Game) {
			d.Actions = append(d.Actions, Action{Type: ActionPlay, Target: 0})
		}, want: engine.ErrGameOver},
		{name: "clue without note tokens", index: 1, edit: func(d *Game) {
			one := 1
			d.Options.NoteTokens = &one
			d.Options.EmptyClues = true
			d.Actions = []Action{{Type: ActionRankClue, Target: 1, Value: 1}, {Type: ActionRankClue, Target: 2, Value: 1}}
		}, want: engine.ErrNoNoteTokens},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := *base
			d.Actions = slices.Clone(base.Actions)
			if tt.edit != nil {
				tt.edit(&d)
			} else {
				d.Actions[tt.index] = tt.action
			}
			_, err := ImportGame(&d)
			wantActionError(t, err, tt.index, tt.want)
			if !strings.Contains(err.Error(), tt.message) {
				t.Fatalf("err = %q, want it to say %q", err, tt.message)
			}
		})
	}
}

// The same clue that hanab.live refuses is legal where emptyClues is on.
func TestEmptyClueOption(t *testing.T) {
	base := baseDoc(t)
	d := *base
	d.Options.EmptyClues = true
	d.Actions = []Action{emptyClue(t, stateBefore(t, base, 0))}
	r, err := ImportGame(&d)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Settings.EmptyClues || r.State.Turn() != 1 || r.State.NoteTokens() != 7 {
		t.Fatalf("empty clues %t, turn %d, notes %d", r.Settings.EmptyClues, r.State.Turn(), r.State.NoteTokens())
	}
}

// A game-over action as the last one ends the log wherever it comes (a
// timeout ends the engine's game there, scored 0), and a log may also stop
// early on its own (a running game).
func TestLogEndsEarly(t *testing.T) {
	base := baseDoc(t)
	const k = 9
	tests := []struct {
		name    string
		actions []Action
		end     *GameOver
		over    bool
	}{
		{"game-over action", append(slices.Clone(base.Actions[:k]), Action{Type: ActionGameOver, Target: 2, Value: EndConditionTimeout}), &GameOver{Seat: 2, Condition: EndConditionTimeout}, true},
		{"game-over action hanab.live scores", append(slices.Clone(base.Actions[:k]), Action{Type: ActionGameOver, Target: 2, Value: 1}), &GameOver{Seat: 2, Condition: 1}, false},
		{"no game-over action", base.Actions[:k], nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := *base
			d.Actions = tt.actions
			r, err := ImportGame(&d)
			if err != nil {
				t.Fatal(err)
			}
			if r.State.Over() != tt.over || r.State.Turn() != k {
				t.Fatalf("over %t, turn %d; want over %t at turn %d", r.State.Over(), r.State.Turn(), tt.over, k)
			}
			if (r.End == nil) != (tt.end == nil) || r.End != nil && *r.End != *tt.end {
				t.Fatalf("end %+v, want %+v", r.End, tt.end)
			}
			_, err = Export(r)
			if tt.end == nil && err != ErrNotFinished || tt.end != nil && err != nil {
				t.Fatalf("export: %v", err)
			}
		})
	}
	// After the game's own end, a game-over action is still accepted as the last.
	d := *base
	d.Actions = append(slices.Clone(base.Actions), Action{Type: ActionGameOver})
	r, err := ImportGame(&d)
	if err != nil || !r.State.Over() || r.End == nil {
		t.Fatalf("err %v, over %t, end %v", err, r != nil && r.State.Over(), r != nil && r.End != nil)
	}
}
