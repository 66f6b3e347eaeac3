package models

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// A batch whose commit went through but whose answer was lost (a
// connection reset right after the commit) is tried again move by move:
// each move meets its own entry and is answered as applied, with the
// version it made, never as a lost race. A move that really lost its seq
// is still refused.
func TestAppendAnswerLost(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, postgresURL(t))
	appendAnswerLost = func() error { return errors.New("connection reset by peer") }
	t.Cleanup(func() { appendAnswerLost = nil })

	g := newGame(t, s, 2)
	at := time.Now().UTC().Truncate(time.Millisecond)
	for seq := range 3 {
		a := Action{GameID: g.ID, Seq: seq, Seat: seq % 2, Kind: 3, Target: 1 - seq%2, Value: 2, CreatedAt: at}
		var key *play.Key
		if seq == 1 { // a keyed move too
			key = &play.Key{Scope: "lost", Key: "k", Hash: "h"}
		}
		if err := appendEntry(ctx, s, a.GameID, a.entry(), "", int64(seq), key); err != nil {
			t.Fatalf("seq %d: an applied move whose answer was lost: %v", seq, err)
		}
		if got := load(t, s, g.ID); got.Version != int64(seq+1) {
			t.Fatalf("seq %d: version %d", seq, got.Version)
		}
	}
	// Another move for a taken seq: a different move, or the same one
	// stamped at another time, lost the race.
	for _, a := range []Action{
		{GameID: g.ID, Seq: 2, Seat: 0, Kind: 3, Target: 1, Value: 3, CreatedAt: at},
		{GameID: g.ID, Seq: 2, Seat: 0, Kind: 3, Target: 1, Value: 2, CreatedAt: at.Add(time.Second)},
	} {
		if err := appendEntry(ctx, s, a.GameID, a.entry(), "", 2, nil); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("a move for a taken seq: %v, want play.ErrConflict", err)
		}
	}
	if n := len(load(t, s, g.ID).Log); n != 3 {
		t.Fatalf("log: %d entries", n)
	}
}
