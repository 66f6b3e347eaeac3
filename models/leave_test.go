package models

import (
	"context"
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

func seatsOf(t *testing.T, s *Store, id string) []play.Seat {
	t.Helper()
	_, seats, _, err := s.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return seats
}

// TestTakeOver: the entry, the bot and a new occupant land together, or
// nothing does.
func TestTakeOver(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		join(t, s, g.ID, "Bob")
		bob := seatsOf(t, s, g.ID)[1].Occupant
		if _, err := s.AppendAction(ctx, g.ID, Action{Seq: 0, Seat: 0}.entry(), "", 1, nil); err != nil {
			t.Fatal(err)
		}
		leave := Action{GameID: g.ID, Seq: 1, Seat: 1, Kind: 5, Target: 1}
		for _, tc := range []struct {
			name     string
			a        Action
			occupant string
			want     error
		}{
			{"a taken seq", Action{GameID: g.ID, Seq: 0, Seat: 1, Kind: 5, Target: 1}, bob, play.ErrConflict},
			{"a gap", Action{GameID: g.ID, Seq: 2, Seat: 1, Kind: 5, Target: 1}, bob, play.ErrConflict},
			{"another's occupant", leave, "someone", play.ErrRevoked},
		} {
			if _, err := s.TakeOver(ctx, tc.a.GameID, tc.a.entry(), tc.occupant, "hat"); !errors.Is(err, tc.want) {
				t.Fatalf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		got, err := s.TakeOver(ctx, leave.GameID, leave.entry(), bob, "hat")
		if err != nil || got.Version != 3 {
			t.Fatalf("take over: %+v %v", got, err)
		}
		seat := seatsOf(t, s, g.ID)[1]
		if seat.Bot != "hat" || seat.Occupant == bob || seat.Occupant == "" {
			t.Fatalf("seat after take over %+v", seat)
		}
		_, _, log, _ := s.LoadGame(ctx, g.ID)
		if len(log) != 2 {
			t.Fatalf("log has %d entries", len(log))
		}
	})
}
