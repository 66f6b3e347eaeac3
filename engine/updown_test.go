package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

const start = engine.StartRank

// TestUpOrDownDeck: each suit has one 1, two 2s, 3s and 4s, one 5 and one
// START card (a one-of-each suit one of each and START), and a perfect game
// scores five a suit.
func TestUpOrDownDeck(t *testing.T) {
	for _, tt := range []struct {
		variant     string
		deck, score int
	}{{"up-or-down-5-suits", 45, 25}, {"up-or-down-6-suits", 54, 30}, {"up-or-down-black-6-suits", 51, 30}} {
		cfg := setup(t, tt.variant, 2, variants.Options{})
		if !cfg.UpOrDown || cfg.DeckSize() != tt.deck || cfg.MaxScore() != tt.score {
			t.Errorf("%s: up or down %v, deck %d, max score %d; want %d %d", tt.variant, cfg.UpOrDown, cfg.DeckSize(), cfg.MaxScore(), tt.deck, tt.score)
		}
		var n [engine.MaxRank + 1]int
		for _, r := range cfg.Suits[red].Ranks {
			n[r]++
		}
		if n != [engine.MaxRank + 1]int{0, 1, 2, 2, 2, 1, 0, 1} {
			t.Errorf("%s: red copies by rank %v", tt.variant, n)
		}
	}
}

// TestUpOrDownRule: the rule's edge cases, one red firework at a time. Seat
// 0 plays the cards in order; seat 1 gives an empty clue in between.
func TestUpOrDownRule(t *testing.T) {
	tests := []struct {
		name    string
		cards   []int  // red ranks, played in order
		success []bool // each play's success
		dir     engine.Direction
		score   int
		next    []int // the ranks that extend red now, as the view tells them
	}{
		{"up from 1", []int{1, 2, 3, 4, 5}, []bool{true, true, true, true, true}, engine.Up, 5, nil},
		{"down from 5", []int{5, 4, 3, 2, 1}, []bool{true, true, true, true, true}, engine.Down, 5, nil},
		{"START then up", []int{start, 2, 3, 4, 5}, []bool{true, true, true, true, true}, engine.Up, 5, nil},
		{"START then down", []int{start, 4, 3, 2, 1}, []bool{true, true, true, true, true}, engine.Down, 5, nil},
		{"START alone", []int{start}, []bool{true}, engine.Undecided, 1, []int{2, 4}},
		{"empty takes no 2", []int{2}, []bool{false}, engine.Undecided, 0, []int{1, 5, start}},
		{"empty takes no 3", []int{3}, []bool{false}, engine.Undecided, 0, []int{1, 5, start}},
		{"empty takes no 4", []int{4}, []bool{false}, engine.Undecided, 0, []int{1, 5, start}},
		{"START takes no 1", []int{start, 1}, []bool{true, false}, engine.Undecided, 1, []int{2, 4}},
		{"START takes no 5", []int{start, 5}, []bool{true, false}, engine.Undecided, 1, []int{2, 4}},
		{"START takes no 3", []int{start, 3}, []bool{true, false}, engine.Undecided, 1, []int{2, 4}},
		{"START only on an empty firework (up)", []int{1, start}, []bool{true, false}, engine.Up, 1, []int{2}},
		{"START only on an empty firework (down)", []int{5, start}, []bool{true, false}, engine.Down, 1, []int{4}},
		{"up skips nothing", []int{1, 3}, []bool{true, false}, engine.Up, 1, []int{2}},
		{"down from 5 takes no 1", []int{5, 1}, []bool{true, false}, engine.Down, 1, []int{4}},
		// START 4 3 and START 2 3 both hold three cards with a 3 on top:
		// the second card decides the way on.
		{"START 4 3 goes on down", []int{start, 4, 3, 2}, []bool{true, true, true, true}, engine.Down, 4, []int{1}},
		{"START 4 3 takes no 4", []int{start, 4, 3, 4}, []bool{true, true, true, false}, engine.Down, 3, []int{2}},
		{"START 2 3 goes on up", []int{start, 2, 3, 4}, []bool{true, true, true, true}, engine.Up, 4, []int{5}},
		{"START 2 3 takes no 2", []int{start, 2, 3, 2}, []bool{true, true, true, false}, engine.Up, 3, []int{4}},
		{"up to 4 takes no 1", []int{start, 2, 3, 4, 1}, []bool{true, true, true, true, false}, engine.Up, 4, []int{5}},
		{"complete takes nothing", []int{1, 2, 3, 4, 5, start}, []bool{true, true, true, true, true, false}, engine.Up, 5, nil},
		{"complete down takes nothing", []int{5, 4, 3, 2, 1, start}, []bool{true, true, true, true, true, false}, engine.Down, 5, nil},
	}
	cfg := setup(t, "up-or-down-5-suits", 2, variants.Options{EmptyClues: ptr(true)})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Seat 0 holds the first five (blue fillers if fewer), seat 1
			// five yellow cards, and seat 0 draws the rest in order.
			var front []engine.Card
			fill := []int{1, 2, 2, 3, 3}
			for i := range 5 {
				if i < len(tt.cards) {
					front = append(front, c(red, tt.cards[i]))
				} else {
					front = append(front, c(blue, fill[i]))
				}
			}
			for _, r := range fill {
				front = append(front, c(yellow, r))
			}
			for i := 5; i < len(tt.cards); i++ {
				front = append(front, c(red, tt.cards[i]))
			}
			g := deal(t, cfg, front...)
			for i := range tt.cards {
				id := i
				if i >= 5 {
					id = 10 + i - 5
				}
				complete := g.Score() == 4
				notes := g.NoteTokens()
				ev := apply(t, g, engine.PlayCard(id))
				if ev.Card != c(red, tt.cards[i]) || ev.Success != tt.success[i] {
					t.Fatalf("play %d: %v success %v, want %v", i, ev.Card, ev.Success, tt.success[i])
				}
				if ev.Success && tt.cards[i] == start && g.Direction(red) != engine.Undecided {
					t.Fatalf("play %d: direction %v on START", i, g.Direction(red))
				}
				// The fifth card completes the firework and turns back a note.
				if complete && ev.Success != (ev.NoteGained && g.NoteTokens() == notes+1) {
					t.Fatalf("play %d completed the firework: %+v", i, ev)
				}
				apply(t, g, engine.ClueRank(0, 1))
			}
			if g.Direction(red) != tt.dir || g.Score() != tt.score {
				t.Fatalf("direction %v score %d, want %v %d", g.Direction(red), g.Score(), tt.dir, tt.score)
			}
			if v := g.View(1); v.Directions[red] != tt.dir || v.Directions[yellow] != engine.Undecided {
				t.Fatalf("view directions %v", v.Directions)
			}
			if got := g.View(1).NextRanks(red); !slices.Equal(got, tt.next) {
				t.Fatalf("red's next ranks %v, want %v", got, tt.next)
			}
		})
	}
}

