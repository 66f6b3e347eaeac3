package engine_test

import (
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// The ways hanab.live's rules differ from the ABACUS rules, each as its
// code states it (server/src/game.go CheckEnd and GetMaxScore,
// command_action.go), on the catalogue's variants, which play them. The
// rules' own variants keep the ABACUS rules (TestABACUSKeepsItsEnds).

// discardOneOf makes the seat to act discard its newest card of the given
// cards (by identity) and fails if it holds none.
func discardOneOf(t *testing.T, g *engine.Game, cards ...engine.Card) engine.Event {
	t.Helper()
	deck := g.Deck()
	for _, id := range g.Hand(g.Current()) {
		if slices.Contains(cards, deck[id]) {
			return apply(t, g, engine.DiscardCard(id))
		}
	}
	t.Fatalf("turn %d: seat %d holds none of %v", g.Turn(), g.Current(), cards)
	return engine.Event{}
}

// clueAny gives the first clue the seat to act may give.
func clueAny(t *testing.T, g *engine.Game) engine.Event {
	t.Helper()
	for _, a := range g.LegalActions(nil) {
		if a.IsClue() {
			return apply(t, g, a)
		}
	}
	t.Fatalf("turn %d: no clue to give", g.Turn())
	return engine.Event{}
}

// TestHanabLiveEndsAtMaxPossible: hanab.live lowers its maximum score with
// every discard of a card's last copy (GetMaxScore) and ends the game when
// the score reaches it (CheckEnd: "Maximum score reached"). Seat 0 holds
// red 1 to 5, seat 1 discards every 1 of the other suits: the maximum is 5,
// and the red 5 ends the game with 5 points.
func TestHanabLiveEndsAtMaxPossible(t *testing.T) {
	cfg := setup(t, "no-variant", 2, variants.Options{})
	ones := []engine.Card{c(yellow, 1), c(green, 1), c(blue, 1), c(white, 1)}
	g := deal(t, cfg, c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 1), c(yellow, 1), c(green, 1), c(green, 1),
		c(yellow, 2), // seat 0 draws it for its red 1
		c(green, 1), c(blue, 1), c(blue, 1), c(blue, 1), c(white, 1), c(white, 1), c(white, 1))
	apply(t, g, engine.PlayCard(0), engine.ClueRank(0, 2))
	for range 12 {
		clueAny(t, g) // seat 0
		discardOneOf(t, g, ones...)
	}
	if g.Over() || g.Score() != 1 {
		t.Fatalf("after the discards: over %v, score %d", g.Over(), g.Score())
	}
	for i, id := range []int{1, 2, 3} {
		apply(t, g, engine.PlayCard(id))
		if g.Over() {
			t.Fatalf("over after red %d", i+2)
		}
		clueAny(t, g)
	}
	ev := apply(t, g, engine.PlayCard(4))
	if !g.Over() || !ev.Over || ev.Result.Score != 5 || ev.Result.Reason.String() != "max_possible" {
		t.Fatalf("the red 5 at the maximum of 5: over %v, event %+v", g.Over(), ev)
	}
	if ev.Drawn < 0 {
		t.Error("the move that ended the game drew no card")
	}
}

// TestHanabLiveEndsWithNothingPlayable: once the deck is out, a seat's move
// after the one that drew the last card is its last, and its cards can no
// longer be played (command_action.go marks them); hanab.live ends the game
// as soon as no card that could be played is left anywhere else (CheckEnd:
// "No remaining cards can be played"), before the last round is over.
// Seat 0 keeps the last red 1 while every other 1 is discarded; after its
// last turn no 1 is left to play.
func TestHanabLiveEndsWithNothingPlayable(t *testing.T) {
	cfg := setup(t, "no-variant", 2, variants.Options{})
	front := []engine.Card{c(red, 1), c(yellow, 5), c(green, 5), c(blue, 5), c(white, 5),
		c(red, 1), c(red, 1), c(yellow, 1), c(yellow, 1), c(yellow, 1),
		c(green, 1), c(green, 1), c(green, 1), c(blue, 1), c(blue, 1), c(blue, 1), c(white, 1), c(white, 1), c(white, 1)}
	g := deal(t, cfg, front...)
	const kept = 0 // seat 0's red 1
	for g.DeckCount() > 0 {
		p := g.Current()
		hand := g.Hand(p)
		oldest := hand[len(hand)-1]
		if oldest == kept {
			oldest = hand[len(hand)-2]
		}
		// Seat 1 draws the last card, so that seat 0's next move is its last.
		if g.NoteTokens() == cfg.NoteTokens || p == 0 && g.DeckCount() == 1 {
			clueAny(t, g)
		} else {
			apply(t, g, engine.DiscardCard(oldest))
		}
		if g.Over() {
			t.Fatalf("over at turn %d with %d cards in the deck", g.Turn(), g.DeckCount())
		}
	}
	if g.Current() != 0 || !slices.Contains(g.Hand(0), kept) {
		t.Fatalf("seat %d to act, seat 0 holds %v", g.Current(), g.Hand(0))
	}
	for _, id := range g.Hand(1) {
		if g.Deck()[id].Rank == 1 {
			t.Fatalf("seat 1 still holds a 1: %v", g.Deck()[id])
		}
	}
	ev := clueAny(t, g) // seat 0's last turn, its red 1 unplayed
	if !g.Over() || ev.Result.Score != 0 || ev.Result.Reason.String() != "no_playable_cards" {
		t.Fatalf("after seat 0's last turn: over %v, event %+v", g.Over(), ev)
	}
}

