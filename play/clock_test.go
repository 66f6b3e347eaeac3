package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Now()} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Catch sets the clock to t if t is later: the store stamps some changes
// (a game's creation, the join that starts it) with the real time.
func (c *fakeClock) Catch(t time.Time) {
	c.mu.Lock()
	if t.After(c.t) {
		c.t = t
	}
	c.mu.Unlock()
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// clockedGames is a home of games on store with a fake clock and no
// background sweeper: the test sweeps.
func clockedGames(t *testing.T, store play.Store, clock *fakeClock, tweak ...func(*play.Config)) *play.Games {
	t.Helper()
	cfg := play.Config{Store: store, Bots: bots.List(), Now: clock.Now, SweepEvery: -1}
	for _, f := range tweak {
		f(&cfg)
	}
	g, err := play.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(context.Background()) })
	clocks[g] = clock
	return g
}

// timedTable opens a full two-seat game of people with a turn clock.
func timedTable(t *testing.T, g *play.Games, seconds int, onTimeout string) *play.State {
	t.Helper()
	ctx := context.Background()
	st, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 2, Seed: seed("clock"), Name: "Alice",
		Options: variants.Options{TurnSeconds: &seconds, OnTimeout: &onTimeout}})
	if err != nil {
		t.Fatal(err)
	}
	if _, st, err = g.Join(ctx, st.ID, nobody, "Bob", "", nil); err != nil {
		t.Fatal(err)
	}
	if c, ok := clocks[g]; ok {
		c.Catch(st.LastAt)
	}
	return st
}

// clocks are the fake clocks of the homes of games that tests made.
var clocks = map[*play.Games]*fakeClock{}

func sweep(t *testing.T, g *play.Games) {
	t.Helper()
	if _, err := g.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestTurnClockBot: on a fake clock, nothing happens before a turn's
// deadline; at it, the strongest bot makes exactly one move for the seat,
// marked auto; the next turn gets a fresh deadline; a seat that moves in
// time is not touched.
func TestTurnClockBot(t *testing.T) {
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
	ctx := context.Background()
	st := timedTable(t, g, 30, variants.OnTimeoutBot)
	d, ok := st.TurnDeadline()
	if !ok || d.Sub(st.LastAt) != 30*time.Second {
		t.Fatalf("deadline %v (%t), last change %v", d, ok, st.LastAt)
	}
	clock.Advance(29 * time.Second)
	sweep(t, g)
	if n := len(mustLoad(t, g, st.ID).Log); n != 0 {
		t.Fatalf("%d entries before the deadline", n)
	}
	clock.Advance(time.Second)
	sweep(t, g)
	sweep(t, g) // a second look at the same moment changes nothing
	after := mustLoad(t, g, st.ID)
	if len(after.Log) != 1 || !after.Log[0].Auto || after.Log[0].Seat != 0 || !after.Log[0].Action.IsMove() {
		t.Fatalf("log after the deadline: %+v", after.Log)
	}
	if d2, _ := after.TurnDeadline(); !d2.Equal(clock.Now().UTC().Truncate(time.Millisecond).Add(30 * time.Second)) {
		t.Fatalf("next deadline %v", d2)
	}
	// Seat 1 moves in time: its clock restarts for seat 0, untouched.
	clock.Advance(20 * time.Second)
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 1), move(engine.ClueRank(0, 1), nil)); err != nil {
		t.Fatal(err)
	}
	clock.Advance(20 * time.Second)
	sweep(t, g)
	if got := mustLoad(t, g, st.ID); len(got.Log) != 2 || got.Log[1].Auto {
		t.Fatalf("log %+v", got.Log)
	}
	clock.Advance(10 * time.Second)
	sweep(t, g)
	if got := mustLoad(t, g, st.ID); len(got.Log) != 3 || !got.Log[2].Auto || got.Log[2].Seat != 0 {
		t.Fatalf("log %+v", got.Log)
	}
}

