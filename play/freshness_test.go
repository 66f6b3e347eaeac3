package play_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// loadCounting counts whole-game loads and version checks.
type loadCounting struct {
	play.Store
	loads, checks atomic.Int64
}

func (s *loadCounting) GameVersion(ctx context.Context, id string) (play.Stamp, error) {
	s.checks.Add(1)
	return s.Store.GameVersion(ctx, id)
}

func (s *loadCounting) LoadGame(ctx context.Context, id string) (*play.Stored, error) {
	s.loads.Add(1)
	return s.Store.LoadGame(ctx, id)
}

// A cached game that nobody changed is read without loading its log; a
// change by another replica is seen by the next read all the same.
func TestReadsFromLiveState(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		ctx := context.Background()
		store := openStore(t, dbURL)
		counting := &loadCounting{Store: store}
		a := newGames(t, counting)
		b := newGames(t, openStore(t, dbURL)) // another replica on the same database
		st := table(t, a, "basic", 2, "fresh")

		before := counting.loads.Load()
		for range 5 {
			got, err := a.Load(ctx, st.ID)
			if err != nil || got.Version != st.Version {
				t.Fatalf("read: version %v, %v", got, err)
			}
		}
		if n := counting.loads.Load() - before; n != 0 {
			t.Fatalf("%d whole loads for 5 reads of an unchanged cached game", n)
		}
		moved, _, err := b.Act(ctx, st.ID, holder(b, st.ID, 0), move(engine.ClueRank(1, 1), nil))
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Load(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != moved.Version || len(got.Log) != 1 || got.Game.Turn() != 1 {
			t.Fatalf("after the other replica's move: version %d (want %d), %d log entries, turn %d",
				got.Version, moved.Version, len(got.Log), got.Game.Turn())
		}
	})
}
