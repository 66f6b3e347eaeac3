package hanablive

import (
	"errors"
	"slices"
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

// TestImportOrange: hanab.live stores the move that happened to an Orange
// card (command_action.go: a card asked to be played that is discarded is
// stored as a discard, one asked to be discarded that goes to its firework
// as a play), and its replays take the file as it is. Its files import to
// the game they record, and the model of hanab.live's rules, replaying them
// as hanab.live does, agrees. (This server once read such a file as the
// moves asked for, and swapped them a second time.)
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
		{"an orange card stored as played went to its firework", []Action{{Type: ActionPlay, Target: 0}}, 1, 8, 0, -1, nil},
		{"an orange card stored as discarded was discarded", []Action{{Type: ActionRankClue, Target: 1, Value: 1}, {Type: ActionDiscard, Target: 9}}, 0, 8, 0, -1, nil},
		{"an orange card stored as played out of order was misplayed", []Action{{Type: ActionPlay, Target: 1}}, 0, 8, 1, -1, nil},
		{"a card known not orange may be discarded at the maximum",
			[]Action{{Type: ActionColorClue, Target: 1, Value: 1}, {Type: ActionColorClue, Target: 0, Value: 0},
				{Type: ActionDiscard, Target: 0}, {Type: ActionDiscard, Target: 5}, {Type: ActionDiscard, Target: 2}},
			0, 8, 0, -1, nil},
		{"a card not in the hand is refused", []Action{{Type: ActionRankClue, Target: 1, Value: 1}, {Type: ActionPlay, Target: 1}},
			0, 0, 0, 1, engine.ErrCardNotInHand},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := orangeDoc(t, tt.actions...)
			r, err := ImportGame(doc)
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
			m := liveReplay(t, doc)
			if m.Stacks[4] != tt.orange || m.Clues != tt.notes || m.Strikes != tt.storms {
				t.Fatalf("hanab.live's replay: orange %d clues %d strikes %d", m.Stacks[4], m.Clues, m.Strikes)
			}
		})
	}
}

