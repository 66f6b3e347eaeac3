package variants_test

import (
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestRegistry pins what each variant is as the rules describe it: its
// suits, the clue colors, and which colors touch which suit.
func TestRegistry(t *testing.T) {
	five := []string{"red", "yellow", "green", "blue", "white"}
	tests := []struct {
		name       string
		suits      []string
		colors     []string
		rainbowBy  []int // clue colors that touch the sixth suit
		deckSize   int
		deckSize5  int // with rainbow_cards 5; 0 without the option
		maxScore   int
		hasRainbow bool
	}{
		{"basic", five, five, nil, 50, 0, 25, false},
		{"farbrausch", append(slices.Clone(five), "rainbow"), append(slices.Clone(five), "rainbow"), []int{5}, 60, 55, 30, true},
		{"farbrausch2", append(slices.Clone(five), "rainbow"), five, []int{0, 1, 2, 3, 4}, 60, 55, 30, true},
	}
	names := map[string]bool{}
	for _, v := range variants.All() {
		if names[v.Name] {
			t.Errorf("variant %s registered twice", v.Name)
		}
		names[v.Name] = true
	}
	for _, tc := range tests {
		_, _, cfg, err := variants.Setup(tc.name, variants.Options{}, 4)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := variants.Get(tc.name)
		var suits []string
		for i, s := range cfg.Suits {
			suits = append(suits, s.Name)
			if got := colorsOf(&cfg, i); i < 5 && !slices.Equal(got, []int{i}) {
				t.Errorf("%s: suit %s touched by %v, want its own color %d", tc.name, s.Name, got, i)
			}
			if !slices.Equal(s.Ranks, []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5}) {
				t.Errorf("%s: suit %s ranks %v", tc.name, s.Name, s.Ranks)
			}
		}
		if !slices.Equal(suits, tc.suits) || !slices.Equal(cfg.ClueColors, tc.colors) ||
			!slices.Equal(cfg.ClueRanks, []int{1, 2, 3, 4, 5}) {
			t.Errorf("%s: suits %v colors %v ranks %v", tc.name, suits, cfg.ClueColors, cfg.ClueRanks)
		}
		if len(cfg.Suits) == 6 && !slices.Equal(colorsOf(&cfg, 5), tc.rainbowBy) {
			t.Errorf("%s: rainbow touched by %v, want %v", tc.name, colorsOf(&cfg, 5), tc.rainbowBy)
		}
		if cfg.DeckSize() != tc.deckSize || cfg.MaxScore() != tc.maxScore || v.MaxScore() != tc.maxScore || v.HasRainbow() != tc.hasRainbow {
			t.Errorf("%s: deck %d max %d/%d rainbow %v", tc.name, cfg.DeckSize(), cfg.MaxScore(), v.MaxScore(), v.HasRainbow())
		}
		if tc.deckSize5 != 0 {
			_, s, cfg5, err := variants.Setup(tc.name, variants.Options{RainbowCards: ptr(5)}, 4)
			if err != nil || s.RainbowCards != 5 || cfg5.DeckSize() != tc.deckSize5 || cfg5.MaxScore() != tc.maxScore ||
				!slices.Equal(cfg5.Suits[5].Ranks, []int{1, 2, 3, 4, 5}) || !slices.Equal(cfg5.Suits[0].Ranks, cfg.Suits[0].Ranks) {
				t.Errorf("%s with 5 rainbow cards: %v, deck %d, rainbow %v", tc.name, err, cfg5.DeckSize(), cfg5.Suits[5].Ranks)
			}
		}
		if v.Title == "" || v.Description == "" {
			t.Errorf("%s: no title or description", tc.name)
		}
	}
}

// TestConfigCarriesSettings: the engine config holds exactly the settings.
func TestConfigCarriesSettings(t *testing.T) {
	_, s, cfg, err := variants.Setup("farbrausch2", variants.Options{StormTokens: ptr(1), NoteTokens: ptr(16), EmptyClues: ptr(false)}, 6)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.StormTokens != 1 || cfg.NoteTokens != 16 || cfg.EmptyClues || cfg.Players != 6 || s.RainbowCards != 10 {
		t.Errorf("config %+v settings %+v", cfg, s)
	}
	if err := cfg.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if engine.HandSize(cfg.Players) != 3 {
		t.Errorf("6 players hold %d cards", engine.HandSize(cfg.Players))
	}
}

// colorsOf is the clue colors that touch every card of suit s, and no color
// touches only some of them.
func colorsOf(cfg *engine.Config, s int) []int {
	var out []int
	for col := range cfg.ClueColors {
		n := 0
		for r := 1; r <= 5; r++ {
			if cfg.ClueTouches(engine.ClueColor(0, col), engine.Card{Suit: s, Rank: r}) {
				n++
			}
		}
		switch n {
		case 5:
			out = append(out, col)
		case 0:
		default:
			return []int{-1}
		}
	}
	return out
}
