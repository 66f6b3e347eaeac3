package hanablive

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
)

// noVariantPath is a real hanab.live game (see testdata/README.md).
const noVariantPath = "testdata/no_variant.json"

func readNoVariant(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(noVariantPath)
	if err != nil {
		t.Fatalf("hanab.live test game: %v", err)
	}
	return data
}

func TestNoVariantGame(t *testing.T) {
	data := readNoVariant(t)
	r, err := Import(data)
	if err != nil {
		t.Fatal(err)
	}
	g := r.State
	res, over := g.Result()
	fireworks := make([]int, len(g.Config().Suits))
	for i := range fireworks {
		fireworks[i] = g.Firework(i)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"variant", r.Variant, "basic"},
		{"empty clues", r.Settings.EmptyClues, false},
		{"players", r.Players, []string{"Alice", "Bob", "Cathy", "Donald", "Emily"}},
		{"end action", r.End, (*GameOver)(nil)},
		{"over", over, true},
		{"turns", g.Turn(), 53},
		{"score", g.Score(), 23},
		{"result score", res.Score, 23},
		{"reason", res.Reason.String(), "deck_out"},
		{"fireworks", fireworks, []int{3, 5, 5, 5, 5}},
		{"storms used", g.StormsUsed(), 0},
		{"note tokens", g.NoteTokens(), 4},
		{"deck left", g.DeckCount(), 0},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// The game ends on its 53rd action, not before: with the last one left out
// it is still running, and one action more is refused.
func TestNoVariantEndsOnLastAction(t *testing.T) {
	doc, err := Decode(readNoVariant(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Actions) != 53 {
		t.Fatalf("%d actions, want 53", len(doc.Actions))
	}
	short := *doc
	short.Actions = doc.Actions[:52]
	r, err := ImportGame(&short)
	if err != nil {
		t.Fatal(err)
	}
	if r.State.Over() {
		t.Fatal("over after 52 actions")
	}
	long := *doc
	long.Actions = append(doc.Actions[:53:53], Action{Type: ActionRankClue, Target: 1, Value: 1})
	_, err = ImportGame(&long)
	wantActionError(t, err, 53, engine.ErrGameOver)
}

// An export of the imported game is the same game, and the hanab.live fields
// this package drops (id, notes) are the only difference from the original.
func TestNoVariantExport(t *testing.T) {
	data := readNoVariant(t)
	r, err := Import(data)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, r, roundTrip(t, r))

	out, err := Export(r)
	if err != nil {
		t.Fatal(err)
	}
	var orig struct {
		Players []string `json:"players"`
		Deck    []Card   `json:"deck"`
		Actions []Action `json:"actions"`
	}
	if err := json.Unmarshal(data, &orig); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(orig.Players, out.Players) || !reflect.DeepEqual(orig.Deck, out.Deck) || !reflect.DeepEqual(orig.Actions, out.Actions) {
		t.Fatal("export differs from the hanab.live original in players, deck or actions")
	}
	if out.Options != (Options{Variant: "No Variant"}) {
		t.Fatalf("options %+v, want only the variant", out.Options)
	}
}
