package hanablive

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzImport feeds arbitrary bytes to Import. It must never panic, must
// return either a game or an error, and whatever finished game it accepts
// must export and import back to the same game.
func FuzzImport(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, name := range append(files, noVariantPath) {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		``, `{}`, `null`, `[]`,
		`{"players":["a","b"],"deck":[]}`,
		`{"players":["a","b"],"deck":[{"suitIndex":0,"rank":65}],"actions":[{"type":4}]}`,
		`{"players":["a","b","c","d","e","f"],"deck":[],"options":{"variant":"Dark Rainbow (6 Suits)","stormTokens":1,"noteTokens":16}}`,
		`{"players":["a","b"],"deck":[],"actions":[{"type":2,"target":-9223372036854775808,"value":9223372036854775807}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Import(data)
		if err != nil {
			if r != nil {
				t.Fatalf("both a game and an error: %v", err)
			}
			return
		}
		if r.State == nil {
			t.Fatal("no game and no error")
		}
		if !r.State.Over() && r.End == nil {
			return
		}
		sameGame(t, r, roundTrip(t, r))
	})
}
