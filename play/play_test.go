package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

func openStore(t testing.TB, dbURL string) *models.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := models.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newGames(t testing.TB, store play.Store) *play.Games {
	t.Helper()
	g, err := play.New(play.Config{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(context.Background()) })
	return g
}

func sqliteGames(t testing.TB) *play.Games {
	return newGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")))
}

func seed(s string) *string { return &s }

// table opens a full game of players seats with the given seed.
func table(t *testing.T, g *play.Games, variant string, players int, s string) *play.State {
	t.Helper()
	ctx := context.Background()
	st, seat, err := g.Create(ctx, nobody, play.NewGame{Variant: variant, Players: players, Seed: seed(s), Name: "Alice"})
	if err != nil || seat != 0 {
		t.Fatalf("create: seat %d, %v", seat, err)
	}
	for i := 1; i < players; i++ {
		n, joined, err := g.Join(ctx, st.ID, nobody, "", "", nil)
		if err != nil || n != i {
			t.Fatalf("join: seat %d, %v", n, err)
		}
		st = joined
	}
	if st.Status != play.StatusActive {
		t.Fatalf("full table is %s", st.Status)
	}
	return st
}

// move is a as a move's data; a color clue names its color by cfg.
func move(a engine.Action, cfg *engine.Config) play.Move {
	m := play.Move{Kind: a.Kind, Card: a.Card, Target: a.Target, Rank: a.Value}
	if a.Kind == engine.ColorClue {
		m.Color, m.Rank = cfg.ClueColors[a.Value], 0
	}
	return m
}

// versioned is m made only at version v.
func versioned(m play.Move, v *int64) play.Move {
	m.Version = v
	return m
}

func TestCreateRefusals(t *testing.T) {
	g := newGames(t, openStore(t, filepath.Join(t.TempDir(), "hanabi.db")))
	cases := []struct {
		name string
		req  play.NewGame
		want *play.Error
	}{
		{"no variant", play.NewGame{Players: 2}, play.ErrInvalid},
		{"one player", play.NewGame{Variant: "basic", Players: 1}, play.ErrInvalid},
		{"unknown variant", play.NewGame{Variant: "nosuch", Players: 2}, play.ErrInvalid},
		{"empty seed", play.NewGame{Variant: "basic", Players: 2, Seed: seed("")}, play.ErrInvalid},
		{"control character", play.NewGame{Variant: "basic", Players: 2, Name: "a\x01b"}, &play.Error{Code: play.BadText}},
		{"format character", play.NewGame{Variant: "basic", Players: 2, Name: "a\u202eb"}, &play.Error{Code: play.BadText}},
		{"bot off the table", play.NewGame{Variant: "basic", Players: 2, Bots: []play.BotSeat{{Seat: 2, Strategy: "x"}}}, play.ErrInvalid},
		{"unknown strategy", play.NewGame{Variant: "basic", Players: 2, Bots: []play.BotSeat{{Seat: 1, Strategy: "x"}}}, play.ErrInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := g.Create(context.Background(), nobody, tc.req)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
	if _, _, err := g.Join(context.Background(), "no such id!", nobody, "x", "", nil); !errors.Is(err, play.ErrNotFound) {
		t.Fatalf("join of a bad id: %v", err)
	}
	if _, _, err := g.Join(context.Background(), "nosuchgame", nobody, "x", "", nil); !errors.Is(err, play.ErrNotFound) {
		t.Fatalf("join of a missing game: %v", err)
	}
}

// TestWholeGame plays a seeded game to its end through play and through a
// local engine side by side: the same moves must give the same result, and
// a seat that is not to act, a stale version and a finished game are refused
// with play's or the engine's errors.
func TestWholeGame(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		g := newGames(t, openStore(t, dbURL))
		ctx := context.Background()
		st := table(t, g, "farbrausch", 3, "whole-game")
		if _, _, err := g.Join(ctx, st.ID, nobody, "late", "", nil); !errors.Is(err, play.ErrGameFull) {
			t.Fatalf("join of a full game: %v", err)
		}
		local, err := engine.NewSeeded(*st.Config, "whole-game")
		if err != nil {
			t.Fatal(err)
		}
		for !local.Over() {
			seat := local.Current()
			legal := local.LegalActions(nil)
			a := legal[local.Turn()%len(legal)]
			if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, (seat+1)%3), move(a, st.Config)); !errors.Is(err, engine.ErrNotYourTurn) {
				t.Fatalf("turn %d: another seat's move: %v", local.Turn(), err)
			}
			old := int64(0)
			if local.Turn() > 0 {
				if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, seat), versioned(move(a, st.Config), &old)); !errors.Is(err, play.ErrStaleVersion) {
					t.Fatalf("turn %d: stale version: %v", local.Turn(), err)
				}
			}
			want, err := local.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			next, ev, err := g.Act(ctx, st.ID, holder(g, st.ID, seat), move(a, st.Config))
			if err != nil {
				t.Fatalf("turn %d: %v", want.Turn, err)
			}
			if ev.Turn != want.Turn || ev.Touched != want.Touched || ev.Drawn != want.Drawn || ev.Over != want.Over {
				t.Fatalf("turn %d: event %+v, want %+v", want.Turn, ev, want)
			}
			st = next
		}
		if st.Status != play.StatusFinished || st.EventCount() != len(local.Log())+1 {
			t.Fatalf("finished game: status %s, %d events", st.Status, st.EventCount())
		}
		got, _ := st.Game.Result()
		want, _ := local.Result()
		if got != want {
			t.Fatalf("result %+v, want %+v", got, want)
		}
		if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.DiscardCard(0), nil)); !errors.Is(err, play.ErrNotActive) {
			t.Fatalf("move after the end: %v", err)
		}
		if _, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 5), move(engine.DiscardCard(0), nil)); !errors.Is(err, play.ErrNoSuchSeat) {
			t.Fatalf("a seat the game lacks: %v", err)
		}
		stored, err := g.Load(ctx, st.ID)
		if err != nil || stored.Version != st.Version || len(stored.Log) != len(local.Log()) {
			t.Fatalf("reloaded: %v, version %d/%d", err, stored.Version, st.Version)
		}
		s := g.Stats()
		if s.Created.Load() != 1 || s.Actions.Load() != int64(len(local.Log())) || s.Finished.Load() != 1 {
			t.Fatalf("stats %d created, %d actions, %d finished", s.Created.Load(), s.Actions.Load(), s.Finished.Load())
		}
	})
}

