package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// TestTerminate: any seat ends an active game for everyone, at any turn;
// the end is the log's last entry, scored 0 and charged to that seat, and
// survives a reload from the store.
func TestTerminate(t *testing.T) {
	store := openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))
	g := newGames(t, store)
	ctx := context.Background()
	st := table(t, g, "basic", 3, "terminate")
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	// Seat 2 is not to act and ends it anyway.
	got, ev, err := g.Terminate(ctx, st.ID, holder(g, st.ID, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !ev.Over || ev.Result.Reason != engine.EndTerminated || ev.Result.Seat != 2 || ev.Result.Score != 0 {
		t.Fatalf("event %+v", ev)
	}
	fresh := newGames(t, store) // no cache: the store's log alone
	for _, s := range []*play.State{got, mustLoad(t, fresh, st.ID)} {
		if s.Status != play.StatusFinished || len(s.Log) != 2 || !s.EndLogged || s.EventCount() != 2 || s.Version != st.Version+2 {
			t.Fatalf("status %s, log %d, end logged %t, events %d, version %d", s.Status, len(s.Log), s.EndLogged, s.EventCount(), s.Version)
		}
		if r, _ := s.Game.Result(); r.Reason != engine.EndTerminated || r.Seat != 2 {
			t.Fatalf("result %+v", r)
		}
	}
}

func mustLoad(t *testing.T, g *play.Games, id string) *play.State {
	t.Helper()
	st, err := g.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestTerminateRefusals: each refusal, by its code.
func TestTerminateRefusals(t *testing.T) {
	g := sqliteGames(t)
	ctx := context.Background()
	lobby, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	done := table(t, g, "basic", 2, "done")
	if _, _, err := g.Terminate(ctx, done.ID, holder(g, done.ID, 0)); err != nil {
		t.Fatal(err)
	}
	active := table(t, g, "basic", 2, "active")
	for _, tc := range []struct {
		name string
		id   string
		seat int
		want error
	}{
		{"terminate twice", done.ID, 1, play.ErrNotActive},
		{"a lobby", lobby.ID, 0, play.ErrNotActive},
		{"no such game", "nosuchgame", 0, play.ErrNotFound},
		{"no such seat", active.ID, 2, play.ErrNoSuchSeat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := g.Terminate(ctx, tc.id, holder(g, tc.id, tc.seat)); !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
}

// TestTerminateRacesMoves: two replicas, one terminating while the other
// moves: the termination always lands (after the moves that won their
// seq), once, and nothing follows it.
func TestTerminateRacesMoves(t *testing.T) {
	store := openStore(t, t.TempDir()+"/hanabi.db")
	a, b := newGames(t, store), newGames(t, store)
	ctx := context.Background()
	st := table(t, a, "basic", 2, "race-terminate")
	var wg sync.WaitGroup
	var termErr error
	wg.Go(func() { _, _, termErr = b.Terminate(ctx, st.ID, holder(b, st.ID, 1)) })
	wg.Go(func() {
		for {
			cur, err := a.Load(ctx, st.ID)
			if err != nil || cur.Status != play.StatusActive {
				return
			}
			seat := cur.Game.Current()
			_, _, _ = a.Act(ctx, st.ID, holder(a, st.ID, seat), move(engine.ClueRank(1-seat, 1), nil))
		}
	})
	wg.Wait()
	if termErr != nil {
		t.Fatal(termErr)
	}
	end := mustLoad(t, a, st.ID)
	ends := 0
	for _, e := range end.Log {
		if e.Action.Kind == engine.End {
			ends++
		}
	}
	if ends != 1 || !end.EndLogged {
		t.Fatalf("%d ends in the log, last is end: %t", ends, end.EndLogged)
	}
}
