package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestViewVisibility: a seat sees every hand but its own, a spectator sees no
// hand while the game runs, and everyone sees everything once it has ended.
func TestViewVisibility(t *testing.T) {
	cfg := setup(t, "farbrausch", 3, variants.Options{StormTokens: ptr(1)})
	g := deal(t, cfg, c(red, 2))
	deck := g.Deck()
	check := func(over bool) {
		t.Helper()
		for _, seat := range []int{0, 1, 2, engine.Public} {
			v := g.View(seat)
			if v.Seat != seat || v.Over != over || v.Players != 3 {
				t.Fatalf("view %d: seat %d over %v players %d", seat, v.Seat, v.Over, v.Players)
			}
			for p := range 3 {
				hand := v.Hand(p)
				if len(hand) != len(g.Hand(p)) {
					t.Fatalf("view %d: seat %d has %d cards, want %d", seat, p, len(hand), len(g.Hand(p)))
				}
				visible := over || (seat != engine.Public && seat != p)
				for i, cv := range hand {
					if cv.ID != g.Hand(p)[i] {
						t.Errorf("view %d: seat %d slot %d is id %d, want %d", seat, p, i, cv.ID, g.Hand(p)[i])
					}
					if cv.Known != visible {
						t.Errorf("view %d: seat %d card %d known=%v, want %v", seat, p, cv.ID, cv.Known, visible)
					}
					want := engine.Card{}
					if visible {
						want = deck[cv.ID]
					}
					if cv.Card != want {
						t.Errorf("view %d: seat %d card %d shows %v, want %v", seat, p, cv.ID, cv.Card, want)
					}
				}
			}
		}
	}
	check(false)
	apply(t, g, engine.PlayCard(0))
	if !g.Over() {
		t.Fatal("the misplay did not end the game")
	}
	check(true)
}

// TestViewCounters: a view carries the public counters of the game it shows.
func TestViewCounters(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	g := deal(t, cfg, front2...)
	apply(t, g, engine.PlayCard(0), engine.ClueColor(0, red), engine.PlayCard(2), engine.PlayCard(9), engine.DiscardCard(1))
	v := g.View(1)
	want := engine.View{Config: g.Config(), Seat: 1, Players: 2, Current: 1, Turn: 5, NoteTokens: 8, StormsUsed: 1,
		DeckCount: 36, FinalTurnsLeft: -1, Score: 2, MaxScore: 25, MaxPossible: 24} // the yellow 5 misplayed
	// Pace 2+36+2−24; the red 1 and 2 gotten (the clue's other card, a red
	// 1, is trash now); a clue and a strike spent; clues usable: 8 in
	// hand, 38−22 discards before the last round, and the four fireworks
	// that can still be completed (red lacks 3 cards, green, blue and
	// white 5: 18 plays of the 19 before the last round).
	want.Stats = engine.Stats{Pace: 16, HasPace: true, Gotten: 2, Spent: 2, Usable: 8 + 16 + 4, HasUsable: true, MaxPossible: 24}
	want.Fireworks[red] = 2
	for s := range 5 {
		want.Next[s] = 1 << 1 // every firework takes a 1
	}
	want.Next[red] = 1 << 3 // but red, at 2, a 3
	got := *v
	got.Discards, got.Clues, got.Hands, got.HandLen = nil, nil, want.Hands, want.HandLen
	if !reflect.DeepEqual(got, want) {
		t.Errorf("view\n got %+v\nwant %+v", got, want)
	}
	if len(v.Discards) != 2 || v.Discards[0] != (engine.SeenCard{ID: 9, Card: c(yellow, 5)}) ||
		v.Discards[1] != (engine.SeenCard{ID: 1, Card: c(yellow, 1)}) {
		t.Errorf("discards %+v", v.Discards)
	}
	if len(v.Clues) != 1 || v.Clues[0] != (engine.ClueRecord{Turn: 1, Giver: 1, Target: 0, Kind: engine.ColorClue,
		Value: red, Touched: 1<<4 | 1<<2, Hand: 1<<10 | 1<<4 | 1<<3 | 1<<2 | 1<<1}) {
		t.Errorf("clues %+v", v.Clues)
	}
}

