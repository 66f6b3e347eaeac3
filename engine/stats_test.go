package engine_test

import (
	"math"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestStatsAtTheDealAsHanabLive: pace and the efficiency needed at the deal
// are the figures hanab.live's own tests give (packages/game's
// stats.test.ts: getStartingPace and getMinEfficiency, the latter to two
// decimals).
func TestStatsAtTheDealAsHanabLive(t *testing.T) {
	for _, tc := range []struct {
		variant string
		players int
		opts    variants.Options
		pace    int
		needed  float64
	}{
		{"basic", 2, variants.Options{}, 17, 0.86},
		{"basic", 4, variants.Options{}, 13, 1},
		{"black-6-suits", 2, variants.Options{}, 17, 1},
		{"black-6-suits", 4, variants.Options{}, 13, 1.15},
		// hanab.live's tests give these two only their efficiency; the pace
		// is its formula's: 60 cards − the hands + players − 30.
		{"clue-starved-6-suits", 2, variants.Options{}, 22, 1.43},
		{"clue-starved-6-suits", 4, variants.Options{}, 18, 1.58},
		{"basic", 2, variants.Options{OneExtraCard: ptr(true)}, 15, -1},
		{"basic", 2, variants.Options{OneLessCard: ptr(true)}, 19, -1},
	} {
		g, err := engine.NewSeeded(setup(t, tc.variant, tc.players, tc.opts), "stats")
		if err != nil {
			t.Fatal(err)
		}
		st := g.Stats()
		if !st.HasPace || st.Pace != tc.pace {
			t.Errorf("%s, %d players %+v: pace %d (%v), hanab.live %d", tc.variant, tc.players, tc.opts, st.Pace, st.HasPace, tc.pace)
		}
		if _, ok := st.Efficiency(); ok || st.Gotten != 0 || st.Spent != 0 {
			t.Errorf("%s: an efficiency before any clue: %+v", tc.variant, st)
		}
		if tc.needed < 0 {
			continue
		}
		if e, ok := st.NeededEfficiency(); !ok || math.Abs(e-tc.needed) >= 0.005 {
			t.Errorf("%s, %d players: efficiency needed %.4f (%v), hanab.live %.2f", tc.variant, tc.players, e, ok, tc.needed)
		}
	}
}
