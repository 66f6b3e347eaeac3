package variants_test

import (
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestRankClues pins what rank clues mean where a variant stretches them,
// and where it does not.
func TestRankClues(t *testing.T) {
	tests := []struct {
		variant string
		rank    int
		touches []int
		name    string
	}{
		{"basic", 3, []int{3}, "3"},
		{"farbrausch2", 5, []int{5}, "5"},
		{"no-variant", 1, []int{1}, "1"},
		{"odds-and-evens-5-suits", 1, []int{1, 3, 5}, "odd"},
		{"odds-and-evens-5-suits", 2, []int{2, 4}, "even"},
		{"funnels-5-suits", 3, []int{1, 2, 3}, "1–3"},
		{"chimneys-5-suits", 3, []int{3, 4, 5}, "3–5"},
		{"pink-fives-5-suits", 2, []int{2, 5}, "2/5"},
		// Pink is one suit of five: a rank clue still means its rank.
		{"pink-5-suits", 2, []int{2}, "2"},
		{"up-or-down-5-suits", 1, []int{1}, "1"},
	}
	for _, tc := range tests {
		v, err := variants.Get(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		rcs := v.RankClues()
		i := slices.IndexFunc(rcs, func(rc variants.RankClue) bool { return rc.Rank == tc.rank })
		if i < 0 {
			t.Fatalf("%s: no rank clue %d in %+v", tc.variant, tc.rank, rcs)
		}
		if rc := rcs[i]; !slices.Equal(rc.Touches, tc.touches) || rc.Name != tc.name {
			t.Errorf("%s: rank clue %d means %v %q, want %v %q", tc.variant, tc.rank, rc.Touches, rc.Name, tc.touches, tc.name)
		}
	}
}

// TestRankCluesOfEveryVariant: every variant names each of its rank clues,
// in order, and what a clue is said to touch is what it touches in at least
// as many suits as any other set of ranks, as the engine decides touches.
func TestRankCluesOfEveryVariant(t *testing.T) {
	for _, v := range variants.All() {
		rcs := v.RankClues()
		if len(rcs) != len(v.ClueRanks) {
			t.Fatalf("%s: %d rank clues named, %d clue ranks", v.Name, len(rcs), len(v.ClueRanks))
		}
		set, err := v.Resolve(variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := v.Config(set, variants.MaxPlayers)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		for i, rc := range rcs {
			if rc.Rank != v.ClueRanks[i] || rc.Name == "" || len(rc.Touches) == 0 || !slices.IsSorted(rc.Touches) {
				t.Fatalf("%s: rank clue %d of %v is %+v", v.Name, i, v.ClueRanks, rc)
			}
			count := map[string]int{}
			for si, s := range cfg.Suits {
				var ranks []int
				for r := 1; r <= engine.MaxRank; r++ {
					if slices.Contains(s.Ranks, r) && cfg.ClueTouches(engine.ClueRank(0, rc.Rank), engine.Card{Suit: si, Rank: r}) {
						ranks = append(ranks, r)
					}
				}
				if len(ranks) > 0 {
					count[fmtInts(ranks)]++
				}
			}
			said := count[fmtInts(rc.Touches)]
			for k, n := range count {
				if n > said {
					t.Fatalf("%s: rank clue %d is said to touch %v (%d suits), but touches %s in %d", v.Name, rc.Rank, rc.Touches, said, k, n)
				}
			}
			if said == 0 && len(count) > 0 {
				t.Fatalf("%s: rank clue %d is said to touch %v in no suit", v.Name, rc.Rank, rc.Touches)
			}
		}
	}
}

func fmtInts(xs []int) string {
	b := []byte{}
	for _, x := range xs {
		b = append(b, byte('0'+x), ',')
	}
	return string(b)
}