// TestTurnClockEnd: on_timeout end ends the game at the deadline, score 0,
// charged to the seat that ran out of time.
func TestTurnClockEnd(t *testing.T) {
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
	st := timedTable(t, g, 5, variants.OnTimeoutEnd)
	if _, _, err := g.Act(context.Background(), st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	clock.Advance(5 * time.Second)
	sweep(t, g)
	got := mustLoad(t, g, st.ID)
	r, over := got.Game.Result()
	if !over || got.Status != play.StatusFinished || r.Reason != engine.EndTimeout || r.Seat != 1 || r.Score != 0 || !got.EndLogged {
		t.Fatalf("status %s result %+v", got.Status, r)
	}
	if _, ok := got.TurnDeadline(); ok {
		t.Fatal("a finished game has a turn deadline")
	}
}

// TestExpiry: a lobby that never fills is cancelled after LobbyTTL; an
// active game in which nobody acts ends after IdleTTL (reason idle); a game
// in which someone acted in time lives on.
func TestExpiry(t *testing.T) {
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock, func(c *play.Config) {
		c.LobbyTTL, c.IdleTTL = time.Minute, time.Hour
	})
	ctx := context.Background()
	lobby, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	idle := table(t, g, "basic", 2, "idle")
	busy := table(t, g, "basic", 2, "busy")
	clock.Catch(busy.LastAt)
	clock.Advance(time.Minute)
	sweep(t, g)
	if st := mustLoad(t, g, lobby.ID); st.Status != play.StatusCancelled || st.Version != lobby.Version+1 {
		t.Fatalf("lobby after its TTL: %s v%d", st.Status, st.Version)
	}
	clock.Advance(50 * time.Minute)
	if _, _, err := g.Act(ctx, busy.ID, holder(g, busy.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
		t.Fatal(err)
	}
	clock.Advance(10 * time.Minute)
	sweep(t, g)
	st := mustLoad(t, g, idle.ID)
	if r, _ := st.Game.Result(); st.Status != play.StatusFinished || r.Reason != engine.EndIdle || r.Score != 0 {
		t.Fatalf("idle game: %s %+v", st.Status, r)
	}
	if st := mustLoad(t, g, busy.ID); st.Status != play.StatusActive {
		t.Fatalf("the busy game is %s", st.Status)
	}
}

// TestDeadlinePassedWhileDown: a deadline that passed while no server ran
// is settled when one starts, even when its record was lost.
func TestDeadlinePassedWhileDown(t *testing.T) {
	store := openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))
	clock := newFakeClock()
	first := clockedGames(t, store, clock)
	st := timedTable(t, first, 10, variants.OnTimeoutEnd)
	_ = first.Shutdown(context.Background())
	// The record of the deadline is lost, as after a crash right after a change.
	if err := store.SetDeadline(context.Background(), st.ID, st.Version, nil); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Hour)
	second := clockedGames(t, store, clock)
	sweep(t, second)
	if got := mustLoad(t, second, st.ID); got.Status != play.StatusActive {
		t.Fatalf("a game with no recorded deadline was settled by a sweep: %s", got.Status)
	}
	if _, err := second.SettleAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := mustLoad(t, second, st.ID)
	if r, _ := got.Game.Result(); got.Status != play.StatusFinished || r.Reason != engine.EndTimeout || r.Seat != 0 {
		t.Fatalf("after the restart: %s %+v", got.Status, r)
	}
}

// TestTwoReplicasOneClock: two servers on one database sweep a clocked game
// that nobody plays, at the same moments: every turn gets exactly one
// automatic move, with no gap and no duplicate.
func TestTwoReplicasOneClock(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		clock := newFakeClock()
		a := clockedGames(t, openStore(t, dbURL), clock)
		b := clockedGames(t, openStore(t, dbURL), clock)
		st := timedTable(t, a, 5, variants.OnTimeoutBot)
		const turns = 8
		for turn := range turns {
			clock.Advance(5 * time.Second)
			var wg sync.WaitGroup
			for _, g := range []*play.Games{a, b, a, b} {
				wg.Go(func() { sweep(t, g) })
			}
			wg.Wait()
			got := mustLoad(t, b, st.ID)
			if len(got.Log) != turn+1 {
				t.Fatalf("turn %d: %d entries", turn, len(got.Log))
			}
			for i, e := range got.Log {
				if e.Seq != i || !e.Auto || e.Seat != i%2 {
					t.Fatalf("entry %d: %+v", i, e)
				}
			}
		}
	})
}

// TestTimeoutRacesLateMove: at the deadline, the seat's own late move and
// the timeout race for the same seq on two replicas: exactly one of them is
// the turn's entry, and the loser changes nothing.
func TestTimeoutRacesLateMove(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		for round := range 6 {
			clock := newFakeClock()
			a := clockedGames(t, openStore(t, dbURL), clock)
			b := clockedGames(t, openStore(t, dbURL), clock)
			st := timedTable(t, a, 5, variants.OnTimeoutBot)
			clock.Advance(5 * time.Second)
			var wg sync.WaitGroup
			var moveErr error
			wg.Go(func() { sweep(t, b) })
			wg.Go(func() {
				_, _, moveErr = a.Act(context.Background(), st.ID, holder(a, st.ID, 0), move(engine.ClueRank(1, 1), nil))
			})
			wg.Wait()
			got := mustLoad(t, a, st.ID)
			if len(got.Log) != 1 {
				t.Fatalf("round %d: %d entries", round, len(got.Log))
			}
			if (moveErr == nil) == got.Log[0].Auto {
				t.Fatalf("round %d: move error %v, entry auto %t", round, moveErr, got.Log[0].Auto)
			}
		}
	})
}

