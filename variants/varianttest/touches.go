// Package varianttest reads the reference data that tests of several
// packages compare the variants with.
package varianttest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Touches is hanab.live's own answer for every card of every catalogue
// variant (variants/testdata/hanablive/touches.json): the clue colors and
// ranks a player may give, the maximum score, and per suit and rank the
// copies and the clues that touch such a card.
type Touches struct {
	Variants []struct {
		Name       string   `json:"name"`
		ClueColors []string `json:"clue_colors"`
		ClueRanks  []int    `json:"clue_ranks"`
		MaxScore   int      `json:"max_score"`
		Suits      []struct {
			Name   string     `json:"name"`
			Copies []int      `json:"copies"`
			Colors [][]string `json:"colors"`
			Ranks  [][]int    `json:"ranks"`
			// Start is the suit's START card in Up or Down: its copies
			// and the clues that touch it; nil elsewhere.
			Start *struct {
				Copies int      `json:"copies"`
				Colors []string `json:"colors"`
				Ranks  []int    `json:"ranks"`
			} `json:"start"`
		} `json:"suits"`
	} `json:"variants"`
}

// ReadTouches reads touches.json, wherever the calling test runs from, and
// checks that it holds the whole catalogue.
func ReadTouches(t testing.TB) *Touches {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "testdata", "hanablive", "touches.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref Touches
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if len(ref.Variants) != 2426 {
		t.Fatalf("touches.json holds %d variants, not 2,426", len(ref.Variants))
	}
	return &ref
}
