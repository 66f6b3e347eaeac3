package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// untilDeck plays clues and discards (no plays) until the deck holds n cards.
func untilDeck(t *testing.T, g *engine.Game, n int) {
	t.Helper()
	for g.DeckCount() > n {
		var pick engine.Action
		for _, a := range g.LegalActions(nil) {
			if a.Kind == engine.Discard || (a.IsClue() && g.NoteTokens() == g.Config().NoteTokens) {
				pick = a
				break
			}
		}
		apply(t, g, pick)
	}
}

// TestDeckPlays: with deck plays (hanab.live's bottom-deck blind plays) the
// seat to act may play the deck's last card, named by its id, while it is
// the only one left: it is played at once, the hand keeps its size, and
// the last round begins. Not before, and not without the option.
func TestDeckPlays(t *testing.T) {
	for _, players := range []int{2, 3, 5} {
		for _, on := range []bool{true, false} {
			t.Run(fmt.Sprintf("%dp/deck-plays-%v", players, on), func(t *testing.T) {
				cfg := setup(t, "basic", players, variants.Options{})
				cfg.DeckPlays = on
				g, err := engine.NewSeeded(cfg, fmt.Sprint("deck", players))
				if err != nil {
					t.Fatal(err)
				}
				last := engine.PlayCard(cfg.DeckSize() - 1)
				untilDeck(t, g, 2)
				if err := g.Check(last); !errors.Is(err, engine.ErrCardNotInHand) {
					t.Fatalf("with two cards left: %v", err)
				}
				untilDeck(t, g, 1)
				seat, hand := g.Current(), len(g.Hand(g.Current()))
				listed := func(buf []engine.Action) bool {
					for _, a := range buf {
						if a == last {
							return true
						}
					}
					return false
				}
				v := g.View(seat)
				if listed(g.LegalActions(nil)) != on || listed(v.LegalActions(nil)) != on || (v.Check(last) == nil) != on {
					t.Fatalf("deck play listed %v, in the view %v, view check %v", listed(g.LegalActions(nil)), listed(v.LegalActions(nil)), v.Check(last))
				}
				if !on {
					if _, err := g.Apply(last); !errors.Is(err, engine.ErrCardNotInHand) {
						t.Fatalf("without the option: %v", err)
					}
					return
				}
				ev := apply(t, g, last)
				if ev.Card != g.Deck()[cfg.DeckSize()-1] || ev.Drawn != -1 || len(g.Hand(seat)) != hand || g.DeckCount() != 0 ||
					g.FinalTurnsLeft() != players || g.Over() {
					t.Fatalf("deck play: %+v, hand %d (was %d), deck %d, final turns %d", ev, len(g.Hand(seat)), hand, g.DeckCount(), g.FinalTurnsLeft())
				}
				if listed(g.LegalActions(nil)) {
					t.Fatal("the deck's card is listed again")
				}
				for !g.Over() {
					apply(t, g, g.LegalActions(nil)[0])
				}
				if r, _ := g.Result(); r.Reason != engine.EndDeckOut && r.Reason != engine.EndStorms {
					t.Fatalf("ended %v", r.Reason)
				}
			})
		}
	}
}

// TestAllOrNothingDiscards: a discard or misplay of the last copy of a card
// a firework still needs ends an All or Nothing game at once with 0; one of
// a card with copies left, or of a card no firework needs, does not.
func TestAllOrNothingDiscards(t *testing.T) {
	tests := []struct {
		name  string
		moves func(g *engine.Game) []engine.Action
		over  bool
	}{
		// Seat 0: red 5, red 1, red 1, yellow 1, yellow 2; seat 1: red 1, blue 1, blue 2, green 1, green 2.
		{"the only red 5", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueRank(1, 1), engine.PlayCard(5), engine.DiscardCard(0)}
		}, true},
		{"a red 1 of three", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueRank(1, 1), engine.PlayCard(5), engine.DiscardCard(1)}
		}, false},
		{"a misplayed red 5", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.PlayCard(0)}
		}, true},
		{"a red 1 once red 1 is played", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueRank(1, 1), engine.PlayCard(5), engine.DiscardCard(1), engine.ClueRank(0, 1), engine.DiscardCard(2)}
		}, false},
		{"a yellow 2 of two", func(g *engine.Game) []engine.Action {
			return []engine.Action{engine.ClueRank(1, 1), engine.ClueRank(0, 2), engine.DiscardCard(4)}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := setup(t, "basic", 2, variants.Options{})
			cfg.AllOrNothing = true
			g := deal(t, cfg, c(red, 5), c(red, 1), c(red, 1), c(yellow, 1), c(yellow, 2),
				c(red, 1), c(blue, 1), c(blue, 2), c(green, 1), c(green, 2))
			ev := apply(t, g, tt.moves(g)...)
			if g.Over() != tt.over {
				t.Fatalf("over %v, want %v", g.Over(), tt.over)
			}
			if tt.over && (ev.Result.Reason != engine.EndAllOrNothing && ev.Result.Reason != engine.EndStorms || ev.Result.Score != 0 || g.Score() != 0) {
				t.Fatalf("result %+v", ev.Result)
			}
		})
	}
}