// TestHanabLiveDrawsOnTheEndingMove: hanab.live draws the card that
// replaces a play or discard before it judges the end (command_action.go,
// then CheckEnd): after the third strike the seat holds 5 cards and the
// deck 37.
func TestHanabLiveDrawsOnTheEndingMove(t *testing.T) {
	cfg := setup(t, "no-variant", 2, variants.Options{})
	g := deal(t, cfg, c(red, 5), c(red, 4), c(red, 4), c(red, 3), c(red, 2),
		c(yellow, 5), c(green, 5), c(blue, 5), c(white, 5), c(white, 4))
	apply(t, g, engine.PlayCard(0), engine.PlayCard(5))
	ev := apply(t, g, engine.PlayCard(1))
	if !ev.Over || ev.Result.Reason != engine.EndStorms || ev.Result.Score != 0 {
		t.Fatalf("third strike: %+v", ev)
	}
	if ev.Drawn != 12 || len(g.Hand(0)) != 5 || g.DeckCount() != 37 {
		t.Errorf("after the third strike: drew %d, seat 0 holds %d, deck %d; want 12, 5 and 37", ev.Drawn, len(g.Hand(0)), g.DeckCount())
	}
}

// TestHanabLiveFirstSeat: hanab.live's rules let a random player start; a
// game's seed picks the seat, so a seeded game and its replay start alike.
// The rules' own variants start with seat 0.
func TestHanabLiveFirstSeat(t *testing.T) {
	for players := 2; players <= 6; players++ {
		live := setup(t, "no-variant", players, variants.Options{})
		abacus := setup(t, "basic", players, variants.Options{})
		seen := map[int]int{}
		for i := range 60 {
			seed := string(rune('a'+i%26)) + string(rune('A'+i/26))
			g, err := engine.NewSeeded(live, seed)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := engine.NewSeeded(live, seed)
			seen[g.Current()]++
			if again.Current() != g.Current() || !slices.Equal(again.Deck(), g.Deck()) {
				t.Fatalf("seed %q deals two games", seed)
			}
			if b, _ := engine.NewSeeded(abacus, seed); b.Current() != 0 {
				t.Fatalf("basic starts with seat %d", b.Current())
			}
		}
		if len(seen) != players {
			t.Errorf("%d players: the first seats of 60 games %v", players, seen)
		}
	}
}

// TestHanabLiveOrangeDiscardsAtMax: in a variant with an inverted suit
// hanab.live takes any discard at the clue maximum (command_action.go:
// "AtMaxClueTokens && !HasInvertedSuits"), whatever the holder knows of it.
func TestHanabLiveOrangeDiscardsAtMax(t *testing.T) {
	cfg := setup(t, "orange-5-suits", 2, variants.Options{})
	g := deal(t, cfg, c(orange, 1), c(orange, 2), c(red, 1), c(red, 2), c(orange, 5),
		c(yellow, 1), c(yellow, 2), c(green, 1), c(blue, 1), c(orange, 1))
	// Seat 0's red cards are clued red: it knows they are not orange.
	apply(t, g, engine.ClueColor(1, yellow), engine.ClueColor(0, red), engine.PlayCard(0), engine.DiscardCard(5))
	if g.NoteTokens() != 8 {
		t.Fatalf("notes %d", g.NoteTokens())
	}
	if err := g.View(0).Check(engine.DiscardCard(2)); err != nil {
		t.Fatalf("the view refuses: %v", err)
	}
	ev := apply(t, g, engine.DiscardCard(2))
	if ev.Success || ev.Swapped || ev.NoteGained || g.NoteTokens() != 8 {
		t.Errorf("a red 1 discarded at the maximum: %+v, notes %d", ev, g.NoteTokens())
	}
}

