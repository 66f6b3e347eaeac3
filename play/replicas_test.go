package play_test

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/variants"
	"github.com/jackc/pgx/v5"
)

// TestJoinAgainAfterLeavingElsewhere: a player who left a lobby through
// one replica and sits down again through another, whose copy of the
// table still holds their old seat, is seated again as the store has the
// table: not answered the seat they left, whose token is dead.
func TestJoinAgainAfterLeavingElsewhere(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t, "play_")
	sa, sb := openStore(t, url), openStore(t, url)
	if err := sa.CreatePlayer(ctx, players.Player{ID: "alice", Name: "Alice", CreatedAt: time.Now()}, players.Keys{Fold: "alice", Skeleton: "alice"}, "hash"); err != nil {
		t.Fatal(err)
	}
	alice := auth.Caller{Via: auth.Session, Account: &auth.Account{ID: "alice", Name: "Alice"}, Seat: -1}
	a, b := newGames(t, sa), newGames(t, sb)
	st, _, err := a.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3, Seed: seed("join-again"), Name: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	seat, joined, err := a.Join(ctx, st.ID, alice, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	left := alice
	left.Game, left.Seat, left.Occupant = st.ID, seat, joined.Occupant(seat)
	if _, err := b.Leave(ctx, st.ID, left, seat, ""); err != nil {
		t.Fatal(err)
	}
	again, st2, err := a.Join(ctx, st.ID, alice, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := b.Load(ctx, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.SeatOf("alice") != again || play.Admit(stored, again, st2.Occupant(again)) != nil {
		t.Fatalf("joined again at seat %d (occupant %s, the left one %s); the stored table seats her at %d", again, st2.Occupant(again), left.Occupant, stored.SeatOf("alice"))
	}
}

// TestSweepSetsAsideGamesThatNeverSettle: a hundred due games whose
// settling fails every time (their variant removed from under them) take
// no sweep's every place: a healthy game due after them still times out.
func TestSweepSetsAsideGamesThatNeverSettle(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t, "play_")
	clock := newFakeClock()
	a := clockedGames(t, openStore(t, url), clock)
	var broken []string
	for range 100 {
		broken = append(broken, timedTable(t, a, 30, variants.OnTimeoutEnd).ID)
	}
	clock.Advance(time.Second)
	healthy := timedTable(t, a, 30, variants.OnTimeoutEnd)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "UPDATE games SET variant = 'removed-variant' WHERE id = ANY($1)", broken); err != nil {
		t.Fatal(err)
	}
	b := clockedGames(t, openStore(t, url), clock) // a replica with no copy of any table
	clock.Advance(40 * time.Second)
	for range 3 {
		sweep(t, b)
	}
	if st := mustLoad(t, b, healthy.ID); !st.Game.Over() {
		t.Errorf("the healthy game still runs 10 s past its deadline: the broken games take every place of a sweep")
	}
}

// deadBots is a replica that dies before its bots move: their appends
// never reach the store.
type deadBots struct{ play.Store }

func (d deadBots) Append(ctx context.Context, id string, a play.Append) error {
	if a.Entry.Seat != 0 {
		return errors.New("the replica is gone")
	}
	return d.Store.Append(ctx, id, a)
}

// TestBotsMoveWhenTheirReplicaDies: a person's move on one replica hands
// the turn to bots, and that replica dies before it moves them; another
// replica, where the game is followed (a stream), moves them instead.
func TestBotsMoveWhenTheirReplicaDies(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t, "play_")
	store := openStore(t, url)
	a, err := play.New(play.Config{Store: deadBots{store}, Bots: bots.List()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Shutdown(ctx) })
	b, err := play.New(play.Config{Store: openStore(t, url), Bots: bots.List()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Shutdown(ctx) })
	st, _, err := a.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3, Seed: seed("bots-orphaned"), Name: "Ann",
		Bots: []play.BotSeat{{Seat: 1, Strategy: "hat"}, {Seat: 2, Strategy: "hat"}}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Game.Current() != 0 {
		t.Fatal("the test wants seat 0 to start")
	}
	f := b.Follow(st.ID) // a stream on the other replica
	defer f.Close()
	if _, err := f.Read(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Act(ctx, st.ID, holder(a, st.ID, 0), move(engine.ClueRank(1, st.Game.Deck()[st.Game.Hand(1)[0]].Rank), nil)); err != nil {
		t.Fatal(err)
	}
	awaitStoredLog(t, store, st.ID, 3, 15*time.Second, "the bots have not moved after their replica died")
}

// awaitStoredLog waits until game id's stored log holds n entries, read
// from store itself (no read of a replica's, which would set bots going),
// or fails the test with what after within.
func awaitStoredLog(t *testing.T, store play.Store, id string, n int, within time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		stored, err := store.LoadGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(stored.Log) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s within %v: %d entries, want %d", what, within, len(stored.Log), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// slowAppend holds an append back before it reaches the store, once armed.
type slowAppend struct {
	play.Store
	armed   atomic.Bool
	entered chan struct{}
}

func (s *slowAppend) Append(ctx context.Context, id string, a play.Append) error {
	if s.armed.CompareAndSwap(true, false) {
		s.entered <- struct{}{}
		time.Sleep(400 * time.Millisecond)
	}
	return s.Store.Append(ctx, id, a)
}

// TestChatBesideAMoveElsewhereStays: a chat line said through one replica
// while a move made through another is on its way to the store stays in
// the second replica's newest snapshot, which its streams read: the move's
// snapshot, decided before the line, does not replace it for good.
func TestChatBesideAMoveElsewhereStays(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t, "play_")
	sa := &slowAppend{Store: openStore(t, url), entered: make(chan struct{}, 1)}
	a, b := newGames(t, sa), newGames(t, openStore(t, url))
	for i := range 5 {
		st := table(t, a, "basic", 2, "chat-beside-move-"+strconv.Itoa(i))
		f := a.Follow(st.ID) // a stream on the replica that moves
		if _, err := f.Read(ctx); err != nil {
			t.Fatal(err)
		}
		first := st.Game.Current()
		sa.armed.Store(true)
		moved := make(chan error, 1)
		go func() {
			_, _, err := a.Act(ctx, st.ID, holder(a, st.ID, first), move(engine.ClueRank(1-first, st.Game.Deck()[st.Game.Hand(1 - first)[0]].Rank), nil))
			moved <- err
		}()
		<-sa.entered
		if _, _, err := b.Say(ctx, st.ID, holder(b, st.ID, 1-first), "", "said elsewhere"); err != nil {
			t.Fatal(err)
		}
		if err := <-moved; err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(3 * time.Second)
		for {
			cur, _ := f.Latest()
			if cur.Version == st.Version+1 && len(cur.Chat) == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the newest snapshot is at version %d with %d chat lines, want %d and 1", i, cur.Version, len(cur.Chat), st.Version+1)
			}
			time.Sleep(20 * time.Millisecond)
		}
		f.Close()
	}
}
