package hanablive

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestNotesRoundTrip: a file's notes (notes[player][card id], as hanab.live
// writes them and as Export does) come back from an import, so that an
// export imported and exported again is the same file; and the notes
// hanab.live refuses (not one list a player, a list longer than the deck
// and the stack bases) are refused.
func TestNotesRoundTrip(t *testing.T) {
	tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, 3}
	r := playRandom(t, tb, 5)
	deck := r.State.Config().DeckSize()
	r.Notes = make([][]string, 3)
	for i := range r.Notes {
		r.Notes[i] = make([]string, deck)
	}
	r.Notes[0][4], r.Notes[2][17] = "chop? maybe 5", "r1 & \"b2\""
	first, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Import(first)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Notes, r.Notes) {
		t.Fatalf("imported notes %q, want %q", back.Notes, r.Notes)
	}
	again, err := Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(first) {
		t.Fatalf("export → import → export differs:\n%s\nwant\n%s", again, first)
	}

	for name, notes := range map[string][][]string{
		"one list for 2 of 3 players": {{"a"}, {"b"}},
		"a list past the stack bases": {make([]string, deck+5+1), {}, {}},
	} {
		var m map[string]any
		if err := json.Unmarshal(first, &m); err != nil {
			t.Fatal(err)
		}
		m["notes"] = notes
		data, _ := json.Marshal(m)
		if _, err := Import(data); !errors.Is(err, ErrJSON) {
			t.Errorf("%s: %v, want %v", name, err, ErrJSON)
		}
	}
	// A game of hanab.live's with its players' notes exports them again.
	doc, err := Decode(readNoVariant(t))
	if err != nil || len(doc.Notes) != 5 {
		t.Fatalf("hanab.live's game: %d lists of notes, %v", len(doc.Notes), err)
	}
	live, err := ImportGame(doc)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Export(live); err != nil || !reflect.DeepEqual(out.Notes, doc.Notes) {
		t.Fatalf("hanab.live's game exported notes %q (%v), want %q", out.Notes, err, doc.Notes)
	}

	// Shorter lists, and none at all, are hanab.live's too.
	var m map[string]any
	if err := json.Unmarshal(first, &m); err != nil {
		t.Fatal(err)
	}
	m["notes"] = [][]string{{}, {"x"}, make([]string, deck+5)}
	data, _ := json.Marshal(m)
	if _, err := Import(data); err != nil {
		t.Errorf("short lists: %v", err)
	}
}
