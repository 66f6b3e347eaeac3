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

// TestLeaveLobby: a seat left is free again under a new occupant; the last
// person leaving cancels the lobby; each refusal by its error.
func TestLeaveLobby(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 3)
		if _, _, _, err := s.JoinSeat(ctx, g.ID, "Bob", play.JoinOpts{}); err != nil {
			t.Fatal(err)
		}
		seats := seatsOf(t, s, g.ID)
		alice, bob := seats[0].Occupant, seats[1].Occupant
		if alice == "" || bob == "" || alice == bob {
			t.Fatalf("occupants %q %q", alice, bob)
		}
		for _, tc := range []struct {
			name     string
			id       string
			seat     int
			occupant string
			want     error
		}{
			{"another's occupant", g.ID, 1, alice, play.ErrRevoked},
			{"a free seat", g.ID, 2, alice, play.ErrRevoked},
			{"no such game", "nosuch", 0, alice, play.ErrNotFound},
		} {
			if _, err := s.LeaveLobby(ctx, tc.id, tc.seat, tc.occupant); !errors.Is(err, tc.want) {
				t.Fatalf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		got, err := s.LeaveLobby(ctx, g.ID, 1, bob)
		if err != nil || got.Status != play.StatusLobby || got.Version != 2 {
			t.Fatalf("bob leaves: %+v %v", got, err)
		}
		seat, _, _, err := s.JoinSeat(ctx, g.ID, "Carol", play.JoinOpts{})
		if err != nil || seat != 1 {
			t.Fatalf("carol joins seat %d: %v", seat, err)
		}
		if carol := seatsOf(t, s, g.ID)[1].Occupant; carol == bob {
			t.Fatal("the seat kept the leaver's occupant")
		}
		if _, err := s.LeaveLobby(ctx, g.ID, 1, bob); !errors.Is(err, play.ErrRevoked) {
			t.Fatalf("bob again: %v", err)
		}
		carol := seatsOf(t, s, g.ID)[1].Occupant
		if _, err := s.LeaveLobby(ctx, g.ID, 0, alice); err != nil {
			t.Fatal(err)
		}
		got, err = s.LeaveLobby(ctx, g.ID, 1, carol)
		if err != nil || got.Status != play.StatusCancelled {
			t.Fatalf("the last person leaves: %+v %v", got, err)
		}
		if _, err := s.LeaveLobby(ctx, g.ID, 0, alice); !errors.Is(err, play.ErrNotLobby) {
			t.Fatalf("leaving a cancelled game: %v", err)
		}
	})
}

// TestTakeOver: the entry, the bot and a new occupant land together, or
// nothing does.
func TestTakeOver(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		if _, _, _, err := s.JoinSeat(ctx, g.ID, "Bob", play.JoinOpts{}); err != nil {
			t.Fatal(err)
		}
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
