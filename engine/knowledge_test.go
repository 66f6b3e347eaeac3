package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

func suits(s ...int) uint8 {
	var m uint8
	for _, x := range s {
		m |= 1 << x
	}
	return m
}

func ranks(r ...int) uint8 { return suits(r...) }

// TestClueKnowledge gives seat 1 clues and checks what seat 1 can deduce about
// each of its cards, and which ids each clue touched. Seat 1 holds ids 5–9:
// 9 = rainbow 3, 8 = red 1, 7 = blue 2, 6 = green 3, 5 = red 5.
func TestClueKnowledge(t *testing.T) {
	type know struct{ suits, ranks uint8 }
	all5, all6 := suits(red, yellow, green, blue, white), suits(red, yellow, green, blue, white, rainbow)
	anyRank := ranks(1, 2, 3, 4, 5)
	tests := []struct {
		name    string
		variant string
		clues   []engine.Action // seat 0 and seat 1 alternate; seat 1 gives rank 1 clues to seat 0
		touched []uint64        // what each of seat 0's clues touched
		want    map[int]know    // by card id
	}{
		{name: "farbrausch2: red touches red and rainbow", variant: "farbrausch2",
			clues:   []engine.Action{engine.ClueColor(1, red)},
			touched: []uint64{1<<9 | 1<<8 | 1<<5},
			want: map[int]know{
				9: {suits(red, rainbow), anyRank}, 8: {suits(red, rainbow), anyRank}, 5: {suits(red, rainbow), anyRank},
				7: {suits(yellow, green, blue, white), anyRank}, 6: {suits(yellow, green, blue, white), anyRank},
			}},
		{name: "farbrausch2: red and blue leave only rainbow", variant: "farbrausch2",
			clues:   []engine.Action{engine.ClueColor(1, red), engine.ClueColor(1, blue)},
			touched: []uint64{1<<9 | 1<<8 | 1<<5, 1<<9 | 1<<7},
			want: map[int]know{
				9: {suits(rainbow), anyRank}, 8: {suits(red), anyRank}, 5: {suits(red), anyRank},
				7: {suits(blue), anyRank}, 6: {suits(yellow, green, white), anyRank},
			}},
		{name: "farbrausch2: missed by red is neither red nor rainbow", variant: "farbrausch2",
			clues:   []engine.Action{engine.ClueColor(1, yellow), engine.ClueColor(1, red)},
			touched: []uint64{1 << 9, 1<<9 | 1<<8 | 1<<5},
			want: map[int]know{
				9: {suits(rainbow), anyRank}, 8: {suits(red), anyRank}, 7: {suits(green, blue, white), anyRank},
			}},
		{name: "farbrausch2: white touches only the rainbow card", variant: "farbrausch2",
			clues:   []engine.Action{engine.ClueColor(1, white)},
			touched: []uint64{1 << 9},
			want:    map[int]know{9: {suits(white, rainbow), anyRank}, 6: {suits(red, yellow, green, blue), anyRank}},
		},
		{name: "farbrausch: red touches only red", variant: "farbrausch",
			clues:   []engine.Action{engine.ClueColor(1, red)},
			touched: []uint64{1<<8 | 1<<5},
			want: map[int]know{
				9: {suits(yellow, green, blue, white, rainbow), anyRank}, 8: {suits(red), anyRank},
				6: {suits(yellow, green, blue, white, rainbow), anyRank},
			}},
		{name: "farbrausch: rainbow clue names rainbow", variant: "farbrausch",
			clues:   []engine.Action{engine.ClueColor(1, rainbow)},
			touched: []uint64{1 << 9},
			want:    map[int]know{9: {suits(rainbow), anyRank}, 8: {all5, anyRank}},
		},
		{name: "rank clue narrows ranks, not suits", variant: "farbrausch",
			clues:   []engine.Action{engine.ClueRank(1, 3)},
			touched: []uint64{1<<9 | 1<<6},
			want: map[int]know{
				9: {all6, ranks(3)}, 6: {all6, ranks(3)}, 8: {all6, ranks(1, 2, 4, 5)}, 5: {all6, ranks(1, 2, 4, 5)},
			}},
		{name: "color and rank clues combine", variant: "farbrausch2",
			clues:   []engine.Action{engine.ClueRank(1, 5), engine.ClueColor(1, green), engine.ClueRank(1, 1)},
			touched: []uint64{1 << 5, 1<<9 | 1<<6, 1 << 8},
			want: map[int]know{
				5: {suits(red, yellow, blue, white), ranks(5)}, 9: {suits(green, rainbow), ranks(2, 3, 4)},
				8: {suits(red, yellow, blue, white), ranks(1)}, 7: {suits(red, yellow, blue, white), ranks(2, 3, 4)},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := setup(t, tc.variant, 2, variants.Options{NoteTokens: ptr(16)})
			g := deal(t, cfg, c(white, 1), c(white, 1), c(white, 1), c(white, 2), c(white, 2),
				c(red, 5), c(green, 3), c(blue, 2), c(red, 1), c(rainbow, 3))
			for i, a := range tc.clues {
				ev := apply(t, g, a)
				if ev.Touched != tc.touched[i] {
					t.Errorf("clue %d touched %b, want %b", i, ev.Touched, tc.touched[i])
				}
				apply(t, g, engine.ClueRank(0, 1))
			}
			v := g.View(1)
			for _, cv := range v.Hand(1) {
				want, ok := tc.want[cv.ID]
				if !ok {
					continue
				}
				if cv.Suits != want.suits || cv.Ranks != want.ranks {
					t.Errorf("card %d: suits %06b ranks %06b, want %06b %06b", cv.ID, cv.Suits, cv.Ranks, want.suits, want.ranks)
				}
			}
			// The holder's deductions are public: others see the same bits.
			other, public := g.View(0), g.View(engine.Public)
			for i, cv := range v.Hand(1) {
				for _, w := range []engine.CardView{other.Hand(1)[i], public.Hand(1)[i]} {
					if w.Suits != cv.Suits || w.Ranks != cv.Ranks {
						t.Errorf("card %d: others see %b/%b, holder %b/%b", cv.ID, w.Suits, w.Ranks, cv.Suits, cv.Ranks)
					}
				}
			}
			// Seat 1's own clue record lists every card it touched and missed.
			last := v.Clues[len(v.Clues)-2]
			if last.Giver != 0 || last.Target != 1 || last.Touched != tc.touched[len(tc.touched)-1] || last.Hand != 0b1111100000 {
				t.Errorf("clue record %+v", last)
			}
		})
	}
}

