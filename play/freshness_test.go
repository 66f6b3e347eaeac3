package play

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/models/storetest"
)

// loadCounting counts whole-game loads and version checks.
type loadCounting struct {
	Store
	loads, checks atomic.Int64
}

func (s *loadCounting) GameVersion(ctx context.Context, id string) (int64, error) {
	s.checks.Add(1)
	return s.Store.GameVersion(ctx, id)
}

func (s *loadCounting) LoadGame(ctx context.Context, id string) (*models.Game, []models.Seat, []models.Action, error) {
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
		b := newGames(t, store) // another replica on the same database
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
		moved, _, err := b.Act(ctx, st.ID, 0, Move{Action: fixed(engine.ClueRank(1, 1))})
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

// While its store is the only writer of the database, a game that this
// process keeps up to date is read without any database read at all; a
// change through the same store by anyone is still seen at once, and once
// another replica opens, reads check the stored version again and see its
// moves.
func TestSoleReadsReadNothing(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.PostgresURL(t, "play_")
	store := openStore(t, dbURL)
	counting := &loadCounting{Store: store}
	a := newGames(t, counting)
	other := newGames(t, store) // shares the store: its changes are events here
	deadline := time.Now().Add(10 * time.Second)
	for store.Sole() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("a store alone on its database did not become sole")
		}
		time.Sleep(20 * time.Millisecond)
	}
	st := table(t, a, "basic", 2, "sole")
	moved, _, err := a.Act(ctx, st.ID, 0, Move{Action: fixed(engine.ClueRank(1, st.Game.Deck()[st.Game.Hand(1)[0]].Rank))})
	if err != nil {
		t.Fatal(err)
	}
	loads, checks := counting.loads.Load(), counting.checks.Load()
	for range 5 {
		got, err := a.Load(ctx, st.ID)
		if err != nil || got.Version != moved.Version {
			t.Fatalf("read: %v, %v", got, err)
		}
	}
	if l, c := counting.loads.Load()-loads, counting.checks.Load()-checks; l != 0 || c != 0 {
		t.Fatalf("5 reads of a game this process wrote last: %d loads, %d version checks", l, c)
	}

	check := func(who string, by *Games, seat, version int) {
		t.Helper()
		cur := by.mustLoad(t, st.ID).Game
		rank := cur.Deck()[cur.Hand(1 - seat)[0]].Rank
		mv, _, err := by.Act(ctx, st.ID, seat, Move{Action: fixed(engine.ClueRank(1-seat, rank))})
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Load(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != mv.Version || len(got.Log) != version {
			t.Fatalf("after %s's move: version %d (want %d), %d log entries (want %d)", who, got.Version, mv.Version, len(got.Log), version)
		}
	}
	check("another Games on the same store", other, 1, 2)

	replica := newGames(t, openStore(t, dbURL))
	if store.Sole() != 0 {
		t.Fatal("still sole beside another replica")
	}
	check("another replica", replica, 0, 3)
}

func (g *Games) mustLoad(t *testing.T, id string) *State {
	t.Helper()
	st, err := g.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
