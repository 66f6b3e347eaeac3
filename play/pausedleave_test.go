package play_test

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// TestLastPersonLeavingAPausedGame: a timed game with a bot, paused by its
// one person, who then leaves: the bots play it to the end, as they play
// every game its people left, rather than wait, paused, for a resume that
// nobody is left to send.
func TestLastPersonLeavingAPausedGame(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		store := openStore(t, dbURL)
		g, err := play.New(play.Config{Store: store, Bots: bots.List()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = g.Shutdown(ctx) })
		seconds := 60
		st, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 2, Seed: seed("paused-leave"), Name: "Ann",
			Options: variants.Options{TurnSeconds: &seconds}, Bots: []play.BotSeat{{Seat: 1, Strategy: "hat"}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Pause(ctx, st.ID, holder(g, st.ID, 0)); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Leave(ctx, st.ID, holder(g, st.ID, 0), 0, "hat"); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			cur := mustLoad(t, g, st.ID)
			if cur.Status == play.StatusFinished {
				if r, _ := cur.Game.Result(); r.Reason.Forced() {
					t.Fatalf("the bots' game ended %s", r.Reason)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("a paused game of bots only, its last person gone: %s, paused %v, %d entries", cur.Status, cur.Game.Paused(), len(cur.Log))
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}
