package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

var std = []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5}

// touches builds a suit's table from a rule: which color bits and which rank
// clue bits touch a card of rank r.
func touches(colors func(r int) uint8, ranks func(r int) uint8) []engine.Touch {
	out := make([]engine.Touch, 5)
	for r := 1; r <= 5; r++ {
		out[r-1] = engine.Touch{Colors: colors(r), Ranks: ranks(r)}
	}
	return out
}

func own(r int) uint8 { return 1 << r }

// specialConfig has the suits that a color-per-suit model cannot say: pink
// (every rank clue touches), brown (no rank clue), prism (the color depends
// on the rank) and null (nothing touches), next to a plain red suit.
// Colors: 0 red, 1 blue, 2 purple.
func specialConfig(players int, empty bool) engine.Config {
	return engine.Config{
		Suits: []engine.Suit{
			{Name: "red", Ranks: std, CluedBy: []int{0}},
			{Name: "pink", Ranks: std, Touches: touches(func(int) uint8 { return 1 << 2 }, func(int) uint8 { return 0b111110 })},
			{Name: "brown", Ranks: std, Touches: touches(func(int) uint8 { return 1 << 1 }, func(int) uint8 { return 0 })},
			{Name: "prism", Ranks: []int{1, 2, 3, 4, 5}, Touches: touches(func(r int) uint8 { return 1 << ((r - 1) % 3) }, own)},
			{Name: "null", Ranks: []int{1, 2, 3, 4, 5}, Touches: touches(func(int) uint8 { return 0 }, func(int) uint8 { return 0 })},
		},
		ClueColors: []string{"red", "blue", "purple"}, ClueRanks: []int{1, 2, 3, 4, 5},
		Players: players, StormTokens: 3, NoteTokens: 8, EmptyClues: empty,
	}
}

// TestTouchTable: each clue touches exactly the cards the table says, on
// suits whose touches a suit-wide color list cannot express.
func TestTouchTable(t *testing.T) {
	cfg := specialConfig(2, true)
	const pink, brown, prism, null = 1, 2, 3, 4
	tests := []struct {
		clue engine.Action
		card engine.Card
		want bool
	}{
		{engine.ClueRank(1, 3), c(pink, 1), true},
		{engine.ClueRank(1, 5), c(pink, 2), true},
		{engine.ClueColor(1, 2), c(pink, 4), true},
		{engine.ClueColor(1, 0), c(pink, 4), false},
		{engine.ClueRank(1, 2), c(brown, 2), false},
		{engine.ClueColor(1, 1), c(brown, 2), true},
		{engine.ClueColor(1, 0), c(prism, 1), true},
		{engine.ClueColor(1, 0), c(prism, 4), true},
		{engine.ClueColor(1, 1), c(prism, 2), true},
		{engine.ClueColor(1, 1), c(prism, 3), false},
		{engine.ClueColor(1, 2), c(prism, 3), true},
		{engine.ClueRank(1, 3), c(prism, 3), true},
		{engine.ClueColor(1, 0), c(null, 1), false},
		{engine.ClueRank(1, 1), c(null, 1), false},
		{engine.ClueRank(1, 1), c(red, 1), true},
		{engine.ClueRank(1, 2), c(red, 1), false},
	}
	for _, tc := range tests {
		if got := cfg.ClueTouches(tc.clue, tc.card); got != tc.want {
			t.Errorf("%+v on %v: touches %v, want %v", tc.clue, tc.card, got, tc.want)
		}
		// The game decides it the same way: deal the card to seat 1 and clue it.
		g := deal(t, cfg, c(red, 5), c(red, 4), c(red, 4), c(red, 3), c(red, 3), tc.card)
		ev, err := g.Apply(tc.clue)
		if err != nil {
			t.Fatal(err)
		}
		if hit := ev.Touched&(1<<5) != 0; hit != tc.want {
			t.Errorf("%+v on %v: game touched %v, want %v", tc.clue, tc.card, hit, tc.want)
		}
	}
}