// TestLeavingPassesNoTurn: a seat that leaves a timed game passes no turn.
// The seat to act keeps the time it had, and a paused game stays paused
// with it, rather than running out at once as an idle game.
func TestLeavingPassesNoTurn(t *testing.T) {
	ctx := context.Background()
	for _, paused := range []bool{false, true} {
		clock := newFakeClock()
		g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
		st := timedTable(t, g, 30, variants.OnTimeoutEnd)
		// A move first, so that the seat to act is the second.
		first := st.Game.Current()
		if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, first), move(engine.ClueRank(1-first, 1), nil)); err != nil {
			t.Fatal(err)
		}
		cur := 1 - first
		if paused {
			clock.Advance(10 * time.Second)
			if _, err := g.Pause(ctx, st.ID, holder(g, st.ID, cur)); err != nil {
				t.Fatal(err)
			}
		}
		clock.Advance(15 * time.Second)
		if !paused {
			clock.Advance(10 * time.Second) // 25 s of its 30 gone
		}
		if _, err := g.Leave(ctx, st.ID, holder(g, st.ID, 1-cur), 1-cur, ""); err != nil {
			t.Fatal(err)
		}
		clock.Advance(5 * time.Second)
		sweep(t, g)
		now := mustLoad(t, g, st.ID)
		if paused {
			if left, ok := now.TurnTimeLeft(clock.Now()); now.Game.Over() || !now.Game.Paused() || !ok || left != 20*time.Second {
				t.Fatalf("paused, a seat left: over %v, paused %v, %v left, want 20s", now.Game.Over(), now.Game.Paused(), left)
			}
			continue
		}
		if r, over := now.Game.Result(); !over || r.Reason != engine.EndTimeout || r.Seat != cur {
			t.Fatalf("at the seat to act's deadline, 5 s after another seat left: %+v, over %v", r, over)
		}
	}
}

// TestPauseRacingAMoveKeepsTheNewTurnsTime: a pause that loses its race to
// a move made on another replica is judged again on the game that move
// left, and keeps the new turn's time, not what the turn before had left.
func TestPauseRacingAMoveKeepsTheNewTurnsTime(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	store := openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))
	other := clockedGames(t, store, clock)
	racing := &racingStore{Store: store}
	g := clockedGames(t, racing, clock)
	st := timedTable(t, g, 30, variants.OnTimeoutEnd)
	cur := st.Game.Current()
	clock.Advance(25 * time.Second)
	racing.rival = func() {
		if _, _, err := other.Act(ctx, st.ID, holder(other, st.ID, cur), move(engine.ClueRank(1-cur, 1), nil)); err != nil {
			t.Errorf("the rival's move: %v", err)
		}
	}
	if _, err := g.Pause(ctx, st.ID, holder(g, st.ID, 1-cur)); err != nil {
		t.Fatal(err)
	}
	paused := mustLoad(t, other, st.ID)
	if left, ok := paused.TurnTimeLeft(clock.Now()); !paused.Game.Paused() || paused.Game.Current() != 1-cur || !ok || left != 30*time.Second {
		t.Fatalf("paused on seat %d's new turn: paused %v, seat %d to act, %v left; want 30s", 1-cur, paused.Game.Paused(), paused.Game.Current(), left)
	}
}

// TestRematchOfACancelledRematch: a game whose rematch was never played
// (its lobby, a guest's seat left free, expired) is played again: a new
// table, not the cancelled one, which nobody may sit at any more.
func TestRematchOfACancelledRematch(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock)
	st := table(t, g, "basic", 2, "rematch-cancelled")
	if _, _, err := g.Terminate(ctx, st.ID, holder(g, st.ID, 0)); err != nil {
		t.Fatal(err)
	}
	first, err := g.Rematch(ctx, st.ID, holder(g, st.ID, 0))
	if err != nil || first.Status != play.StatusLobby {
		t.Fatalf("the rematch: %v, %+v", err, first)
	}
	clock.Catch(first.CreatedAt)
	clock.Advance(play.DefaultLobbyTTL + time.Minute)
	sweep(t, g)
	if gone := mustLoad(t, g, first.ID); gone.Status != play.StatusCancelled {
		t.Fatalf("the unplayed rematch is %s, want cancelled", gone.Status)
	}
	if _, _, err := g.Join(ctx, first.ID, nobody, "Late", "", nil); !errors.Is(err, &play.Error{Code: play.NotActive}) {
		t.Fatalf("a seat at the cancelled table: %v, want not active", err)
	}
	again, err := g.Rematch(ctx, st.ID, holder(g, st.ID, 1))
	if err != nil || again.ID == first.ID || again.Status != play.StatusLobby {
		t.Fatalf("played again after the rematch was cancelled: %v, %+v (the cancelled one %s)", err, again, first.ID)
	}
	if next := mustLoad(t, g, st.ID).Next; next != again.ID {
		t.Fatalf("the game's next is %s, want the new table %s", next, again.ID)
	}
}

