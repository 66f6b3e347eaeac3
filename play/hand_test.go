package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// reversed is seat's hand in st, newest last.
func reversed(st *play.State, seat int) []int {
	h := st.Game.Hand(seat)
	slices.Reverse(h)
	return h
}

// TestRearrange: a seat that is not to act rearranges its hand; the entry
// is in the log and survives a reload, the turn stays, and the same order
// again appends nothing.
func TestRearrange(t *testing.T) {
	store := openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))
	g := newGames(t, store)
	ctx := context.Background()
	st := table(t, g, "basic", 3, "rearrange")
	occ := st.Occupant(2)
	order := reversed(st, 2)
	got, err := g.Rearrange(ctx, st.ID, occupancy(st.ID, 2, occ), order, play.Move{})
	if err != nil {
		t.Fatal(err)
	}
	fresh := newGames(t, store) // no cache: the store's log alone
	for _, s := range []*play.State{got, mustLoad(t, fresh, st.ID)} {
		if !slices.Equal(s.Game.Hand(2), order) || len(s.Log) != 1 || s.Log[0].Seat != 2 || s.Log[0].Action.Kind != engine.Rearrange {
			t.Fatalf("hand %v, log %+v", s.Game.Hand(2), s.Log)
		}
		if s.Game.Turn() != 0 || s.Game.Current() != st.Game.Current() || s.Version != st.Version+1 || s.EventCount() != 1 {
			t.Fatalf("turn %d, seat %d to act, version %d, events %d", s.Game.Turn(), s.Game.Current(), s.Version, s.EventCount())
		}
		// Before any move, the clocks run from the start: a
		// rearrangement passes no turn.
		if !s.LastAt.Equal(st.LastAt) {
			t.Fatalf("last change %v, the start's %v", s.LastAt, st.LastAt)
		}
	}
	// The same order again: nothing to do, nothing appended.
	again, err := g.Rearrange(ctx, st.ID, occupancy(st.ID, 2, occ), order, play.Move{})
	if err != nil || again.Version != got.Version || len(again.Log) != 1 {
		t.Fatalf("again: %v, version %d", err, again.Version)
	}
	// The game goes on; a move opens a new turn with the order kept.
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	if s := mustLoad(t, fresh, st.ID); !slices.Equal(s.Game.Hand(2), order) || s.Game.Turn() != 1 {
		t.Fatalf("after a move: hand %v, turn %d", s.Game.Hand(2), s.Game.Turn())
	}
}

// TestRearrangeRefusals: each refusal, by its code.
func TestRearrangeRefusals(t *testing.T) {
	g := sqliteGames(t)
	ctx := context.Background()
	active := table(t, g, "basic", 2, "active")
	live := table(t, g, "no-variant", 2, "live")
	done := table(t, g, "basic", 2, "done")
	if _, _, err := g.Terminate(ctx, done.ID, holder(g, done.ID, 0)); err != nil {
		t.Fatal(err)
	}
	stale := active.Version - 1
	for _, tc := range []struct {
		name  string
		st    *play.State
		seat  int
		order []int
		m     play.Move
		want  error
	}{
		{"hanab.live's rules", live, 1, reversed(live, 1), play.Move{}, engine.ErrNoRearrange},
		{"a finished game", done, 0, reversed(done, 0), play.Move{}, play.ErrNotActive},
		{"another seat's card", active, 0, append(reversed(active, 0)[1:], active.Game.Hand(1)[0]), play.Move{}, engine.ErrBadOrder},
		{"a card missing", active, 0, reversed(active, 0)[1:], play.Move{}, engine.ErrBadOrder},
		{"no such seat", active, 2, []int{0}, play.Move{}, play.ErrNoSuchSeat},
		{"a left occupancy", active, 0, reversed(active, 0), play.Move{}, play.ErrRevoked},
		{"a stale version", active, 0, reversed(active, 0), play.Move{Version: &stale}, play.ErrStaleVersion},
		{"If-Match", active, 0, reversed(active, 0), play.Move{IfMatch: []int64{stale}}, &play.Error{Code: play.PreconditionFailed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			by := holder(g, tc.st.ID, tc.seat)
			if tc.name == "a left occupancy" {
				by.Occupant = "gone"
			}
			if _, err := g.Rearrange(ctx, tc.st.ID, by, tc.order, tc.m); !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
	if s := mustLoad(t, g, active.ID); len(s.Log) != 0 {
		t.Fatalf("refusals appended %+v", s.Log)
	}
	// The version it is at is a good condition.
	if _, err := g.Rearrange(ctx, active.ID, holder(g, active.ID, 0), reversed(active, 0), play.Move{Version: &active.Version}); err != nil {
		t.Fatal(err)
	}
}

// TestRearrangeKeepsTheClock: a rearrangement is no turn, so the turn's
// clock runs on through it.
func TestRearrangeKeepsTheClock(t *testing.T) {
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
	ctx := context.Background()
	st := timedTable(t, g, 30, variants.OnTimeoutEnd)
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	moved := mustLoad(t, g, st.ID)
	deadline, _ := moved.TurnDeadline()
	clock.Advance(20 * time.Second)
	// Seat 1, whose turn it is, and seat 0 both rearrange.
	for _, seat := range []int{1, 0} {
		cur := mustLoad(t, g, st.ID)
		if _, err := g.Rearrange(ctx, st.ID, holder(g, st.ID, seat), reversed(cur, seat), play.Move{}); err != nil {
			t.Fatal(err)
		}
	}
	if d, _ := mustLoad(t, g, st.ID).TurnDeadline(); !d.Equal(deadline) {
		t.Fatalf("deadline %v after the rearrangements, was %v", d, deadline)
	}
	clock.Advance(10 * time.Second)
	sweep(t, g)
	end := mustLoad(t, g, st.ID)
	if r, over := end.Game.Result(); !over || r.Reason != engine.EndTimeout || r.Seat != 1 {
		t.Fatalf("at the deadline: %+v, over %t", r, over)
	}
}
