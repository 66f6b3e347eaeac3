package bots

import (
	"context"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// groupSim runs a small simulation of each named variant with every built-in
// strategy at every seat: Simulate stops at the first illegal move, so a
// strategy that breaks a rule of the group fails the test. It logs each
// strategy's mean score and share of games lost to the storms.
func groupSim(t *testing.T, names []string, games int) {
	t.Helper()
	for _, s := range strategies() {
		for _, name := range names {
			for _, players := range []int{2, 3, 5} {
				_, _, cfg, err := variants.Setup(name, variants.Options{}, players)
				if err != nil {
					t.Fatal(err)
				}
				n := raceGames(s, games)
				r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{s}, Games: n, Seed: "group/" + name, Workers: 1})
				if err != nil {
					t.Fatalf("%s, %s, %d players: %v", s.Name, name, players, err)
				}
				if r.Games != n {
					t.Fatalf("%s, %s: %d games of %d", s.Name, name, r.Games, n)
				}
				t.Logf("%-12s %-34s %dp: mean %5.2f / %d, storms %3.0f%%", s.Name, name, players, r.Mean, r.MaxScore, 100*r.Storms)
			}
		}
	}
}

// TestOrangePlaysLegally: every strategy plays the Orange variants, where a
// play and a discard of an orange card swap, without an illegal move.
func TestOrangePlaysLegally(t *testing.T) {
	groupSim(t, []string{"orange-6-suits", "orange-5-suits", "dark-orange-6-suits", "rainbow-orange-5-suits", "null-orange-4-suits"}, 20)
}

// TestClueStarvedPlaysLegally: half note tokens; a clue needs a whole one.
func TestClueStarvedPlaysLegally(t *testing.T) {
	groupSim(t, []string{"clue-starved-6-suits", "clue-starved-5-suits", "clue-starved-rainbow-5-suits", "clue-starved-orange-5-suits"}, 20)
}

// TestReversedPlaysLegally: a suit played from 5 down to 1.
func TestReversedPlaysLegally(t *testing.T) {
	groupSim(t, []string{"reversed-5-suits", "reversed-6-suits", "black-reversed-6-suits", "orange-reversed-5-suits", "white-reversed-rainbow-5-suits"}, 20)
}

// TestSudokuPlaysLegally: fireworks that start anywhere and wrap round.
func TestSudokuPlaysLegally(t *testing.T) {
	groupSim(t, []string{"sudoku-5-suits", "sudoku-4-suits", "sudoku-black-5-suits", "sudoku-orange-4-suits"}, 20)
}

// TestAlternatingCluesPlaysLegally: each clue of the other type than the one before.
func TestAlternatingCluesPlaysLegally(t *testing.T) {
	groupSim(t, []string{"alternating-clues-5-suits", "alternating-clues-3-suits", "alternating-clues-black-6-suits",
		"alternating-clues-null-3-suits", "alternating-clues-dark-orange-5-suits"}, 20)
}

// TestUpOrDownPlaysLegally: fireworks that start with a 1, a 5 or START and
// go up or down as their first cards say; all of hanab.live's 33.
func TestUpOrDownPlaysLegally(t *testing.T) {
	var names []string
	for _, v := range variants.All() {
		if v.UpOrDown {
			names = append(names, v.Name)
		}
	}
	if len(names) != 33 {
		t.Fatalf("%d Up or Down variants", len(names))
	}
	groupSim(t, names, 10)
}

// TestTableOptionsPlayLegally: hands of one card more (six with two or
// three players) or one less than usual, deck plays, and all or nothing
// (play goes on after the deck runs out, hands emptying).
func TestTableOptionsPlayLegally(t *testing.T) {
	yes := true
	for _, o := range []variants.Options{{OneExtraCard: &yes}, {OneLessCard: &yes}, {DeckPlays: &yes}, {AllOrNothing: &yes}, {AllOrNothing: &yes, OneExtraCard: &yes}} {
		for _, s := range strategies() {
			for _, name := range []string{"basic", "up-or-down-5-suits", "rainbow-6-suits"} {
				for _, players := range []int{2, 3, 4, 6} {
					_, _, cfg, err := variants.Setup(name, o, players)
					if err != nil {
						t.Fatal(err)
					}
					r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{s}, Games: raceGames(s, 10), Seed: "hand/" + name, Workers: 1})
					if err != nil {
						t.Fatalf("%s, %s, %d players, hands of %d: %v", s.Name, name, players, cfg.Hand(), err)
					}
					t.Logf("%-12s %-20s %dp, hands of %d, deck plays %-5v all or nothing %-5v: mean %5.2f / %d, storms %3.0f%%",
						s.Name, name, players, cfg.Hand(), cfg.DeckPlays, cfg.AllOrNothing, r.Mean, r.MaxScore, 100*r.Storms)
				}
			}
		}
	}
}

