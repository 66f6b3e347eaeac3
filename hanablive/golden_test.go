package hanablive

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

var update = flag.Bool("update", false, "rewrite the golden exports in testdata/")

// Fixed-seed games and their exports. A change to the deal, to the order of
// legal moves or to the format shows up here as a diff to review; rewrite
// the files with `go test ./hanablive -run Golden -update` only when
// the change is meant.
var goldens = []struct {
	file  string
	table table
	seed  uint64
	score int
	turns int
}{
	{"no_variant_3p.json", table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, 3}, 42, 8, 72},
	{"dark_rainbow_4p_options.json", table{"farbrausch2", variants.Settings{StormTokens: 2, NoteTokens: 6, EmptyClues: true, RainbowCards: 5}, 4}, 42, 9, 78},
}

func TestGoldenExport(t *testing.T) {
	for _, gd := range goldens {
		t.Run(gd.file, func(t *testing.T) {
			r := playCareful(t, gd.table, gd.seed)
			got, err := Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", gd.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (write it with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("export of %s differs from %s:\n%s", gd.table, path, got)
			}
			back, err := Import(want)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, r, back)
			res, _ := back.State.Result()
			if res.Score != gd.score || back.State.Turn() != gd.turns || res.Reason != engine.EndDeckOut {
				t.Fatalf("score %d after %d actions (%s), want %d after %d (deck_out)", res.Score, back.State.Turn(), res.Reason, gd.score, gd.turns)
			}
		})
	}
}