// TestViewIntoReuses: filling a kept View reuses its slices even as the game
// grows, and a Clone of a view shares nothing that a later ViewInto overwrites.
func TestViewIntoReuses(t *testing.T) {
	g := deal(t, setup(t, "basic", 2, variants.Options{}), front2...)
	apply(t, g, engine.ClueRank(1, 1), engine.PlayCard(9), engine.ClueRank(1, 1))
	var v engine.View
	g.ViewInto(0, &v)
	snap := v.Clone()
	clues, discards := &v.Clues[0], &v.Discards[0]
	apply(t, g, engine.ClueColor(0, white))
	g.ViewInto(0, &v)
	if &v.Clues[0] != clues || &v.Discards[0] != discards {
		t.Errorf("ViewInto did not reuse the view's slices")
	}
	if len(snap.Clues) != 2 || len(v.Clues) != 3 || snap.Turn != 3 || v.Turn != 4 {
		t.Errorf("clone changed with the view: %d clues, turn %d", len(snap.Clues), snap.Turn)
	}
	v.Clues[0].Value = 99
	if snap.Clues[0].Value != 1 {
		t.Errorf("clone shares its clues with the view")
	}
}

// TestViewOfNoSeat: a seat number that is not at the table (nor
// engine.Spectator's) sees no hand while the game runs, as the public.
func TestViewOfNoSeat(t *testing.T) {
	g := deal(t, setup(t, "basic", 3, variants.Options{}))
	for _, seat := range []int{-3, -100, 3, 5, 6, 100} {
		for p, cards := range g.View(seat).Hands[:3] {
			for _, cv := range cards[:5] {
				if cv.Known || cv.Card != (engine.Card{}) {
					t.Errorf("seat %d sees seat %d's card %+v", seat, p, cv)
				}
			}
		}
	}
}

// The view tells, per firework, the ranks that extend it now: the next
// rank up, down in a reversed suit, any start not taken in Sudoku, 1, 5 or
// START in Up or Down, none once complete; nothing while plays are hidden.
func TestViewNextRanks(t *testing.T) {
	for _, c := range []struct {
		variant     string
		first, last []int // suits 0 and 4 of a new game
	}{
		{"no-variant", []int{1}, []int{1}},
		{"reversed-5-suits", []int{1}, []int{5}},
		{"sudoku-5-suits", []int{1, 2, 3, 4, 5}, []int{1, 2, 3, 4, 5}},
		{"up-or-down-5-suits", []int{1, 5, engine.StartRank}, []int{1, 5, engine.StartRank}},
		{"throw-it-in-a-hole-5-suits", nil, nil},
	} {
		g, err := engine.NewSeeded(setup(t, c.variant, 2, variants.Options{}), "next-ranks")
		if err != nil {
			t.Fatal(err)
		}
		v := g.View(0)
		if first, last := v.NextRanks(0), v.NextRanks(4); !slices.Equal(first, c.first) || !slices.Equal(last, c.last) {
			t.Errorf("%s: %v and %v, want %v and %v", c.variant, first, last, c.first, c.last)
		}
	}
}

// A spectator who may see every hand sees every card in every hand, and no
// more than the public otherwise: a hidden clue's value and a card played
// face down stay hidden.
func TestSpectatorSeesEveryHand(t *testing.T) {
	g, err := engine.NewSeeded(setup(t, "basic", 3, variants.Options{}), "spectator")
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{engine.Public, engine.Spectator} {
		v := g.View(seat)
		for p := range 3 {
			for _, cv := range v.Hand(p) {
				if cv.Known != (seat == engine.Spectator) || cv.Known && cv.Card != g.Deck()[cv.ID] {
					t.Fatalf("seat %d sees card %d of seat %d as %+v", seat, cv.ID, p, cv)
				}
			}
		}
	}
	cow, err := engine.NewSeeded(setup(t, "cow-pig-5-suits", 2, variants.Options{}), "spectator")
	if err != nil {
		t.Fatal(err)
	}
	giver := cow.Current()
	var clue engine.Action
	for _, a := range cow.LegalActions(nil) {
		if a.IsClue() {
			clue = a
			break
		}
	}
	if _, err := cow.Apply(clue); err != nil {
		t.Fatal(err)
	}
	if v := cow.View(engine.Spectator); v.Clues[0].Value != engine.HiddenValue || v.Clues[0].Giver != giver {
		t.Fatalf("a spectator sees a Cow & Pig clue as %+v", v.Clues[0])
	}
	hole, err := engine.NewSeeded(setup(t, "throw-it-in-a-hole-5-suits", 2, variants.Options{}), "spectator")
	if err != nil {
		t.Fatal(err)
	}
	card := hole.Hand(hole.Current())[0]
	if _, err := hole.Apply(engine.PlayCard(card)); err != nil {
		t.Fatal(err)
	}
	if v := hole.View(engine.Spectator); !v.PlaysHidden || len(v.FaceDown) != 1 || v.FaceDown[0].ID != card {
		t.Fatalf("a spectator sees the hole's play: hidden %v, face down %+v", v.PlaysHidden, v.FaceDown)
	}
}