// TestThrowItInAHolePlaysLegally: plays go face down; the fireworks, score
// and storms a seat sees read 0 until the end.
func TestThrowItInAHolePlaysLegally(t *testing.T) {
	groupSim(t, []string{"throw-it-in-a-hole-5-suits", "throw-it-in-a-hole-4-suits", "throw-it-in-a-hole-black-6-suits",
		"throw-it-in-a-hole-orange-4-suits", "throw-it-in-a-hole-dark-null-6-suits"}, 20)
}

// TestCowPigPlaysLegally: a clue shows others only its type and narrows nothing.
func TestCowPigPlaysLegally(t *testing.T) {
	groupSim(t, []string{"cow-pig-6-suits", "cow-pig-5-suits", "cow-pig-4-suits", "cow-pig-3-suits"}, 20)
}

// TestDuckPlaysLegally: a clue shows others only the cards it touched.
func TestDuckPlaysLegally(t *testing.T) {
	groupSim(t, []string{"duck-6-suits", "duck-5-suits", "duck-4-suits", "duck-3-suits"}, 20)
}

// TestHiddenRulesAllVariantsLegal: every strategy plays each of hanab.live's
// 52 Throw It in a Hole, Cow & Pig and Duck variants with 2 to 5 players
// without an illegal move.
func TestHiddenRulesAllVariantsLegal(t *testing.T) {
	n := 0
	for _, v := range variants.All() {
		_, _, cfg, err := variants.Setup(v.Name, variants.Options{}, 2)
		if err != nil || (!cfg.FaceDownPlays && cfg.ClueShows == engine.ShowsAll) {
			continue
		}
		n++
		for _, s := range strategies() {
			for players := 2; players <= 5; players++ {
				_, _, cfg, err := variants.Setup(v.Name, variants.Options{}, players)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{s}, Games: raceGames(s, 3), Seed: "hidden/" + v.Name, Workers: 1}); err != nil {
					t.Fatalf("%s, %s, %d players: %v", s.Name, v.Name, players, err)
				}
			}
		}
	}
	if n != 52 {
		t.Fatalf("%d variants with hidden rules, want 52", n)
	}
}

// TestRuleGroupFloors: the hat plays each rule group by conventions of its
// own (reading clues from their touches, naming a card before playing it
// face down, learning a card's side before moving it), where it used to
// hand every move to the conventions bot (in Throw It in a Hole, Cow & Pig
// and Duck) or lose most games to the storms (Orange, Alternating Clues).
// The floors are the means measured on these games less a wide margin; in
// every group but Sudoku (which the hat played as well before) at least one
// is above what the fallback or the old hat scored on the same games (in
// brackets).
func TestRuleGroupFloors(t *testing.T) {
	games := 200
	if race.Enabled || testing.Short() {
		games = 60
	}
	hat := mustGet(t, "hat")
	for _, tc := range []struct {
		variant string
		floors  [2]float64 // 2 and 3 players
	}{
		{"throw-it-in-a-hole-5-suits", [2]float64{19.5, 22.5}}, // 21.1, 24.2 (10.3, 13.9)
		{"cow-pig-5-suits", [2]float64{18.5, 22.5}},            // 20.1, 24.4 (11.5, 15.7)
		{"duck-5-suits", [2]float64{18, 22.5}},                 // 19.7, 24.1 (13.4, 17.9)
		{"orange-5-suits", [2]float64{18.5, 22.5}},             // 20.3, 24.4 (12.9, 14.8)
		{"alternating-clues-5-suits", [2]float64{20, 23}},      // 21.8, 24.6 (12.1, 15.9)
		{"up-or-down-5-suits", [2]float64{22.3, 23.5}},         // 22.8, 24.5 (21.8, 22.8)
		{"clue-starved-5-suits", [2]float64{18.4, 23.2}},       // 19.1, 23.9 (17.6, 23.7)
		{"reversed-5-suits", [2]float64{22.9, 24.5}},           // 23.4, 24.9 (22.6, 24.7)
		{"sudoku-5-suits", [2]float64{23.3, 24.5}},             // 24.1, 24.9 (23.6, 24.9)
	} {
		for i, players := range []int{2, 3} {
			_, _, cfg, err := variants.Setup(tc.variant, variants.Options{}, players)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Simulate(context.Background(), SimConfig{Config: cfg, Seats: []Strategy{hat}, Games: games, Seed: "floor/" + tc.variant})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s, %d players: mean %.2f ± %.2f, storms %.1f%%", tc.variant, players, r.Mean, r.StdErr, 100*r.Storms)
			if r.Mean < tc.floors[i] {
				t.Errorf("%s, %d players: mean %.2f over %d games, want at least %.1f", tc.variant, players, r.Mean, games, tc.floors[i])
			}
		}
	}
}
