package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestCombinationsAViewCannotFollow: clues that show only their touches do
// not alternate (a seat's view would allow a clue the rules refuse), and
// face-down plays go with neither Sudoku nor Up or Down; each rule alone,
// and the rest of them together, stand.
func TestCombinationsAViewCannotFollow(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*engine.Config)
		ok   bool
	}{
		{"alternating", func(c *engine.Config) { c.AlternatingClues = true }, true},
		{"touches only", func(c *engine.Config) { c.ClueShows = engine.ShowsTouches }, true},
		{"type only, alternating", func(c *engine.Config) { c.ClueShows, c.AlternatingClues = engine.ShowsType, true }, true},
		{"touches only, alternating", func(c *engine.Config) { c.ClueShows, c.AlternatingClues = engine.ShowsTouches, true }, false},
		{"face down", func(c *engine.Config) { c.FaceDownPlays = true }, true},
		{"face down, sudoku", func(c *engine.Config) { c.FaceDownPlays, c.Sudoku = true, true }, false},
		{"face down, up or down", func(c *engine.Config) { c.FaceDownPlays, c.UpOrDown = true, true }, false},
	} {
		cfg := setup(t, "basic", 3, variants.Options{})
		c.set(&cfg)
		if err := cfg.Validate(); (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok %v", c.name, err, c.ok)
		}
	}
}
