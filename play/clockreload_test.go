package play_test

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/variants"
)

// TestResumedClockAfterRestart: a game paused and resumed keeps, on a
// server that loads it from the database (a restart, another replica), the
// deadline of the server that resumed it: the time the turn had left, not
// that plus a whole turn.
func TestResumedClockAfterRestart(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		clock := newFakeClock()
		store := openStore(t, dbURL)
		first := clockedGames(t, store, clock)
		st := timedTable(t, first, 30, variants.OnTimeoutEnd)
		cur := st.Game.Current()
		clock.Advance(10 * time.Second)
		if _, err := first.Pause(ctx, st.ID, holder(first, st.ID, 1-cur)); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
		resumed, err := first.Resume(ctx, st.ID, holder(first, st.ID, cur))
		if err != nil {
			t.Fatal(err)
		}
		want := clock.Now().UTC().Truncate(time.Millisecond).Add(20 * time.Second)
		if d, ok := resumed.TurnDeadline(); !ok || !d.Equal(want) {
			t.Fatalf("deadline where it was resumed: %v, want %v", d, want)
		}
		_ = first.Shutdown(ctx)
		second := clockedGames(t, openStore(t, dbURL), clock)
		got := mustLoad(t, second, st.ID)
		if d, ok := got.TurnDeadline(); !ok || !d.Equal(want) {
			t.Fatalf("deadline on a server that loaded the game: %v, want %v", d, want)
		}
		if left, _ := got.TurnTimeLeft(clock.Now().UTC().Truncate(time.Millisecond)); left != 20*time.Second {
			t.Fatalf("time left on a server that loaded the game: %v, want 20s", left)
		}
		if _, err := second.SettleAll(ctx); err != nil {
			t.Fatal(err)
		}
		clock.Advance(20 * time.Second)
		sweep(t, second)
		if r, over := mustLoad(t, second, st.ID).Game.Result(); !over || r.Reason != engine.EndTimeout || r.Seat != cur {
			t.Fatalf("at the resumed turn's deadline: %+v, over %v", r, over)
		}
	})
}

// TestFirstTurnClockNotMovedByAVote: a vote (or any entry that passes no
// turn) made during the game's first turn leaves that turn's clock running
// from the start, as it does on every later turn.
func TestFirstTurnClockNotMovedByAVote(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		clock := newFakeClock()
		g := clockedGames(t, openStore(t, dbURL), clock)
		st := timedTable(t, g, 30, variants.OnTimeoutEnd)
		start, _ := st.TurnDeadline()
		cur := st.Game.Current()
		clock.Advance(25 * time.Second)
		voted, err := g.Vote(ctx, st.ID, holder(g, st.ID, 1-cur), true)
		if err != nil {
			t.Fatal(err)
		}
		if d, _ := voted.TurnDeadline(); !d.Equal(start) {
			t.Fatalf("deadline after a vote on the first turn: %v, want %v", d, start)
		}
		clock.Advance(5 * time.Second)
		sweep(t, g)
		got := mustLoad(t, g, st.ID)
		if r, over := got.Game.Result(); !over || r.Reason != engine.EndTimeout || r.Seat != cur {
			t.Fatalf("30 s into the first turn, a vote at 25 s: %+v, over %v", r, over)
		}
	})
}
