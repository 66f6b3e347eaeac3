package models

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

// A move with an idempotency key goes through the same batched append as
// any other, and its key commits with it or not at all: a taken key refuses
// the move, a refused move leaves no key behind, and of many concurrent
// copies of one keyed move exactly one goes in.
func TestKeyedAppends(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		keyed := func(key string) *play.Key {
			return &play.Key{Scope: "POST /v1/games/" + g.ID + "/actions seat 0", Key: key, Hash: "h-" + key}
		}
		has := func(key string) bool {
			t.Helper()
			_, err := s.LookupIdempotency(ctx, "POST /v1/games/"+g.ID+"/actions seat 0", key)
			if err != nil && !errors.Is(err, play.ErrNotFound) {
				t.Fatal(err)
			}
			return err == nil
		}
		if err := appendEntry(ctx, s, g.ID, Action{Seq: 0, Seat: 0, Kind: 3, Target: 1, Value: 1}.entry(), "", 0, keyed("a")); err != nil {
			t.Fatal(err)
		}
		if !has("a") {
			t.Fatal("a keyed move went in without its key")
		}
		// The same key again: refused, whatever the move.
		if err := appendEntry(ctx, s, g.ID, Action{Seq: 1, Seat: 1, Kind: 3, Target: 0, Value: 1}.entry(), "", 1, keyed("a")); !errors.Is(err, play.ErrKeyTaken) {
			t.Fatalf("a taken key: %v", err)
		}
		// A move that does not go in leaves its key out too.
		for _, seq := range []int{0, 2} {
			if err := appendEntry(ctx, s, g.ID, Action{Seq: seq, Seat: 1, Kind: 3}.entry(), "", int64(seq), keyed(fmt.Sprint("b", seq))); !errors.Is(err, play.ErrConflict) {
				t.Fatalf("seq %d: %v, want play.ErrConflict", seq, err)
			}
			if has(fmt.Sprint("b", seq)) {
				t.Fatalf("seq %d: a refused move left its key", seq)
			}
		}
		if err := appendEntry(ctx, s, g.ID, Action{Seq: 1, Seat: 1, Kind: 3, Target: 0, Value: 2}.entry(), play.StatusFinished, 1, keyed("c")); err != nil {
			t.Fatal(err)
		}
		got := load(t, s, g.ID)
		if len(got.Log) != 2 || got.Status != play.StatusFinished || !has("c") {
			t.Fatalf("after a keyed move that ends the game: %d entries, status %s", len(got.Log), got.Status)
		}

		// Copies of one keyed move, at once, on many games: one goes in.
		for round := range 20 {
			h := newGame(t, s, 2)
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Go(func() {
					k := &play.Key{Scope: "copies " + h.ID, Key: "k", Hash: "h"}
					errs[i] = appendEntry(ctx, s, h.ID, Action{Seq: 0, Seat: 0, Kind: 3, Target: 1, Value: 1 + i%5}.entry(), "", 0, k)
				})
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case errors.Is(err, play.ErrKeyTaken), errors.Is(err, play.ErrConflict):
				default:
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if n := len(load(t, s, h.ID).Log); won != 1 || n != 1 {
				t.Fatalf("round %d: %d copies went in, %d entries", round, won, n)
			}
		}
	})
}
