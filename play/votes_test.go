package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// TestVoteToEnd: a seat's vote stands until it is taken back, asking for
// it twice changes nothing, a seat that was left votes no more, and the
// votes of half the seats end the game for everyone, recorded as voted.
func TestVoteToEnd(t *testing.T) {
	g := newGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")))
	ctx := context.Background()
	st := table(t, g, "basic", 4, "votes")
	version := st.Version
	for range 2 {
		if _, err := g.Vote(ctx, st.ID, holder(g, st.ID, 3), true); err != nil {
			t.Fatal(err)
		}
	}
	cur := mustLoad(t, g, st.ID)
	if cur.Version != version+1 || !cur.Game.Voted(3) {
		t.Fatalf("version %d after a vote asked twice (was %d); votes %v", cur.Version, version, cur.Game.Votes())
	}
	if _, err := g.Vote(ctx, st.ID, holder(g, st.ID, 3), false); err != nil || mustLoad(t, g, st.ID).Game.Voted(3) {
		t.Fatalf("the vote taken back: %v", err)
	}
	if _, err := g.Vote(ctx, st.ID, holder(g, st.ID, 9), true); !errors.Is(err, play.ErrNoSuchSeat) {
		t.Fatalf("seat 9 votes: %v", err)
	}
	stale := "not-the-occupant"
	if _, err := g.Vote(ctx, st.ID, occupancy(st.ID, 1, stale), true); !errors.Is(err, play.ErrRevoked) {
		t.Fatalf("a credential of another occupancy votes: %v", err)
	}
	if _, err := g.Vote(ctx, st.ID, holder(g, st.ID, 0), true); err != nil {
		t.Fatal(err)
	}
	end, err := g.Vote(ctx, st.ID, holder(g, st.ID, 2), true)
	if err != nil {
		t.Fatal(err)
	}
	if r, over := end.Game.Result(); !over || r.Reason != engine.EndVoted || end.Status != play.StatusFinished {
		t.Fatalf("after two votes of four seats: %+v %s", r, end.Status)
	}
	if _, err := g.Vote(ctx, st.ID, holder(g, st.ID, 1), true); !errors.Is(err, play.ErrNotActive) {
		t.Fatalf("a vote after the end: %v", err)
	}
}

// TestPauseStopsTheClock: a timed game paused keeps its seat to act's
// time left, takes no move and never runs out while paused, however long;
// resumed, the turn ends when the time it had left runs out. An untimed
// game has no clock to pause.
func TestPauseStopsTheClock(t *testing.T) {
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
	ctx := context.Background()
	st := timedTable(t, g, 30, variants.OnTimeoutEnd)
	cur := st.Game.Current()
	clock.Advance(10 * time.Second)
	paused, err := g.Pause(ctx, st.ID, holder(g, st.ID, 1-cur))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := paused.TurnDeadline(); ok {
		t.Fatal("a paused game has a deadline")
	}
	if left, ok := paused.TurnTimeLeft(clock.Now()); !ok || left != 20*time.Second {
		t.Fatalf("time left when paused: %v", left)
	}
	clock.Advance(time.Hour)
	sweep(t, g)
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, cur), move(engine.ClueRank(1-cur, 1), nil)); !errors.Is(err, engine.ErrPaused) {
		t.Fatalf("a move while paused: %v", err)
	}
	if again, err := g.Pause(ctx, st.ID, holder(g, st.ID, cur)); err != nil || again.Version != paused.Version {
		t.Fatalf("a second pause: %v, version %d (was %d)", err, again.Version, paused.Version)
	}
	mid := mustLoad(t, g, st.ID)
	if left, _ := mid.TurnTimeLeft(clock.Now()); mid.Game.Over() || left != 20*time.Second {
		t.Fatalf("an hour paused: over %v, %v left", mid.Game.Over(), left)
	}
	if _, err := g.Resume(ctx, st.ID, holder(g, st.ID, cur)); err != nil {
		t.Fatal(err)
	}
	resumed := mustLoad(t, g, st.ID)
	// Entries are stamped to the millisecond.
	if d, ok := resumed.TurnDeadline(); !ok || !d.Equal(clock.Now().UTC().Truncate(time.Millisecond).Add(20*time.Second)) {
		t.Fatalf("deadline after the resume: %v", d)
	}
	clock.Advance(19 * time.Second)
	sweep(t, g)
	if mustLoad(t, g, st.ID).Game.Over() {
		t.Fatal("the turn ran out early")
	}
	clock.Advance(time.Second)
	sweep(t, g)
	if r, over := mustLoad(t, g, st.ID).Game.Result(); !over || r.Reason != engine.EndTimeout || r.Seat != cur {
		t.Fatalf("at the deadline: %+v, over %v", r, over)
	}

	untimed := table(t, g, "basic", 2, "untimed")
	if _, err := g.Pause(ctx, untimed.ID, holder(g, untimed.ID, 0)); !errors.Is(err, &play.Error{Code: play.Untimed}) {
		t.Fatalf("an untimed game paused: %v", err)
	}
}
