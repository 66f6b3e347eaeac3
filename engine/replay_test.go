package engine_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestReplayNamesTheFirstIllegalAction: a log is replayed up to its first
// refused action, whose index and typed error the ReplayError carries.
func TestReplayNamesTheFirstIllegalAction(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	deck := stack(t, cfg, front2...)
	tests := []struct {
		name  string
		log   []engine.Action
		index int
		want  *engine.Error
	}{
		{"discard with all notes", []engine.Action{engine.DiscardCard(0)}, 0, engine.ErrNotesFull},
		{"self clue third", []engine.Action{engine.PlayCard(0), engine.ClueRank(0, 1), engine.ClueRank(0, 1)}, 2, engine.ErrSelfClue},
		{"card of the other seat", []engine.Action{engine.ClueRank(1, 1), engine.PlayCard(4)}, 1, engine.ErrCardNotInHand},
		{"after the end", []engine.Action{engine.PlayCard(3), engine.PlayCard(9), engine.PlayCard(2), engine.ClueRank(1, 1)}, 3, engine.ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := engine.Replay(cfg, deck, tc.log)
			var re *engine.ReplayError
			if !errors.As(err, &re) || re.Index != tc.index {
				t.Fatalf("error %v, want index %d", err, tc.index)
			}
			wantErr(t, err, tc.want)
			if g == nil || g.Turn() != tc.index {
				t.Fatalf("replay stopped at turn %v, want %d", g, tc.index)
			}
			// The game returned is the state before the refused action.
			before, err := engine.Replay(cfg, deck, tc.log[:tc.index])
			if err != nil || !reflect.DeepEqual(g, before) {
				t.Errorf("state after the failed replay differs from the prefix's: %v", err)
			}
		})
	}
}
