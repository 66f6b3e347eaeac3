package hanablive

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestSpeedrunRefused: hanab.live's "speedrun" option ends a game, scored
// 0, as soon as a perfect score can no longer be reached (its end
// condition 5), a rule this server does not play. Its file stops at that
// move, which would import as a game still running with no score instead
// of hanab.live's end; it is refused, as detrimentalCharacters is, rather
// than replayed to another result.
func TestSpeedrunRefused(t *testing.T) {
	doc, err := Decode(readNoVariant(t))
	if err != nil {
		t.Fatal(err)
	}
	// A seat holding a 5 is told so and discards it: the second move
	// loses a perfect score.
	n := len(doc.Players)
	r, err := ImportGame(&Game{Players: doc.Players, Deck: doc.Deck})
	if err != nil {
		t.Fatal(err)
	}
	seat, five := -1, -1
	for p := range n {
		for _, id := range r.State.Hand(p) {
			if doc.Deck[id].Rank == 5 && five < 0 {
				seat, five = p, id
			}
		}
	}
	if five < 0 {
		t.Fatal("no 5 dealt")
	}
	doc.Options.StartingPlayer = (seat + n - 1) % n
	doc.Actions = []Action{{Type: ActionRankClue, Target: seat, Value: 5}, {Type: ActionDiscard, Target: five}}
	if r, err = ImportGame(doc); err != nil {
		t.Fatal(err)
	}
	if r.State.MaxPossible() >= r.State.Config().MaxScore() || r.State.Over() {
		t.Fatalf("max possible %d, over %v", r.State.MaxPossible(), r.State.Over())
	}
	cut := len(doc.Actions)
	doc.Options.Variant = "No Variant"
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m["options"].(map[string]any)["speedrun"] = true
	data, _ = json.Marshal(m)
	got, err := Import(data)
	if !errors.Is(err, ErrOption) {
		if err == nil {
			t.Fatalf("a speedrun's file ending on move %d imported: over %v, end %+v; hanab.live ended it there, scored 0", cut, got.Finished(), got.End)
		}
		t.Fatalf("a speedrun's file: %v, want %v", err, ErrOption)
	}
}
