package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestNewRefusesBadDecks: a dealt deck must hold exactly the variant's cards.
// Values far outside the range once aliased real cards and crashed the game.
func TestNewRefusesBadDecks(t *testing.T) {
	cfg := setup(t, "farbrausch", 2, variants.Options{RainbowCards: ptr(5)})
	tests := []struct {
		name   string
		change func([]engine.Card) []engine.Card
	}{
		{"one card short", func(d []engine.Card) []engine.Card { return d[1:] }},
		{"one card too many", func(d []engine.Card) []engine.Card { return append(d, c(red, 1)) }},
		{"empty", func(d []engine.Card) []engine.Card { return nil }},
		{"a second red 5", func(d []engine.Card) []engine.Card { d[0] = c(red, 5); return d }},
		{"a second rainbow 1", func(d []engine.Card) []engine.Card { d[0] = c(rainbow, 1); return d }},
		{"a seventh suit", func(d []engine.Card) []engine.Card { d[0] = c(6, 1); return d }},
		{"rank 0", func(d []engine.Card) []engine.Card { d[0] = c(red, 0); return d }},
		{"rank 6", func(d []engine.Card) []engine.Card { d[0] = c(red, 6); return d }},
		{"suit -1 rank 65, once read as red 1", func(d []engine.Card) []engine.Card { d[0] = c(-1, 65); return d }},
		{"suit 1 rank -63, once read as red 1", func(d []engine.Card) []engine.Card { d[0] = c(1, -63); return d }},
		{"suit 300", func(d []engine.Card) []engine.Card { d[0] = c(300, 1); return d }},
		{"negative suit", func(d []engine.Card) []engine.Card { d[5] = c(-3, 1); return d }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if g, err := engine.New(cfg, tc.change(cfg.Deck())); err == nil {
				t.Errorf("dealt a bad deck: %v", g.Deck()[:6])
			}
			if _, err := engine.Replay(cfg, tc.change(cfg.Deck()), nil); err == nil {
				t.Errorf("replayed a bad deck")
			}
		})
	}
	deck := cfg.Deck()
	slices.Reverse(deck)
	if _, err := engine.New(cfg, deck); err != nil {
		t.Errorf("a reordered deck: %v", err)
	}
}

// TestNewRefusesBadConfigs: the engine refuses what its fixed arrays cannot hold.
func TestNewRefusesBadConfigs(t *testing.T) {
	good := func() engine.Config { return setup(t, "basic", 3, variants.Options{}) }
	tests := []struct {
		name   string
		change func(*engine.Config)
	}{
		{"1 player", func(c *engine.Config) { c.Players = 1 }},
		{"7 players", func(c *engine.Config) { c.Players = 7 }},
		{"no suits", func(c *engine.Config) { c.Suits = nil }},
		{"9 suits", func(c *engine.Config) {
			for len(c.Suits) < 9 {
				c.Suits = append(c.Suits, engine.Suit{Name: "x", Ranks: []int{1}})
			}
		}},
		{"a suit with no cards", func(c *engine.Config) { c.Suits[0].Ranks = nil }},
		{"rank 8", func(c *engine.Config) { c.Suits[0].Ranks = []int{1, 8} }},
		{"rank 0", func(c *engine.Config) { c.Suits[0].Ranks = []int{0, 1} }},
		{"unknown clue color", func(c *engine.Config) { c.Suits[0].CluedBy = []int{5} }},
		{"negative clue color", func(c *engine.Config) { c.Suits[0].CluedBy = []int{-1} }},
		{"9 clue colors", func(c *engine.Config) { c.ClueColors = make([]string, 9) }},
		{"clue rank 8", func(c *engine.Config) { c.ClueRanks = []int{1, 8} }},
		{"clue rank 0", func(c *engine.Config) { c.ClueRanks = []int{0} }},
		{"65 cards", func(c *engine.Config) {
			c.Suits = append(c.Suits, engine.Suit{Name: "x", Ranks: slices.Repeat([]int{1}, 15)})
		}},
		{"too few cards to deal", func(c *engine.Config) { c.Suits = c.Suits[:1] }},
		{"no storm tokens", func(c *engine.Config) { c.StormTokens = 0 }},
		{"no note tokens", func(c *engine.Config) { c.NoteTokens = 0 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := good()
			cfg.Suits = slices.Clone(cfg.Suits)
			tc.change(&cfg)
			if err := cfg.Validate(); err == nil {
				t.Fatalf("Validate accepted it")
			}
			if _, err := engine.NewSeeded(cfg, "x"); err == nil {
				t.Errorf("NewSeeded accepted it")
			}
		})
	}
	if _, err := engine.NewSeeded(good(), "x"); err != nil {
		t.Errorf("the good config: %v", err)
	}
}

// TestShuffle: the seed alone decides the deal, and different seeds deal
// differently.
func TestShuffle(t *testing.T) {
	for _, v := range variants.All() {
		cfg := setup(t, v.Name, 4, variants.Options{})
		a, b := cfg.Shuffle("golden"), cfg.Shuffle("golden")
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the same seed dealt two decks", v.Name)
		}
		if reflect.DeepEqual(a, cfg.Shuffle("golden2")) || reflect.DeepEqual(a, cfg.Shuffle("")) {
			t.Errorf("%s: different seeds dealt the same deck", v.Name)
		}
		if reflect.DeepEqual(a, cfg.Deck()) {
			t.Errorf("%s: the shuffle left the deck in order", v.Name)
		}
		sorted := slices.Clone(a)
		slices.SortFunc(sorted, func(x, y engine.Card) int { return (x.Suit*8 + x.Rank) - (y.Suit*8 + y.Rank) })
		if !reflect.DeepEqual(sorted, cfg.Deck()) {
			t.Errorf("%s: the shuffle changed the cards", v.Name)
		}
		g1, _ := engine.NewSeeded(cfg, "golden")
		g2, _ := engine.New(cfg, a)
		if !reflect.DeepEqual(g1, g2) || !reflect.DeepEqual(g1.Deck(), a) {
			t.Errorf("%s: NewSeeded differs from New with the shuffled deck", v.Name)
		}
	}
	// Pin the deal itself: a change to the shuffle would change every stored
	// game's cards.
	cfg := setup(t, "basic", 2, variants.Options{})
	got := cfg.Shuffle("golden")[:10]
	want := goldenDealBasic
	if !reflect.DeepEqual(got, want) {
		t.Errorf("basic deal of seed golden starts\n %v\nwant %v", got, want)
	}
}