// TestKnowledgeFollowsTheCard: what a seat knows belongs to the card id, so it
// survives the hand shifting when a card is drawn, and a drawn card starts
// with the whole variant as possible.
func TestKnowledgeFollowsTheCard(t *testing.T) {
	cfg := setup(t, "farbrausch", 2, variants.Options{RainbowCards: ptr(5)})
	g := deal(t, cfg, c(white, 1), c(white, 1), c(white, 1), c(white, 2), c(white, 2),
		c(red, 5), c(green, 3), c(blue, 2), c(red, 1), c(rainbow, 3))
	apply(t, g, engine.ClueRank(1, 5), engine.PlayCard(8))
	v := g.View(1)
	hand := v.Hand(1)
	if hand[0].ID != 10 || hand[0].Suits != suits(red, yellow, green, blue, white, rainbow) || hand[0].Ranks != ranks(1, 2, 3, 4, 5) {
		t.Errorf("new card: %+v", hand[0])
	}
	if got := hand[len(hand)-1]; got.ID != 5 || got.Ranks != ranks(5) {
		t.Errorf("clued 5 after the shift: %+v", got)
	}
	if got := hand[1]; got.ID != 9 || got.Ranks != ranks(1, 2, 3, 4) {
		t.Errorf("missed card after the shift: %+v", got)
	}
}

// TestRainbowCardCount: rainbow_cards=5 leaves exactly one rainbow of each
// rank, and a deck holding a second one is refused.
func TestRainbowCardCount(t *testing.T) {
	for _, variant := range []string{"farbrausch", "farbrausch2"} {
		for _, n := range []int{10, 5} {
			cfg := setup(t, variant, 3, variants.Options{RainbowCards: ptr(n)})
			count := map[engine.Card]int{}
			for _, card := range cfg.Deck() {
				count[card]++
			}
			want := map[int]int{1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
			if n == 5 {
				want = map[int]int{1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
			}
			for r, k := range want {
				if count[c(rainbow, r)] != k || count[c(red, r)] != []int{0, 3, 2, 2, 2, 1}[r] {
					t.Errorf("%s/%d: rainbow %d ×%d, red ×%d", variant, n, r, count[c(rainbow, r)], count[c(red, r)])
				}
			}
			if cfg.DeckSize() != 50+n || cfg.MaxScore() != 30 {
				t.Errorf("%s/%d: deck %d max %d", variant, n, cfg.DeckSize(), cfg.MaxScore())
			}
			g, err := engine.NewSeeded(cfg, "rainbow")
			if err != nil || g.DeckCount() != 50+n-15 {
				t.Fatalf("%s/%d: %v, deck %d", variant, n, err, g.DeckCount())
			}
			if n == 5 {
				deck := cfg.Deck()
				deck[indexOf(deck, c(rainbow, 5))] = c(rainbow, 1)
				if _, err := engine.New(cfg, deck); err == nil {
					t.Errorf("%s: a deck with two rainbow 1s was dealt", variant)
				}
			}
		}
	}
}

// TestSixPlayers: six seats hold three cards each, and a full round passes.
func TestSixPlayers(t *testing.T) {
	cfg := setup(t, "farbrausch2", 6, variants.Options{})
	g := deal(t, cfg)
	for p := range 6 {
		if got := g.Hand(p); len(got) != 3 || got[0] != 3*p+2 {
			t.Errorf("seat %d holds %v", p, got)
		}
	}
	if g.DeckCount() != 60-18 {
		t.Errorf("deck count %d", g.DeckCount())
	}
	for p := range 6 {
		ev := apply(t, g, engine.ClueRank((p+5)%6, 1))
		if ev.Seat != p {
			t.Fatalf("turn %d played by %d", p, ev.Seat)
		}
	}
	if g.Current() != 0 || g.NoteTokens() != 2 {
		t.Errorf("after a round: current %d notes %d", g.Current(), g.NoteTokens())
	}
}
