package models

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// TestBatchedAppends plays many games at once, so that their moves share
// batches, with refused moves mixed in (a skipped seq, an unknown game, a
// game's previous move replayed): every move lands exactly once, each
// refusal is the mover's alone and says why, and every version and log is
// right.
func TestBatchedAppends(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		const games, turns = 24, 12
		ids := make([]string, games)
		for i := range ids {
			ids[i] = newGame(t, s, 2).ID
		}
		base := time.Now().UTC().Truncate(time.Millisecond)
		var wg sync.WaitGroup
		errs := make(chan error, games*turns*4)
		for i, id := range ids {
			wg.Go(func() {
				for seq := range turns {
					// Each move's own stamp: an answer handed to another move shows.
					at := base.Add(time.Duration(i*turns+seq) * time.Millisecond)
					if err := appendEntry(ctx, s, id, Action{Seq: seq, Seat: seq % 2, Card: i, CreatedAt: at}.entry(), play.StatusActive, int64(seq), nil); err != nil {
						errs <- fmt.Errorf("game %d seq %d: %w", i, seq, err)
						return
					}
					if g, err := s.LoadGame(ctx, id); err != nil || !g.UpdatedAt.Equal(at) || g.Version != int64(seq+1) || g.Log[seq].Action.Card != i {
						errs <- fmt.Errorf("game %d seq %d: stored %+v, %v", i, seq, g, err)
					}
					refusals := []struct {
						a    Action
						want error
					}{
						{Action{GameID: id, Seq: seq + 2}, play.ErrConflict},       // skips a seq
						{Action{GameID: id, Seq: seq}, play.ErrConflict},           // taken
						{Action{GameID: id + "x", Seq: 0}, play.ErrNotFound},       // no such game
						{Action{GameID: id + "x", Seq: seq + 1}, play.ErrNotFound}, // no such game, later seq
					}
					r := refusals[(i+seq)%len(refusals)]
					if err := appendEntry(ctx, s, r.a.GameID, r.a.entry(), "", int64(r.a.Seq), nil); !errors.Is(err, r.want) {
						errs <- fmt.Errorf("game %d seq %d: refused move %+v: got %v, want %v", i, seq, r.a, err, r.want)
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		s.appends.mu.Lock()
		largest := s.appends.largest
		s.appends.mu.Unlock()
		if largest < 2 {
			t.Errorf("no two moves shared a batch (largest %d): the batched path was not exercised", largest)
		}
		for i, id := range ids {
			g := load(t, s, id)
			if g.Version != turns || len(g.Log) != turns {
				t.Fatalf("game %d: version %d, %d log entries; want %d", i, g.Version, len(g.Log), turns)
			}
			for seq, e := range g.Log {
				if e.Seq != seq || e.Action.Card != i || e.Seat != seq%2 {
					t.Fatalf("game %d: log[%d] = %+v", i, seq, e)
				}
			}
		}
	})
}