// TestHanabLiveOrangeDiscardsTheDeck: with deck plays, hanab.live takes a
// discard of the deck's last card in a variant with an inverted suit
// (command_action.go, commandActionDiscard): an orange card goes to its
// firework, another card to the discards.
func TestHanabLiveOrangeDiscardsTheDeck(t *testing.T) {
	for _, last := range []engine.Card{c(orange, 1), c(red, 2)} {
		cfg := setup(t, "orange-5-suits", 2, variants.Options{DeckPlays: ptr(true)})
		deck := stack(t, cfg)
		// The card wanted last goes to the bottom of the deck; no orange card
		// is in the deal, so that the seats discard none before it.
		i := indexOf(deck, last)
		deck = append(append(slices.Clone(deck[:i]), deck[i+1:]...), last)
		slices.SortStableFunc(deck[:len(deck)-1], func(a, b engine.Card) int {
			return btoi(a.Suit == orange) - btoi(b.Suit == orange)
		})
		g, err := engine.New(cfg, deck)
		if err != nil {
			t.Fatal(err)
		}
		for g.DeckCount() > 1 {
			// Discard the newest card that is not orange, else clue.
			hand := g.Hand(g.Current())
			done := false
			for _, id := range hand {
				if g.Deck()[id].Suit != orange && g.Check(engine.DiscardCard(id)) == nil {
					apply(t, g, engine.DiscardCard(id))
					done = true
					break
				}
			}
			if !done {
				clueAny(t, g)
			}
		}
		id := cfg.DeckSize() - 1
		if err := g.View(g.Current()).Check(engine.DiscardCard(id)); err != nil {
			t.Fatalf("%v last: the view refuses the deck's discard: %v", last, err)
		}
		listed := slices.Contains(g.LegalActions(nil), engine.DiscardCard(id))
		notes, score := g.NoteTokens(), g.Score()
		ev := apply(t, g, engine.DiscardCard(id))
		if !listed || ev.Card != last || g.DeckCount() != 0 || g.FinalTurnsLeft() != cfg.Players {
			t.Fatalf("%v last: listed %v, event %+v, deck %d, final turns %d", last, listed, ev, g.DeckCount(), g.FinalTurnsLeft())
		}
		if last.Suit == orange && (!ev.Success || g.Score() != score+1) {
			t.Errorf("the orange 1 discarded from the deck is not played: %+v", ev)
		}
		if last.Suit != orange && (ev.Success || g.NoteTokens() != min(notes+1, 8)) {
			t.Errorf("the red 2 discarded from the deck: %+v, notes %d", ev, g.NoteTokens())
		}
	}
	// Without an inverted suit the deck's last card is only played.
	cfg := setup(t, "no-variant", 2, variants.Options{DeckPlays: ptr(true)})
	if cfg.DiscardsDeck() {
		t.Error("no-variant discards the deck")
	}
}

// TestABACUSKeepsItsEnds: the rules' own variants play on to the last
// round, draw nothing on the move that ends the game, and start with seat
// 0, as the ABACUS rules say.
func TestABACUSKeepsItsEnds(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	if cfg.Rules != engine.RulesABACUS {
		t.Fatalf("basic plays %v", cfg.Rules)
	}
	// As TestHanabLiveEndsAtMaxPossible, under the ABACUS rules.
	ones := []engine.Card{c(yellow, 1), c(green, 1), c(blue, 1), c(white, 1)}
	g := deal(t, cfg, c(red, 1), c(red, 2), c(red, 3), c(red, 4), c(red, 5),
		c(yellow, 1), c(yellow, 1), c(yellow, 1), c(green, 1), c(green, 1),
		c(yellow, 2), c(green, 1), c(blue, 1), c(blue, 1), c(blue, 1), c(white, 1), c(white, 1), c(white, 1))
	apply(t, g, engine.PlayCard(0), engine.ClueRank(0, 2))
	for range 12 {
		clueAny(t, g)
		discardOneOf(t, g, ones...)
	}
	for _, id := range []int{1, 2, 3} {
		apply(t, g, engine.PlayCard(id))
		clueAny(t, g)
	}
	ev := apply(t, g, engine.PlayCard(4))
	if g.Over() || g.MaxPossible() != 5 || g.Score() != 5 {
		t.Fatalf("at the maximum: over %v, maximum %d, score %d (%+v)", g.Over(), g.MaxPossible(), g.Score(), ev)
	}
	// The third storm draws nothing.
	b := deal(t, cfg, c(red, 5), c(red, 4), c(red, 4), c(red, 3), c(red, 2),
		c(yellow, 5), c(green, 5), c(blue, 5), c(white, 5), c(white, 4))
	apply(t, b, engine.PlayCard(0), engine.PlayCard(5))
	if ev := apply(t, b, engine.PlayCard(1)); !ev.Over || ev.Drawn != -1 || len(b.Hand(0)) != 4 || b.DeckCount() != 38 {
		t.Errorf("the third storm: %+v, hand %d, deck %d", ev, len(b.Hand(0)), b.DeckCount())
	}
	if b.First() != 0 {
		t.Errorf("first seat %d", b.First())
	}
}