// TestUpOrDownClues: no rank clue names a START card (its rank is none of
// 1–5) unless the suit is touched by every rank clue; a color clue touches it
// as it touches the suit, and a prism START is touched by the last color.
func TestUpOrDownClues(t *testing.T) {
	for _, tt := range []struct {
		variant string
		suit    int
		colors  uint8 // clue colors that touch the suit's START
		ranks   uint8 // rank clues that touch it
	}{
		{"up-or-down-5-suits", red, 1 << red, 0},
		{"up-or-down-pink-5-suits", 4, 1 << 4, 0b111110},
		{"up-or-down-rainbow-5-suits", 4, 0b1111, 0},
		{"up-or-down-prism-5-suits", 4, 1 << 3, 0},
		{"up-or-down-null-5-suits", 4, 0, 0},
	} {
		cfg := setup(t, tt.variant, 2, variants.Options{})
		var colors, ranks uint8
		id := engine.Ident(tt.suit, start)
		for ci := range cfg.ClueColors {
			if cfg.ClueMask(engine.ClueColor(1, ci))&(1<<id) != 0 {
				colors |= 1 << ci
			}
		}
		for _, r := range cfg.ClueRanks {
			if cfg.ClueMask(engine.ClueRank(1, r))&(1<<id) != 0 {
				ranks |= 1 << r
			}
		}
		if colors != tt.colors || ranks != tt.ranks {
			t.Errorf("%s: START of suit %d touched by colors %b ranks %b, want %b %b", tt.variant, tt.suit, colors, ranks, tt.colors, tt.ranks)
		}
	}
}

// TestUpOrDownWholeGames plays seeded games of Up or Down variants, the
// moves chosen by a plain model of the rule (peeking at the deck) to avoid
// most misplays, and checks every play's success, each firework's direction
// and the score against it.
func TestUpOrDownWholeGames(t *testing.T) {
	completed, down, fromStart := 0, 0, 0
	for _, name := range []string{"up-or-down-5-suits", "up-or-down-6-suits", "up-or-down-black-6-suits",
		"up-or-down-orange-5-suits", "up-or-down-prism-5-suits", "up-or-down-dark-omni-6-suits"} {
		for players := 2; players <= 5; players++ {
			t.Run(fmt.Sprintf("%s/%dp", name, players), func(t *testing.T) {
				cfg := setup(t, name, players, variants.Options{})
				rng := rand.New(rand.NewPCG(uint64(players), 7))
				for seed := range 10 {
					g, err := engine.NewSeeded(cfg, fmt.Sprintf("updown-%d", seed))
					if err != nil {
						t.Fatal(err)
					}
					var stacks [engine.MaxSuits][]int
					// dir is the model's direction: the first card other
					// than START says it.
					dir := func(st []int) engine.Direction {
						switch {
						case len(st) == 0 || st[len(st)-1] == start:
							return engine.Undecided
						case st[0] == 1 || st[0] == start && st[1] == 2:
							return engine.Up
						}
						return engine.Down
					}
					fits := func(c engine.Card) bool {
						st := stacks[c.Suit]
						switch {
						case len(st) == 0:
							return c.Rank == 1 || c.Rank == 5 || c.Rank == start
						case len(st) == 5:
							return false
						case st[len(st)-1] == start:
							return c.Rank == 2 || c.Rank == 4
						case dir(st) == engine.Up:
							return c.Rank == st[len(st)-1]+1
						}
						return c.Rank == st[len(st)-1]-1
					}
					playAgainstModel(t, g, rng, &stacks, fits, func(ev engine.Event) {
						if s := ev.Card.Suit; ev.Success && len(stacks[s]) == 5 {
							completed++
							if stacks[s][0] == start {
								fromStart++
							}
							if dir(stacks[s]) == engine.Down {
								down++
							}
						}
						for s := range cfg.Suits {
							if got := g.Direction(s); got != dir(stacks[s]) {
								t.Fatalf("turn %d: suit %d (%v) goes %v, model %v", ev.Turn, s, stacks[s], got, dir(stacks[s]))
							}
						}
					})
				}
			})
		}
	}
	if completed == 0 || down == 0 || fromStart == 0 {
		t.Fatalf("fireworks completed %d, of them down %d, from START %d", completed, down, fromStart)
	}
	t.Logf("fireworks completed %d, of them down %d, from START %d", completed, down, fromStart)
}