// TestTouchKnowledge plays random games of the special suits and checks that
// every card's Possible is exactly the identities consistent with every clue
// its holder saw, touched or missed, and that Suits and Ranks are its projections.
func TestTouchKnowledge(t *testing.T) {
	for _, empty := range []bool{true, false} {
		cfg := specialConfig(3, empty)
		for seed := range 40 {
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			g, err := engine.NewSeeded(cfg, string(rune('a'+seed)))
			if err != nil {
				t.Fatal(err)
			}
			var buf []engine.Action
			for !g.Over() {
				buf = g.LegalActions(buf)
				if _, err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				checkKnowledge(t, g, &cfg)
			}
		}
	}
}

func checkKnowledge(t *testing.T, g *engine.Game, cfg *engine.Config) {
	t.Helper()
	v := g.View(engine.Public)
	for p := range cfg.Players {
		for _, cv := range v.Hand(p) {
			var want uint64
			for _, card := range cfg.Deck() {
				ok := true
				for _, cr := range v.Clues {
					if cr.Hand&(1<<cv.ID) == 0 {
						continue
					}
					a := engine.Action{Kind: cr.Kind, Target: cr.Target, Value: cr.Value}
					if cfg.ClueTouches(a, card) != (cr.Touched&(1<<cv.ID) != 0) {
						ok = false
					}
				}
				if ok {
					want |= 1 << engine.Ident(card.Suit, card.Rank)
				}
			}
			if cv.Possible != want {
				t.Fatalf("turn %d card %d: possible %x, want %x", v.Turn, cv.ID, cv.Possible, want)
			}
			var suits, ranks uint8
			for s := range cfg.Suits {
				for r := 1; r <= engine.MaxRank; r++ {
					if want&(1<<engine.Ident(s, r)) != 0 {
						suits |= 1 << s
						ranks |= 1 << r
					}
				}
			}
			if cv.Suits != suits || cv.Ranks != ranks {
				t.Fatalf("card %d: suits %b ranks %b, want %b %b", cv.ID, cv.Suits, cv.Ranks, suits, ranks)
			}
		}
	}
}

// TestCluesThatTouchNothing: where clues must touch a card, a clue that
// touches no card of the variant may still be given (hanab.live's rule for
// variants whose color or rank clues touch nothing); any other clue that
// misses every card is refused.
func TestCluesThatTouchNothing(t *testing.T) {
	cfg := specialConfig(2, false)
	cfg.ClueColors = append(cfg.ClueColors, "gray") // touches no card
	// Seat 0 holds red 1s and 2s; seat 1 the rest of red, which only the red clue touches.
	g := deal(t, cfg, c(red, 1), c(red, 1), c(red, 1), c(red, 2), c(red, 2))
	if err := g.Check(engine.ClueColor(1, 3)); err != nil {
		t.Errorf("a color that touches no card of the variant: %v", err)
	}
	v := g.View(0)
	if v.Touches(engine.ClueColor(1, 0)) == 0 || v.Touches(engine.ClueColor(1, 1)) != 0 {
		t.Fatalf("deal: seat 1 holds %v", v.Hand(1))
	}
	for col := range 3 {
		a := engine.ClueColor(1, col)
		legal := false
		for _, l := range g.LegalActions(nil) {
			legal = legal || l == a
		}
		want := v.Touches(a) != 0
		if err := g.Check(a); (err == nil) != want || legal != want {
			t.Errorf("color %d touching %b: check %v, legal %v", col, v.Touches(a), err, legal)
		}
		if err := v.Check(a); (err == nil) != want {
			t.Errorf("view check of color %d: %v", col, err)
		}
	}
	if !containsAction(g.LegalActions(nil), engine.ClueColor(1, 3)) || !containsAction(v.LegalActions(nil), engine.ClueColor(1, 3)) {
		t.Error("the touch-nothing color is not among the legal actions")
	}
}

func containsAction(as []engine.Action, a engine.Action) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}
