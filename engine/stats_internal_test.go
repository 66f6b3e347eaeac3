package engine

import "testing"

// TestCluesUsableAsHanabLive: the clues still usable are hanab.live's for
// every case its own tests give (stats.test.ts, getCluesStillUsable),
// each a 5-suit game with the score, the fireworks, their maxima, the
// cards left in the deck, the players (its end game's length) and the note
// tokens it names.
func TestCluesUsableAsHanabLive(t *testing.T) {
	for _, tc := range []struct {
		score          int
		played, maxima [5]int
		deck, players  int
		notes, want    int
	}{
		{0, [5]int{}, [5]int{5, 5, 5, 5, 4}, 39, 2, 8, 29}, // discarding the first 5 gains a clue: as at the deal
		{0, [5]int{}, [5]int{5, 5, 5, 4, 4}, 38, 2, 8, 28}, // the second does not
		{4, [5]int{0, 0, 0, 0, 4}, [5]int{5, 5, 5, 5, 5}, 26, 5, 4, 17},
		{5, [5]int{0, 0, 0, 0, 5}, [5]int{5, 5, 5, 5, 5}, 25, 5, 5, 17}, // playing a 5 gains no clue
		{0, [5]int{}, [5]int{5, 5, 5, 5, 5}, 33, 2, 4, 18},
		{0, [5]int{}, [5]int{5, 5, 5, 5, 5}, 32, 2, 5, 18}, // nor does a discard of a card not critical
		{4, [5]int{1, 1, 1, 1, 0}, [5]int{5, 5, 5, 5, 5}, 27, 4, 4, 18},
		{5, [5]int{1, 1, 1, 1, 1}, [5]int{5, 5, 5, 5, 5}, 26, 4, 4, 17}, // the last 1 in a 4-player game loses one
		{15, [5]int{3, 3, 3, 3, 3}, [5]int{5, 5, 5, 5, 4}, 17, 2, 4, 17},
		{16, [5]int{3, 3, 3, 3, 4}, [5]int{5, 5, 5, 5, 4}, 16, 2, 4, 16}, // finishing an imperfect suit can lose one
		{15, [5]int{3, 3, 3, 3, 3}, [5]int{5, 5, 5, 5, 4}, 16, 3, 4, 16},
		{16, [5]int{3, 3, 3, 3, 4}, [5]int{5, 5, 5, 5, 4}, 15, 3, 4, 16}, // or not
		{24, [5]int{5, 5, 5, 5, 4}, [5]int{5, 5, 5, 5, 5}, 1, 2, 4, 4},   // discards in the last round do not count
	} {
		g, err := New(basicConfig(tc.players), basicDeck())
		if err != nil {
			t.Fatal(err)
		}
		g.drawn, g.notes = g.r.deckSize-tc.deck, tc.notes
		sp := seenPlay{score: tc.score}
		for s := range 5 {
			sp.played[s], sp.suitMax[s] = tc.played[s], tc.maxima[s]
			sp.maxPossible += tc.maxima[s]
		}
		if got := g.cluesUsable(&sp); got != tc.want {
			t.Errorf("%+v: %d clues usable, hanab.live %d", tc, got, tc.want)
		}
	}
}

func basicConfig(players int) Config {
	var c Config
	for i, name := range []string{"red", "yellow", "green", "blue", "white"} {
		c.Suits = append(c.Suits, Suit{Name: name, Ranks: []int{1, 1, 1, 2, 2, 3, 3, 4, 4, 5}, CluedBy: []int{i}})
		c.ClueColors = append(c.ClueColors, name)
	}
	c.ClueRanks, c.Players, c.StormTokens, c.NoteTokens = []int{1, 2, 3, 4, 5}, players, 3, 8
	return c
}

func basicDeck() []Card { c := basicConfig(2); return c.Deck() }
