package hanablive

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// TestCatalogueRoundTrip plays a game of every catalogue variant under
// hanab.live's rules (clues must touch a card), exports it under the
// variant's hanab.live name and imports it back to the same game.
func TestCatalogueRoundTrip(t *testing.T) {
	n := 0
	for i, v := range variants.All() {
		if v.Source != variants.SourceHanabLive {
			continue
		}
		n++
		tb := table{v.Name, variants.Settings{StormTokens: 3, NoteTokens: 8}, variants.MinPlayers + i%5}
		want := play(t, tb, uint64(i), i%2 == 0)
		data, err := Marshal(want)
		if err != nil {
			t.Fatalf("%s: export: %v", v.Name, err)
		}
		var doc struct {
			Options struct{ Variant string }
		}
		if err := json.Unmarshal(data, &doc); err != nil || doc.Options.Variant != v.HanabLive.Name {
			t.Fatalf("%s: exported as %q, want %q (%v)", v.Name, doc.Options.Variant, v.HanabLive.Name, err)
		}
		got, err := Import(data)
		if err != nil {
			t.Fatalf("%s: import of an export: %v", v.Name, err)
		}
		if isMapped(v.HanabLive.Name) {
			// The rules' own variant of the same rules takes the name over.
			m, _ := fromLive(v.HanabLive.Name)
			if got.Variant != m.Variant || !reflect.DeepEqual(got.State.Log(), want.State.Log()) ||
				!reflect.DeepEqual(got.State.Deck(), want.State.Deck()) || got.State.Score() != want.State.Score() {
				t.Fatalf("%s: imported as %s, a different game", v.Name, got.Variant)
			}
			continue
		}
		sameGame(t, want, got)
	}
	if n != 2426 {
		t.Errorf("%d catalogue variants", n)
	}
}

// isMapped says whether live is the hanab.live name of one of the rules'
// own variants.
func isMapped(live string) bool {
	for _, m := range mappings {
		if m.Live == live {
			return true
		}
	}
	return false
}
