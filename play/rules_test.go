package play_test

import (
	"context"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
)

// TestFirstSeatSurvivesReload: a game of hanab.live's rules starts with
// the seat its seed picks, stores nothing for it, and a server that loads
// the game from the store alone (no cache) replays it from that seat to
// the same state, its end included.
func TestFirstSeatSurvivesReload(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		store := openStore(t, dbURL)
		g := newGames(t, store)
		ctx := context.Background()
		seed := "first-seat"
		st := table(t, g, "no-variant", 4, seed)
		for i := 0; st.Game.First() == 0; i++ {
			seed = "first-seat-" + string(rune('a'+i))
			st = table(t, g, "no-variant", 4, seed)
		}
		first := st.Game.First()
		if first != st.Config.FirstSeat(seed) || st.Game.Current() != first || st.Settings.Rules != "hanablive" {
			t.Fatalf("first seat %d, the seed's %d, to act %d, rules %q", first, st.Config.FirstSeat(seed), st.Game.Current(), st.Settings.Rules)
		}
		local, err := engine.NewSeeded(*st.Config, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !local.Over() {
			legal := local.LegalActions(nil)
			a := legal[local.Turn()%len(legal)]
			if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, local.Current()), move(a, st.Config)); err != nil {
				t.Fatalf("turn %d: %v", local.Turn(), err)
			}
			if _, err := local.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		again := mustLoad(t, newGames(t, store), st.ID)
		want, _ := local.Result()
		if got, _ := again.Game.Result(); got != want || again.Game.First() != first || again.Game.Turn() != local.Turn() {
			t.Fatalf("reloaded: %+v from seat %d after %d turns; played %+v from seat %d after %d", got, again.Game.First(), again.Game.Turn(), want, first, local.Turn())
		}
	})
}