// TestReplicasRace: two homes on one store (two replicas) whose caches go
// stale by turns race for the same turns: exactly one move applies each
// time, and the loser learns why.
func TestReplicasRace(t *testing.T) {
	store := openStore(t, filepath.Join(t.TempDir(), "hanabi.db"))
	a, b := newGames(t, store), newGames(t, store)
	ctx := context.Background()
	st := table(t, a, "basic", 2, "replicas")
	if _, err := b.Load(ctx, st.ID); err != nil { // b caches the start
		t.Fatal(err)
	}
	local, _ := engine.NewSeeded(*st.Config, "replicas")
	for range 6 {
		seat := local.Current()
		var clues []engine.Action
		for _, m := range local.LegalActions(nil) {
			if m.IsClue() {
				clues = append(clues, m)
			}
		}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, g := range []*play.Games{a, b} {
			wg.Go(func() {
				_, _, errs[i] = g.Act(ctx, st.ID, holder(g, st.ID, seat), move(clues[i%len(clues)], st.Config))
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, play.ErrNotYourTurn), errors.Is(err, play.ErrStaleVersion), errors.Is(err, engine.ErrNotYourTurn):
			default:
				t.Fatalf("loser's error: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d winners: %v", won, errs)
		}
		cur, err := a.Load(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := local.Apply(cur.Log[len(cur.Log)-1].Action); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTableWakes: a followed table signals after a change, made here or by
// another replica (heard through the store: on Postgres, where replicas
// announce their changes), and Latest hands out the newer snapshot; one
// table owns the game however many follow it.
func TestTableWakes(t *testing.T) {
	storetest.EachBackend(t, "play_", func(t *testing.T, dbURL string) {
		testTableWakes(t, dbURL, strings.HasPrefix(dbURL, "postgres"))
	})
}

func testTableWakes(t *testing.T, dbURL string, replicas bool) {
	g := newGames(t, openStore(t, dbURL))
	movers := []*play.Games{g}
	if replicas {
		movers = append(movers, newGames(t, openStore(t, dbURL)))
	}
	ctx := context.Background()
	st := table(t, g, "basic", 2, "watch")
	tb, again := g.Follow(st.ID), g.Follow(st.ID)
	defer tb.Close()
	if tb != again {
		t.Fatal("two tables for one game")
	}
	again.Close()
	if _, sig := tb.Latest(); sig == nil {
		t.Fatal("no signal")
	}
	for i, mover := range movers {
		cur, _ := tb.Latest()
		_, sig := tb.Latest()
		if _, _, err := mover.Act(ctx, st.ID, holder(mover, st.ID, i), move(engine.ClueRank(1-i, 1), nil)); err != nil {
			t.Fatal(err)
		}
		select {
		case <-sig:
		case <-time.After(5 * time.Second):
			t.Fatalf("move %d: the table did not signal", i)
		}
		got := waitPast(t, tb, cur.Version, 5*time.Second)
		if got == nil || got.Version != cur.Version+1 || len(got.Log) != i+1 {
			t.Fatalf("move %d: waited for version %v", i, got)
		}
	}
	if got := waitPast(t, tb, st.Version+2, 50*time.Millisecond); got != nil {
		t.Fatalf("a wait past version %d returned %d without a change", st.Version+2, got.Version)
	}
}

// waitPast waits on tb for a snapshot past version, nil when d passes first.
func waitPast(t *testing.T, tb play.Follower, version int64, d time.Duration) *play.State {
	t.Helper()
	timeout := time.After(d)
	for {
		st, changed := tb.Latest()
		if st != nil && st.Version > version {
			return st
		}
		select {
		case <-changed:
		case <-timeout:
			return nil
		}
	}
}

// TestSharedStatesStayPut: a state handed out is shared and read only, so
// a move never changes one that a reader holds; the move works on a copy,
// and the next load has it.
func TestSharedStatesStayPut(t *testing.T) {
	g := sqliteGames(t)
	ctx := context.Background()
	st := table(t, g, "basic", 2, "copy")
	held, err := g.Load(ctx, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	version, hand := held.Version, held.Game.Hand(1)
	moved, _, err := g.Act(ctx, st.ID, holder(g, st.ID, 0), move(engine.ClueRank(1, held.Game.Deck()[hand[0]].Rank), nil))
	if err != nil {
		t.Fatal(err)
	}
	if held.Version != version || held.Game.Turn() != 0 || len(held.Log) != 0 || held.Actions != 0 {
		t.Fatalf("a move changed a state a reader held: version %d, turn %d, %d entries", held.Version, held.Game.Turn(), len(held.Log))
	}
	again, err := g.Load(ctx, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again.Version != moved.Version || again.Game.Turn() != 1 || len(again.Log) != 1 {
		t.Fatalf("after the move: version %d (want %d), turn %d, %d entries", again.Version, moved.Version, again.Game.Turn(), len(again.Log))
	}
}
