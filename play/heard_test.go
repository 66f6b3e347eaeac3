package play_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// listeningStore keeps the function play listens with and counts the
// reads of games.
type listeningStore struct {
	play.Store
	heard func(string, play.Stamp)
	reads atomic.Int64
}

func (s *listeningStore) Listen(f func(string, play.Stamp)) {
	s.heard = f
	s.Store.Listen(f)
}

func (s *listeningStore) GameVersion(ctx context.Context, id string) (play.Stamp, error) {
	s.reads.Add(1)
	return s.Store.GameVersion(ctx, id)
}

func (s *listeningStore) LoadGame(ctx context.Context, id string) (*play.Stored, error) {
	s.reads.Add(1)
	return s.Store.LoadGame(ctx, id)
}

// TestHeardChangeReadsOnlyWhatIsNew: an announcement of a change that a
// followed table holds already, or of a game nobody follows, reads
// nothing; one of a newer stamp, or of an unknown one (the listener lost
// its connection), has the table read the game and its followers woken.
func TestHeardChangeReadsOnlyWhatIsNew(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "hanabi.db")
	store := &listeningStore{Store: openStore(t, file)}
	g := newGames(t, store)
	other := newGames(t, openStore(t, file)) // another replica
	st := table(t, g, "basic", 2, "heard")
	st, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, 1), nil))
	if err != nil {
		t.Fatal(err)
	}
	f := g.Follow(st.ID)
	defer f.Close()
	before := store.reads.Load()
	store.heard(st.ID, play.Stamp{Version: st.Version})
	store.heard(st.ID, play.Stamp{Version: st.Version - 1})
	store.heard("nobody-follows", play.Stamp{Version: 7})
	time.Sleep(100 * time.Millisecond)
	if n := store.reads.Load() - before; n != 0 {
		t.Fatalf("%d reads for announcements of what the table holds", n)
	}
	if _, _, err := other.Act(ctx, st.ID, holder(other, st.ID, 1), move(engine.ClueRank(0, 1), nil)); err != nil {
		t.Fatal(err)
	}
	store.heard(st.ID, play.Stamp{Version: st.Version + 1})
	if got := waitPast(t, f, st.Version, 5*time.Second); got == nil {
		t.Fatal("a newer version announced was not read")
	}
	if _, _, err := other.Act(ctx, st.ID, holder(other, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	store.heard("", play.Stamp{})
	if got := waitPast(t, f, st.Version+1, 5*time.Second); got == nil {
		t.Fatal("a lost listener did not have the followed table read")
	}
}
