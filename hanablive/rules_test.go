package hanablive

import (
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// orangeDoc is a hanab.live game of "Orange (5 Suits)" (suits red, yellow,
// green, blue, orange) for two seats: seat 0 holds ids 0–4, seat 1 ids 5–9.
func orangeDoc(t *testing.T, actions ...Action) *Game {
	t.Helper()
	v, err := variants.Get("orange-5-suits")
	if err != nil {
		t.Fatal(err)
	}
	front := []Card{{4, 1}, {4, 2}, {0, 1}, {0, 2}, {4, 5}, {1, 1}, {1, 2}, {2, 1}, {3, 1}, {4, 1}}
	var deck []Card
	left := map[Card]int{}
	for si, s := range v.Suits {
		for _, r := range s.Ranks {
			left[Card{si, r}]++
		}
	}
	for _, c := range front {
		left[c]--
		deck = append(deck, c)
	}
	for si := range v.Suits {
		for r := 1; r <= 5; r++ {
			for ; left[Card{si, r}] > 0; left[Card{si, r}]-- {
				deck = append(deck, Card{si, r})
			}
		}
	}
	return &Game{Players: []string{"a", "b"}, Deck: deck, Actions: actions, Options: Options{Variant: "Orange (5 Suits)"}}
}

// TestImportOrange: hanab.live's games with Orange's swapped moves import,
// and the first action hanab.live's rules refuse is named.
func TestImportOrange(t *testing.T) {
	tests := []struct {
		name    string
		actions []Action
		orange  int // the orange firework after the actions
		notes   int
		storms  int
		refused int // index of the first refused action, -1 for none
		code    *engine.Error
	}{
		{"an orange discard at the note maximum is a play", []Action{{Type: ActionDiscard, Target: 0}}, 1, 8, 0, -1, nil},
		{"an orange play is a discard", []Action{{Type: ActionRankClue, Target: 1, Value: 1}, {Type: ActionPlay, Target: 9}}, 0, 8, 0, -1, nil},
		{"an orange discard out of order is a misplay", []Action{{Type: ActionDiscard, Target: 1}}, 0, 8, 1, -1, nil},
		{"a card known not orange cannot be discarded at the maximum",
			[]Action{{Type: ActionColorClue, Target: 1, Value: 1}, {Type: ActionColorClue, Target: 0, Value: 0},
				{Type: ActionPlay, Target: 0}, {Type: ActionDiscard, Target: 5}, {Type: ActionDiscard, Target: 2}},
			0, 8, 0, 4, engine.ErrNotesFull},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ImportGame(orangeDoc(t, tt.actions...))
			if tt.refused >= 0 {
				var re *engine.ReplayError
				if !errors.As(err, &re) || re.Index != tt.refused || !errors.Is(err, tt.code) {
					t.Fatalf("import: %v, want action %d refused with %s", err, tt.refused, tt.code.Code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := r.State
			if g.Firework(4) != tt.orange || g.NoteTokens() != tt.notes || g.StormsUsed() != tt.storms {
				t.Fatalf("orange %d notes %d storms %d, want %d %d %d", g.Firework(4), g.NoteTokens(), g.StormsUsed(), tt.orange, tt.notes, tt.storms)
			}
		})
	}
}

// TestRoundTripRules plays whole games of variants with hanab.live's rules
// beyond the touch table (Orange, Clue Starved, Alternating Clues, Reversed,
// Sudoku, Throw It in a Hole, Cow & Pig, Duck) and round-trips them.
func TestRoundTripRules(t *testing.T) {
	for _, name := range []string{"orange-6-suits", "orange-5-suits", "orange-4-suits", "orange-3-suits",
		"clue-starved-6-suits", "clue-starved-orange-5-suits", "alternating-clues-5-suits", "alternating-clues-null-3-suits",
		"reversed-6-suits", "reversed-3-suits", "black-reversed-5-suits", "orange-reversed-4-suits", "white-reversed-rainbow-4-suits",
		"sudoku-5-suits", "sudoku-4-suits", "sudoku-dark-orange-5-suits", "sudoku-null-4-suits",
		"throw-it-in-a-hole-5-suits", "throw-it-in-a-hole-orange-4-suits", "throw-it-in-a-hole-dark-null-6-suits",
		"cow-pig-3-suits", "cow-pig-6-suits", "duck-4-suits", "duck-5-suits"} {
		for players := 2; players <= 6; players++ {
			tb := table{name, variants.Settings{StormTokens: 3, NoteTokens: 8}, players}
			t.Run(tb.String(), func(t *testing.T) {
				for seed := range uint64(3) {
					want := playCareful(t, tb, seed)
					sameGame(t, want, roundTrip(t, want))
					want = playRandom(t, tb, seed)
					sameGame(t, want, roundTrip(t, want))
				}
			})
		}
	}
}

// stackedDoc is a hanab.live game of variant (hanab.live's name; its
// catalogue name is name) for two seats whose deck starts with front, the
// rest in suit and rank order.
func stackedDoc(t *testing.T, name, live string, front []Card, actions ...Action) *Game {
	t.Helper()
	v, err := variants.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	left := map[Card]int{}
	for si, s := range v.Suits {
		for _, r := range s.Ranks {
			left[Card{si, r}]++
		}
	}
	var deck []Card
	for _, c := range front {
		left[c]--
		deck = append(deck, c)
	}
	for si := range v.Suits {
		for r := 1; r <= 5; r++ {
			for ; left[Card{si, r}] > 0; left[Card{si, r}]-- {
				deck = append(deck, Card{si, r})
			}
		}
	}
	return &Game{Players: []string{"a", "b"}, Deck: deck, Actions: actions, Options: Options{Variant: live}}
}

// TestImportThrowItInAHole: in hanab.live's Throw It in a Hole a completed
// firework gives no clue back (rules/clueTokens.ts), so a game that
// completes red at 7 note tokens may discard next; in "4 Suits" the same
// discard is refused at 8. Seat 0 holds red 1–5 (ids 0–4), seat 1 yellow 1
// and 2, green 1, blue 1, yellow 3 (ids 5–9).
func TestImportThrowItInAHole(t *testing.T) {
	front := []Card{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 1}, {1, 2}, {2, 1}, {3, 1}, {1, 3}}
	actions := []Action{{Type: ActionPlay, Target: 0}, {Type: ActionColorClue, Target: 0, Value: 0},
		{Type: ActionPlay, Target: 1}, {Type: ActionPlay, Target: 5}, {Type: ActionPlay, Target: 2}, {Type: ActionPlay, Target: 7},
		{Type: ActionPlay, Target: 3}, {Type: ActionPlay, Target: 8}, {Type: ActionPlay, Target: 4}, {Type: ActionDiscard, Target: 6}}
	r, err := ImportGame(stackedDoc(t, "throw-it-in-a-hole-4-suits", "Throw It in a Hole (4 Suits)", front, actions...))
	if err != nil {
		t.Fatal(err)
	}
	if g := r.State; g.Score() != 8 || g.NoteTokens() != 8 || g.Firework(0) != 5 {
		t.Fatalf("score %d, notes %d, red %d; want 8, 8, 5", g.Score(), g.NoteTokens(), g.Firework(0))
	}
	_, err = ImportGame(stackedDoc(t, "4-suits", "4 Suits", front, actions...))
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.Index != 9 || !errors.Is(err, engine.ErrNotesFull) {
		t.Fatalf("4 Suits import: %v, want action 9 refused with notes_full", err)
	}
}