// TestRoundTripRules plays whole games of variants with hanab.live's rules
// beyond the touch table (Orange, Clue Starved, Alternating Clues, Reversed,
// Sudoku, Up or Down, Throw It in a Hole, Cow & Pig, Duck) and round-trips them.
func TestRoundTripRules(t *testing.T) {
	for _, name := range []string{"orange-6-suits", "orange-5-suits", "orange-4-suits", "orange-3-suits",
		"clue-starved-6-suits", "clue-starved-orange-5-suits", "alternating-clues-5-suits", "alternating-clues-null-3-suits",
		"reversed-6-suits", "reversed-3-suits", "black-reversed-5-suits", "orange-reversed-4-suits", "white-reversed-rainbow-4-suits",
		"sudoku-5-suits", "sudoku-4-suits", "sudoku-dark-orange-5-suits", "sudoku-null-4-suits",
		"up-or-down-6-suits", "up-or-down-5-suits", "up-or-down-prism-5-suits", "up-or-down-dark-omni-6-suits", "up-or-down-orange-5-suits",
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

// TestImportUpOrDown: hanab.live writes a START card as rank 7 in its deck;
// its games import with the Up or Down rule, and export the card as rank 7.
func TestImportUpOrDown(t *testing.T) {
	v, err := variants.Get("up-or-down-5-suits")
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0: red START, red 4, red 3, yellow 5, yellow 4; seat 1 blue 1, 2, 2, 3, 3.
	front := []Card{{0, 7}, {0, 4}, {0, 3}, {1, 5}, {1, 4}, {3, 1}, {3, 2}, {3, 2}, {3, 3}, {3, 3}}
	left := map[Card]int{}
	for si, s := range v.Suits {
		for _, r := range s.Ranks {
			left[Card{si, r}]++
		}
	}
	deck := append([]Card(nil), front...)
	for _, c := range front {
		left[c]--
	}
	for si := range v.Suits {
		for _, r := range []int{1, 2, 3, 4, 5, 7} {
			for ; left[Card{si, r}] > 0; left[Card{si, r}]-- {
				deck = append(deck, Card{si, r})
			}
		}
	}
	actions := []Action{
		{Type: ActionPlay, Target: 0}, {Type: ActionRankClue, Target: 0, Value: 4}, // red START
		{Type: ActionPlay, Target: 1}, {Type: ActionRankClue, Target: 0, Value: 3}, // red 4: down
		{Type: ActionPlay, Target: 2}, {Type: ActionRankClue, Target: 0, Value: 5}, // red 3
		{Type: ActionPlay, Target: 3}, {Type: ActionRankClue, Target: 0, Value: 4}, // yellow 5: down
		{Type: ActionPlay, Target: 4}, // yellow 4
	}
	doc := &Game{Players: []string{"a", "b"}, Deck: deck, Actions: actions, Options: Options{Variant: "Up or Down (5 Suits)"}}
	r, err := ImportGame(doc)
	if err != nil {
		t.Fatal(err)
	}
	g := r.State
	if g.Firework(0) != 3 || g.Firework(1) != 4 || g.Score() != 5 || g.StormsUsed() != 0 ||
		g.Direction(0) != engine.Down || g.Direction(1) != engine.Down || g.Direction(2) != engine.Undecided {
		t.Fatalf("fireworks %d %d, score %d, storms %d, directions %v %v %v", g.Firework(0), g.Firework(1), g.Score(), g.StormsUsed(),
			g.Direction(0), g.Direction(1), g.Direction(2))
	}
	// An empty firework takes no 4 (a misplay, as on hanab.live), and
	// still takes START after it.
	doc.Actions = []Action{{Type: ActionPlay, Target: 1}, {Type: ActionRankClue, Target: 0, Value: 3}, {Type: ActionPlay, Target: 0}}
	if r, err = ImportGame(doc); err != nil || r.State.StormsUsed() != 1 || r.State.Firework(0) != engine.StartRank {
		t.Fatalf("a red 4 then START: %v", err)
	}
	// A whole game exports its START cards as rank 7.
	want := playCareful(t, table{"up-or-down-5-suits", variants.Settings{StormTokens: 3, NoteTokens: 8}, 3}, 1)
	out, err := Export(want)
	if err != nil {
		t.Fatal(err)
	}
	starts := 0
	for _, c := range out.Deck {
		if c.Rank == 7 {
			starts++
		}
	}
	if starts != 5 || out.Options.Variant != "Up or Down (5 Suits)" {
		t.Fatalf("exported %d START cards, variant %q", starts, out.Options.Variant)
	}
}

// TestHandOptions: hanab.live's oneExtraCard and oneLessCard deal hands of
// one card more or one less; games with them round-trip, the option
// written back, and a 2-player game holds six cards a hand.
func TestHandOptions(t *testing.T) {
	for _, o := range []struct {
		name        string
		extra, less bool
		delta       int
	}{{"one extra card", true, false, 1}, {"one less card", false, true, -1}} {
		for _, name := range []string{"basic", "up-or-down-5-suits", "farbrausch2", "prism-5-suits"} {
			for players := 2; players <= 6; players++ {
				s := variants.Settings{StormTokens: 3, NoteTokens: 8, OneExtraCard: o.extra, OneLessCard: o.less}
				if name == "farbrausch2" {
					s.RainbowCards = 10
				}
				tb := table{name, s, players}
				t.Run(o.name+"/"+tb.String(), func(t *testing.T) {
					for seed := range uint64(2) {
						want := playCareful(t, tb, seed)
						if n := len(want.State.Hand(0)); seed == 0 && n > engine.HandSize(players)+o.delta {
							t.Fatalf("seat 0 holds %d cards", n)
						}
						out, err := Export(want)
						if err != nil {
							t.Fatal(err)
						}
						if out.Options.OneExtraCard != o.extra || out.Options.OneLessCard != o.less {
							t.Fatalf("exported options %+v", out.Options)
						}
						sameGame(t, want, roundTrip(t, want))
					}
				})
			}
		}
	}
	v, err := variants.Get("basic")
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Resolve(variants.Options{OneExtraCard: ptrTo(true)})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := v.Config(s, 2)
	if err != nil || cfg.Hand() != 6 {
		t.Fatalf("2 players with one extra card: hands of %d, %v", cfg.Hand(), err)
	}
	g, err := engine.NewSeeded(cfg, "six")
	if err != nil || len(g.Hand(0)) != 6 || len(g.Hand(1)) != 6 || g.DeckCount() != 38 {
		t.Fatalf("dealt %v and %v, deck %d: %v", g.Hand(0), g.Hand(1), g.DeckCount(), err)
	}
}

func ptrTo[T any](v T) *T { return &v }

// TestDeckPlaysAndAllOrNothing: hanab.live's deckPlays (a play whose target
// is the deck's last card, while it is the only one left) and allOrNothing
// (no last round; 0 once a perfect game is impossible) import, and games
// with them export with the options and round-trip to the same game.
func TestDeckPlaysAndAllOrNothing(t *testing.T) {
	deckPlays := 0
	for _, tt := range []struct {
		variant      string
		players      int
		allOrNothing bool
	}{{"basic", 2, false}, {"basic", 4, true}, {"up-or-down-5-suits", 3, false}, {"up-or-down-6-suits", 2, true}, {"sudoku-5-suits", 3, true}} {
		v, err := variants.Get(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		s := variants.Settings{StormTokens: 3, NoteTokens: 8, DeckPlays: true, AllOrNothing: tt.allOrNothing, Rules: v.Rules.String()}
		cfg, err := v.Config(s, tt.players)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewSeeded(cfg, "deck-play-"+tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		// Until one card is left: a play that succeeds, else a discard
		// that does not end the game, else a clue (tried on a copy).
		for g.DeckCount() > 1 && !g.Over() {
			legal := g.LegalActions(nil)
			a := legal[len(legal)-1]
			for _, b := range legal {
				try := g.Clone()
				ev, err := try.Apply(b)
				if err == nil && !try.Over() && (b.Kind == engine.Play && ev.Success || b.Kind == engine.Discard && !ev.Swapped) {
					a = b
					break
				}
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		last := cfg.DeckSize() - 1
		played := false
		if !g.Over() {
			if _, err := g.Apply(engine.PlayCard(last)); err != nil {
				t.Fatalf("%s: the deck play: %v", tt.variant, err)
			}
			played = true
			deckPlays++
		}
		for !g.Over() {
			if _, err := g.Apply(g.LegalActions(nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
		want := &Replay{Variant: tt.variant, Settings: s, Players: []string{"a", "b", "c", "d", "e"}[:tt.players], State: g}
		out, err := Export(want)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Options.DeckPlays || out.Options.AllOrNothing != tt.allOrNothing {
			t.Fatalf("%s: exported options %+v", tt.variant, out.Options)
		}
		if played && !slices.Contains(out.Actions, Action{Type: ActionPlay, Target: last}) {
			t.Fatalf("%s: no play of card %d in %v", tt.variant, last, out.Actions)
		}
		back := roundTrip(t, want)
		sameGame(t, want, back)
		if r, _ := back.State.Result(); tt.allOrNothing && r.Reason != engine.EndPerfect && r.Score != 0 {
			t.Fatalf("%s: all or nothing ended %+v", tt.variant, r)
		}
		// Without the option hanab.live's server refuses the same play.
		doc := *out
		doc.Options.DeckPlays = false
		if _, err := ImportGame(&doc); played && !errors.Is(err, engine.ErrCardNotInHand) {
			t.Fatalf("%s: without deckPlays: %v", tt.variant, err)
		}
	}
	if deckPlays < 3 {
		t.Fatalf("%d games had a deck play", deckPlays)
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
