package play_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// racingStore lets a rival replica append its move just before this
// replica's first append: the race that a stale precondition must lose with
// its own answer, not with "not your turn".
type racingStore struct {
	play.Store
	once  sync.Once
	rival func()
}

func (r *racingStore) Append(ctx context.Context, gameID string, a play.Append) error {
	r.once.Do(r.rival)
	return r.Store.Append(ctx, gameID, a)
}

func TestConditionalMoveLosesARaceOnItsCondition(t *testing.T) {
	cases := []struct {
		name string
		move func(version int64) play.Move
		want func(error) bool
	}{
		{"If-Match", func(v int64) play.Move { return play.Move{IfMatch: []int64{v}} }, func(err error) bool {
			var pe *play.Error
			return errors.As(err, &pe) && pe.Code == play.PreconditionFailed
		}},
		{"version", func(v int64) play.Move { return play.Move{Version: &v} }, func(err error) bool {
			var pe *play.Error
			return errors.As(err, &pe) && pe.Code == play.StaleVersion
		}},
	}
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				raceOnCondition(t, dbURL, tc.move, tc.want)
			})
		}
	})
}

func raceOnCondition(t *testing.T, dbURL string, conditional func(int64) play.Move, want func(error) bool) {
	ctx := context.Background()
	store := openStore(t, dbURL)
	other := newGames(t, store)
	racing := &racingStore{Store: store}
	// No cache: the move is judged on the stored game, and still loses.
	g, err := play.New(play.Config{Store: racing, CacheSize: -1})
	if err != nil {
		t.Fatal(err)
	}
	st := table(t, g, "basic", 2, "race")
	racing.rival = func() {
		if _, _, err := other.Act(ctx, st.ID, holder(other, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
			t.Errorf("the rival's move: %v", err)
		}
	}
	m := conditional(st.Version)
	m.Kind, m.Target, m.Rank = engine.RankClue, 1, 2
	if _, _, err = g.Act(ctx, st.ID, holder(g, st.ID, 0), m); !want(err) {
		t.Fatalf("the stale move lost with %v", err)
	}
}
