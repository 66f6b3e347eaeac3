package play_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// A bot's reason for a clue names the clue ("Bob's 2 clue on the chop
// ..."): where the variant hides a clue's value from all but its giver
// (Cow & Pig, Duck), nobody else reads it, as nobody reads the value in
// the clue's event; elsewhere everyone does.
func TestWhyForHidesAHiddenClue(t *testing.T) {
	clue := play.Entry{Seat: 1, Action: engine.ClueRank(0, 2), Why: "Ann's 2 clue on the chop saves the card"}
	move := play.Entry{Seat: 1, Action: engine.PlayCard(3), Why: "slot 1 is finessed"}
	for _, tc := range []struct {
		variant string
		viewer  int
		over    bool
		entry   play.Entry
		want    string
	}{
		{"cow-pig-5-suits", 0, false, clue, ""},
		{"cow-pig-5-suits", engine.Public, true, clue, ""},
		{"cow-pig-5-suits", engine.Spectator, false, clue, ""},
		{"cow-pig-5-suits", 1, false, clue, clue.Why}, // its giver
		{"duck-4-suits", 0, false, clue, ""},
		{"cow-pig-5-suits", 0, false, move, move.Why},
		{"basic", 0, false, clue, clue.Why},
	} {
		_, _, cfg, err := variants.Setup(tc.variant, variants.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if got := tc.entry.WhyFor(&cfg, tc.viewer, tc.over); got != tc.want {
			t.Errorf("%s, viewer %d, over %v, %v: %q, want %q", tc.variant, tc.viewer, tc.over, tc.entry.Action, got, tc.want)
		}
	}
}