func TestEndReasonNamesHanabLive(t *testing.T) {
	want := map[engine.EndReason]string{engine.EndAllOrNothing: "all_or_nothing", engine.EndMaxPossible: "max_possible",
		engine.EndNoPlayable: "no_playable_cards", engine.EndTerminated: "terminated", engine.EndTimeout: "timeout", engine.EndIdle: "idle"}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("%d.String() = %q, want %q", r, r.String(), s)
		}
	}
}

// TestHanabLiveSudokuMax: hanab.live's server counts a Sudoku firework's
// run from a first card as the whole stretch of ranks left that the card is
// in, up to the next rank gone (variants_sudoku.go, sudokuWalkUpAll), so it
// ends its games at that count, not at the true maximum, which the views
// show (as its client does). Red's 3s gone and the others started at 1, 4
// and 3: red can only start at 2 and take one card, which hanab.live's
// server counts as two. (TestHanabLiveSudokuAssign shows its other slip.)
func TestHanabLiveSudokuMax(t *testing.T) {
	cfg := setup(t, "sudoku-4-suits", 2, variants.Options{})
	front := []engine.Card{c(red, 3), c(red, 3), c(yellow, 1), c(green, 4), c(blue, 3),
		c(red, 1), c(red, 2), c(yellow, 2), c(green, 1), c(blue, 1)}
	for _, rules := range []engine.Rules{engine.RulesHanabLive, engine.RulesABACUS} {
		cfg.Rules = rules
		g := deal(t, cfg, front...)
		apply(t, g, engine.PlayCard(2), engine.ClueRank(0, 3), engine.PlayCard(3), engine.ClueRank(0, 3),
			engine.PlayCard(4), engine.ClueRank(0, 3), engine.DiscardCard(0), engine.ClueRank(0, 3), engine.DiscardCard(1))
		want := 13
		if rules == engine.RulesHanabLive {
			want = 14
		}
		if g.MaxPossible() != 13 || g.EndMax() != want || g.View(0).MaxPossible != 13 {
			t.Errorf("%v: maximum %d, ends at %d, the view's %d; want 13, %d, 13", rules, g.MaxPossible(), g.EndMax(), g.View(0).MaxPossible, want)
		}
	}
}

// TestHanabLiveSudokuAssign: hanab.live's server, searching for the best
// first cards of the fireworks that have none (variants_sudoku.go,
// variantSudokuGetMaxScore), may give two of them the same card. Blue
// started at 4 and its 1s are gone; red's 2s, yellow's 1s and 2s are gone;
// green keeps every card. Red, yellow and green share the first cards 1, 2
// and 3: at best 7 (red 1, yellow 2 from 3, green 4 from 2), 8 in all with
// blue's 4; hanab.live's server counts red and yellow both from 3 (3 and
// 2) and green whole without a first card: 10.
func TestHanabLiveSudokuAssign(t *testing.T) {
	cfg := setup(t, "sudoku-4-suits", 2, variants.Options{})
	front := []engine.Card{c(blue, 4), c(red, 2), c(red, 2), c(yellow, 1), c(yellow, 1),
		c(yellow, 2), c(yellow, 2), c(blue, 1), c(blue, 1), c(green, 1)}
	for _, rules := range []engine.Rules{engine.RulesHanabLive, engine.RulesABACUS} {
		cfg.Rules = rules
		g := deal(t, cfg, front...)
		apply(t, g, engine.PlayCard(0))
		for _, id := range []int{1, 2, 3, 4} {
			clueAny(t, g)
			apply(t, g, engine.DiscardCard(id))
		}
		clueAny(t, g) // seat 1, at 8 note tokens
		for range 4 {
			clueAny(t, g) // seat 0
			discardOneOf(t, g, c(yellow, 2), c(blue, 1))
		}
		want := 8
		if rules == engine.RulesHanabLive {
			want = 10
		}
		if g.Over() || g.MaxPossible() != 8 || g.EndMax() != want {
			t.Errorf("%v: over %v, maximum %d, ends at %d; want 8 and %d", rules, g.Over(), g.MaxPossible(), g.EndMax(), want)
		}
	}
}