// TestAllOrNothingWholeGames: the deck running out starts no last round;
// a game ends perfect, by the storms, or as soon as a firework can no longer
// be completed (a plain model of the basic game says when) or the seat to
// act can do nothing, always 0 but for a perfect game.
func TestAllOrNothingWholeGames(t *testing.T) {
	ends := map[engine.EndReason]int{}
	for players := 2; players <= 5; players++ {
		cfg := setup(t, "basic", players, variants.Options{})
		cfg.AllOrNothing, cfg.DeckPlays = true, players%2 == 0
		rng := rand.New(rand.NewPCG(uint64(players), 99))
		for seed := range 40 {
			g, err := engine.NewSeeded(cfg, fmt.Sprint("aon", seed))
			if err != nil {
				t.Fatal(err)
			}
			deck := g.Deck()
			var fw [5]int
			var gone [5][6]int
			copies := [6]int{0, 3, 2, 2, 2, 1}
			possible := func() bool {
				for s := range 5 {
					for r := fw[s] + 1; r <= 5; r++ {
						if gone[s][r] == copies[r] {
							return false
						}
					}
				}
				return true
			}
			for !g.Over() {
				buf := g.LegalActions(nil)
				if len(buf) == 0 {
					t.Fatalf("turn %d: no legal action while running", g.Turn())
				}
				a := buf[rng.IntN(len(buf))]
				// Mostly plays that fit, else any move.
				for _, b := range buf {
					if b.Kind == engine.Play && deck[b.Card].Rank == fw[deck[b.Card].Suit]+1 && rng.IntN(3) != 0 {
						a = b
					}
				}
				ev := apply(t, g, a)
				if ev.Action.Kind == engine.Play || ev.Action.Kind == engine.Discard {
					if ev.Success {
						fw[ev.Card.Suit] = ev.Card.Rank
					} else {
						gone[ev.Card.Suit][ev.Card.Rank]++
					}
				}
				if g.FinalTurnsLeft() != -1 {
					t.Fatalf("turn %d: a last round of %d turns", g.Turn(), g.FinalTurnsLeft())
				}
				r, over := g.Result()
				switch {
				case !over && !possible():
					t.Fatalf("turn %d: running with a firework that cannot be completed", ev.Turn)
				case over && r.Reason == engine.EndAllOrNothing && possible() && len(g.Hand(g.Current())) != 0:
					t.Fatalf("turn %d: ended all or nothing while a perfect game was possible", ev.Turn)
				case over && r.Reason != engine.EndPerfect && r.Score != 0:
					t.Fatalf("turn %d: %+v", ev.Turn, r)
				}
			}
			r, _ := g.Result()
			ends[r.Reason]++
			if _, err := engine.ReplayFirst(cfg, deck, g.First(), g.Log()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ends[engine.EndAllOrNothing] == 0 || ends[engine.EndDeckOut] != 0 {
		t.Fatalf("ends %v", ends)
	}
	t.Logf("ends %v", ends)
}

// TestRandomTableOptionGames plays random games with the table options
// (hands of one card more or less, deck plays, all or nothing) on variants
// of every rule group, checking the invariants after every action.
func TestRandomTableOptionGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	names := []string{"basic", "up-or-down-5-suits", "sudoku-5-suits", "reversed-6-suits", "orange-5-suits",
		"clue-starved-5-suits", "alternating-clues-5-suits", "dark-null-5-suits", "up-or-down-dark-null-6-suits"}
	n := 0
	for i, name := range names {
		for players := 2; players <= 6; players++ {
			for opt := range 8 {
				cfg := setup(t, name, players, variants.Options{EmptyClues: ptr(opt%3 == 0)})
				cfg.HandDelta = opt%3 - 1
				cfg.DeckPlays, cfg.AllOrNothing = opt&2 != 0, opt&4 != 0
				seed := fmt.Sprintf("%s/%d/%d", name, players, opt)
				g, err := engine.NewSeeded(cfg, seed)
				if err != nil {
					t.Fatalf("%s: %v", seed, err)
				}
				if err := randomGame(g, rng, policies[(i+opt)%len(policies)]); err != nil {
					t.Fatalf("%s (hand %+d, deck plays %v, all or nothing %v): %v", seed, cfg.HandDelta, cfg.DeckPlays, cfg.AllOrNothing, err)
				}
				n++
			}
		}
	}
	t.Logf("%d games", n)
}
