package variants_test

import (
	"strings"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestHiddenRuleVariants: hanab.live's 44 Throw It in a Hole, 4 Cow & Pig
// and 4 Duck variants are listed under their names, each with its rule in
// the config it plays from, and no other variant carries those rules.
func TestHiddenRuleVariants(t *testing.T) {
	counts := map[string]int{}
	for _, v := range variants.All() {
		_, _, cfg, err := variants.Setup(v.Name, variants.Options{}, 3)
		if err != nil {
			continue
		}
		live := ""
		if v.HanabLive != nil {
			live = v.HanabLive.Name
		}
		group := ""
		switch {
		case strings.HasPrefix(live, "Throw It in a Hole"):
			group = "hole"
		case strings.HasPrefix(live, "Cow & Pig"):
			group = "cow"
		case strings.HasPrefix(live, "Duck"):
			group = "duck"
		}
		counts[group]++
		if cfg.FaceDownPlays != (group == "hole") {
			t.Errorf("%s (%q): face-down plays %v", v.Name, live, cfg.FaceDownPlays)
		}
		want := map[string]engine.ClueShows{"cow": engine.ShowsType, "duck": engine.ShowsTouches}[group]
		if cfg.ClueShows != want {
			t.Errorf("%s (%q): clue shows %d, want %d", v.Name, live, cfg.ClueShows, want)
		}
	}
	if counts["hole"] != 44 || counts["cow"] != 4 || counts["duck"] != 4 {
		t.Errorf("listed %d Throw It in a Hole, %d Cow & Pig, %d Duck variants", counts["hole"], counts["cow"], counts["duck"])
	}
}
