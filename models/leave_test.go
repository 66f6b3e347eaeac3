package models

import (
	"context"
	"errors"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

// TestTakeOver: a seat left in an active game is an entry whose append
// hands the seat to a bot under a new occupant: the entry, the bot and the
// occupant land together, or nothing does.
func TestTakeOver(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		join(t, s, g.ID, "Bob")
		bob := seatOccupant(t, s, g.ID, 1)
		if err := appendEntry(ctx, s, g.ID, Action{Seq: 0, Seat: 0}.entry(), "", 1, nil); err != nil {
			t.Fatal(err)
		}
		leave := Action{GameID: g.ID, Seq: 1, Seat: 1, Kind: 5, Target: 1}
		takeOver := func(a Action, leaver string) error {
			return s.Append(ctx, a.GameID, play.Append{Entry: a.entry(), After: int64(a.Seq + 1),
				TakeOver: &play.Seat{Seat: a.Seat, Bot: "hat", Occupant: "bot-" + leaver}, Leaver: leaver})
		}
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
			if err := takeOver(tc.a, tc.occupant); !errors.Is(err, tc.want) {
				t.Fatalf("%s: %v, want %v", tc.name, err, tc.want)
			}
			if got := load(t, s, g.ID); len(got.Log) != 1 || got.Seats[1].Occupant != bob {
				t.Fatalf("%s changed the game: %+v", tc.name, got)
			}
		}
		if err := takeOver(leave, bob); err != nil {
			t.Fatalf("take over: %v", err)
		}
		got := load(t, s, g.ID)
		if seat := got.Seats[1]; seat.Bot != "hat" || seat.Occupant != "bot-"+bob || len(got.Log) != 2 || got.Version != 3 {
			t.Fatalf("after the take over: seat %+v, %d entries, version %d", seat, len(got.Log), got.Version)
		}
	})
}
