package variants_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestLoadDir loads the API document's example and a file of several
// variants, and checks what each card's table says.
func TestLoadDir(t *testing.T) {
	before := len(variants.All())
	n, err := variants.LoadDir("testdata/files")
	if err != nil || n != 3 {
		t.Fatalf("LoadDir: %d, %v", n, err)
	}
	if got := len(variants.All()); got != before+3 {
		t.Fatalf("%d variants after loading, want %d", got, before+3)
	}
	v, err := variants.Get("pink-and-dark-prism")
	if err != nil {
		t.Fatal(err)
	}
	if v.Source != variants.SourceFile || v.HanabLive != nil || !v.EmptyClues || v.MaxScore() != 30 {
		t.Errorf("source %s hanablive %v empty %v max %d", v.Source, v.HanabLive, v.EmptyClues, v.MaxScore())
	}
	const pink, prism = 4, 5
	tests := []struct {
		v          string
		suit, rank int
		colors     []string
		ranks      []int
		copies     int
	}{
		{"pink-and-dark-prism", 0, 1, []string{"red"}, []int{1}, 3},
		{"pink-and-dark-prism", pink, 2, []string{"purple"}, []int{1, 2, 3, 4, 5}, 2},
		{"pink-and-dark-prism", prism, 1, []string{"red"}, []int{1}, 1},
		{"pink-and-dark-prism", prism, 3, []string{"green"}, []int{3}, 1},
		{"pink-and-dark-prism", prism, 5, []string{"purple"}, []int{5}, 1},
		{"brown-fives", 1, 5, []string{"green"}, []int{}, 1},
		{"brown-fives", 1, 4, []string{"green"}, []int{4}, 2},
		{"brown-fives", 3, 2, []string{}, []int{}, 1},
		{"muddy-funnels", 0, 1, []string{"red"}, []int{1, 2, 3, 4, 5}, 2},
		{"muddy-funnels", 0, 3, []string{"red"}, []int{3, 4, 5}, 2},
		{"muddy-funnels", 3, 3, []string{"red", "yellow", "green"}, []int{}, 2},
	}
	for _, tc := range tests {
		v, err := variants.Get(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.TouchColors(tc.suit, tc.rank); !slices.Equal(got, tc.colors) {
			t.Errorf("%s %s %d: colors %v, want %v", tc.v, v.Suits[tc.suit].Name, tc.rank, got, tc.colors)
		}
		if got := v.TouchRanks(tc.suit, tc.rank); !slices.Equal(got, tc.ranks) {
			t.Errorf("%s %s %d: ranks %v, want %v", tc.v, v.Suits[tc.suit].Name, tc.rank, got, tc.ranks)
		}
		if got := count(v.Suits[tc.suit].Ranks, tc.rank); got != tc.copies {
			t.Errorf("%s %s %d: %d copies, want %d", tc.v, v.Suits[tc.suit].Name, tc.rank, got, tc.copies)
		}
	}
	// A file variant plays: the engine takes its table as is.
	v, s, cfg, err := variants.Setup("brown-fives", variants.Options{}, 3)
	if err != nil || s.EmptyClues || !slices.Equal(v.ClueColors, []string{"red", "green", "blue"}) {
		t.Fatalf("setup: %v %+v %v", err, s, v.ClueColors)
	}
	if _, err := engine.NewSeeded(cfg, "x"); err != nil {
		t.Fatal(err)
	}
}

// TestLoadRefuses: every kind of bad file stops the load with an error that
// names the file and the field, and nothing of the folder is added, not even
// its good files.
func TestLoadRefuses(t *testing.T) {
	good := `{"name": "fine-variant", "title": "Fine", "suits": [{"name": "red"}, {"name": "blue"}]}`
	tests := []struct {
		name, body string
		field      string // must appear in the error
	}{
		{"syntax", `{"name": "x",`, "(file)"},
		{"unknown field", `{"name": "x-1", "title": "X", "colours": [], "suits": [{"name": "red"}]}`, "colours"},
		{"wrong type", `{"name": "x-1", "title": "X", "suits": [{"name": "red", "one_of_each": "yes"}]}`, "one_of_each"},
		{"bad name", `{"name": "Big Name", "title": "X", "suits": [{"name": "red"}]}`, "name"},
		{"no title", `{"name": "x-1", "suits": [{"name": "red"}]}`, "title"},
		{"no suits", `{"name": "x-1", "title": "X", "suits": []}`, "suits"},
		{"unknown color", `{"name": "x-1", "title": "X", "clue_colors": ["red"], "suits": [{"name": "red"}, {"name": "blue"}]}`, "suits[1].name"},
		{"unknown color in a list", `{"name": "x-1", "title": "X", "clue_colors": ["red", "blue"], "suits": [{"name": "red"}, {"name": "teal", "colors": ["red", "teal"]}]}`, "suits[1].colors"},
		{"bad keyword", `{"name": "x-1", "title": "X", "suits": [{"name": "red", "colors": "rainbow"}]}`, "colors"},
		{"bad ranks keyword", `{"name": "x-1", "title": "X", "suits": [{"name": "red", "ranks": "some"}]}`, "suits[0].ranks"},
		{"clue rank 6", `{"name": "x-1", "title": "X", "clue_ranks": [1, 6], "suits": [{"name": "red"}]}`, "clue_ranks[1]"},
		{"special rank 0", `{"name": "x-1", "title": "X", "special_rank": {"rank": 0}, "suits": [{"name": "red"}]}`, "special_rank.rank"},
		{"deceptive colors", `{"name": "x-1", "title": "X", "special_rank": {"rank": 1, "colors": "deceptive"}, "suits": [{"name": "red"}]}`, "special_rank.colors"},
		{"bad clue_shows", `{"name": "x-1", "title": "X", "clue_shows": "value", "suits": [{"name": "red"}]}`, "clue_shows"},
		{"bad rules", `{"name": "x-1", "title": "X", "rules": "house", "suits": [{"name": "red"}]}`, "rules"},
		{"registered name", `{"name": "basic", "title": "X", "suits": [{"name": "red"}]}`, "name"},
		{"catalogue name", `{"name": "prism-5-suits", "title": "X", "suits": [{"name": "red"}]}`, "name"},
		{"hanablive", `{"name": "x-1", "title": "X", "hanablive": {"id": 1, "name": "6 Suits"}, "suits": [{"name": "red"}]}`, "hanablive"},
		{"too many suits", `{"name": "x-1", "title": "X", "suits": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}, {"name": "e"}, {"name": "f"}, {"name": "g"}, {"name": "h"}, {"name": "i"}]}`, "suits"},
		{"too few cards", `{"name": "x-1", "title": "X", "suits": [{"name": "red", "one_of_each": true}]}`, "suits"},
		{"same suit twice", `{"name": "x-1", "title": "X", "suits": [{"name": "red"}, {"name": "red"}]}`, "suits[1].name"},
		{"in a list", `{"variants": [` + strings.Replace(good, "fine-variant", "fine-too", 1) + `, {"name": "x-1", "title": "X", "suits": [{"name": "red", "ranks": "odd"}]}]}`, "variants[1].suits[0].ranks"},
		{"twice in the folder", good, "name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// The good file sorts first, so it would be resolved before the bad one.
			write(t, filepath.Join(dir, "a-good.json"), good)
			write(t, filepath.Join(dir, "b-bad.json"), tc.body)
			before := len(variants.All())
			_, err := variants.LoadDir(dir)
			if err == nil {
				t.Fatal("accepted")
			}
			var fe *variants.FieldError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), "b-bad.json") || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("error %q does not name b-bad.json and %s", err, tc.field)
			}
			if len(variants.All()) != before {
				t.Errorf("%d variants added", len(variants.All())-before)
			}
			if _, err := variants.Get("fine-variant"); err == nil {
				t.Error("the good file was loaded")
			}
		})
	}
	if _, err := variants.LoadDir(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing folder was accepted")
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