// selfClue is a strategy whose every move the rules refuse: a clue to its
// own seat.
var selfClue = bots.Strategy{Name: "selfclue", New: func(_ *engine.Config, seat int, _ uint64) bots.Player { return selfClueing(seat) }}

type selfClueing int

func (selfClueing) Start(*engine.View)                 {}
func (selfClueing) Observe(*engine.View, engine.Event) {}
func (s selfClueing) Act(*engine.View) engine.Action   { return engine.ClueRank(int(s), 1) }

// panicky is a strategy that breaks on every move.
var panicky = bots.Strategy{Name: "panicky", New: func(_ *engine.Config, seat int, _ uint64) bots.Player { return panicking{} }}

type panicking struct{}

func (panicking) Start(*engine.View)                 {}
func (panicking) Observe(*engine.View, engine.Event) {}
func (panicking) Act(*engine.View) engine.Action     { panic("a bot's bug") }

// TestRefusedBotMoveDoesNotStall: a bot whose move the rules refuse, or
// that breaks (panics), makes one they take instead (the first its view
// lists), at its own seat and for a person whose time ran out, rather than
// stall the game for good, or take the sweeper (and so the server) down.
func TestRefusedBotMoveDoesNotStall(t *testing.T) {
	for _, strat := range []bots.Strategy{selfClue, panicky} {
		t.Run(strat.Name, func(t *testing.T) { botDoesNotStall(t, strat) })
	}
}

func botDoesNotStall(t *testing.T, strat bots.Strategy) {
	ctx := context.Background()
	// For a person whose time ran out.
	clock := newFakeClock()
	g := clockedGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")), clock, func(c *play.Config) { c.Bots = []bots.Strategy{strat} })
	st := timedTable(t, g, 30, variants.OnTimeoutBot)
	clock.Advance(31 * time.Second)
	sweep(t, g)
	if after := mustLoad(t, g, st.ID); len(after.Log) != 1 || !after.Log[0].Auto || after.Game.Over() {
		t.Fatalf("after the timed-out turn: %d entries, over %v", len(after.Log), after.Game.Over())
	}

	// At a bot's own seat.
	h, err := play.New(play.Config{Store: openStore(t, filepath.Join(t.TempDir(), "bot-seat.db")), Bots: []bots.Strategy{strat}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Shutdown(ctx) })
	game, _, err := h.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 2, Seed: seed("bot-stall"), Name: "Ann",
		Bots: []play.BotSeat{{Seat: 1, Strategy: strat.Name}}})
	if err != nil {
		t.Fatal(err)
	}
	if game.Game.Current() == 0 {
		if _, _, err := h.Act(ctx, game.ID, holder(h, game.ID, 0), move(engine.ClueRank(1, 1), nil)); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		cur := mustLoad(t, h, game.ID)
		if cur.Game.Current() == 0 && len(cur.Log) > 0 {
			break // the bot moved
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot's seat is still to act after %d entries", len(cur.Log))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// failingAppends is a store whose next appends for seat 1 fail as a
// database's do in a fail-over.
type failingAppends struct {
	play.Store
	fail atomic.Int32
}

func (f *failingAppends) Append(ctx context.Context, id string, a play.Append) error {
	if a.Entry.Seat == 1 && f.fail.Add(-1) >= 0 {
		return errors.New("connection reset")
	}
	return f.Store.Append(ctx, id, a)
}

// TestBotMovesAfterTheStoreFailed: a bot whose move the store failed to
// write (every try of it) moves again by itself, with nobody reading the
// game, rather than wait for a read that may never come.
func TestBotMovesAfterTheStoreFailed(t *testing.T) {
	ctx := context.Background()
	store := &failingAppends{Store: openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))}
	g, err := play.New(play.Config{Store: store, Bots: bots.List()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(ctx) })
	st, _, err := g.Create(ctx, nobody, play.NewGame{Variant: "basic", Players: 2, Seed: seed("bot-store-failed"), Name: "Ann",
		Bots: []play.BotSeat{{Seat: 1, Strategy: "hat"}}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Game.Current() == 1 {
		t.Fatal("the test wants seat 0 to start")
	}
	store.fail.Store(4)
	if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, st.Game.Deck()[st.Game.Hand(1)[0]].Rank), nil)); err != nil {
		t.Fatal(err)
	}
	awaitStoredLog(t, store, st.ID, 2, 10*time.Second, "the bot has not moved after its writes failed")
}
