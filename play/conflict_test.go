package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
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

// lobbyRacingStore lets a rival replica change the lobby just before this
// replica's first lobby change.
type lobbyRacingStore struct {
	play.Store
	once  sync.Once
	rival func()
}

func (r *lobbyRacingStore) ChangeLobby(ctx context.Context, id string, after int64, c play.LobbyChange) error {
	r.once.Do(r.rival)
	return r.Store.ChangeLobby(ctx, id, after, c)
}

// TestKeyedJoinLosingToItsOwnSeatAnswersThatSeat: a player's keyed join that
// loses its race to the same player's join on another replica (a second
// device) answers the seat the player holds, not the answer its own lost
// try rendered, whose seat was never stored.
func TestKeyedJoinLosingToItsOwnSeatAnswersThatSeat(t *testing.T) {
	ctx := context.Background()
	store := openStore(t, "sqlite://"+filepath.Join(t.TempDir(), "hanabi.db"))
	if err := store.CreatePlayer(ctx, players.Player{ID: "alice", Name: "Alice", CreatedAt: time.Now()}, players.Keys{Fold: "alice", Skeleton: "alice"}, "hash"); err != nil {
		t.Fatal(err)
	}
	alice := auth.Caller{Via: auth.Session, Account: &auth.Account{ID: "alice", Name: "Alice"}, Seat: -1}
	other := newGames(t, store)
	racing := &lobbyRacingStore{Store: store}
	g, err := play.New(play.Config{Store: racing})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(ctx) })
	// The answer names the seat's occupancy, as a seat's token does.
	g.SetReply(func(_ auth.Caller, st *play.State, seat int, _ *engine.Event) ([]byte, error) {
		return []byte(st.Occupant(seat)), nil
	})
	st, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3, Seed: seed("keyed-join"), Name: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	racing.rival = func() {
		if _, _, err := other.Join(ctx, st.ID, alice, "", "", nil); err != nil {
			t.Errorf("the rival's join: %v", err)
		}
	}
	key := &play.Key{Scope: "alice", Key: "join-1", Hash: "h"}
	seat, _, err := g.Join(ctx, st.ID, alice, "", "", key)
	if err != nil {
		t.Fatal(err)
	}
	stored := mustLoad(t, other, st.ID).Occupant(seat)
	if key.Reply != nil && string(key.Reply) != stored {
		t.Fatalf("the join answers occupancy %q of seat %d; the seat's is %q", key.Reply, seat, stored)
	}
}
