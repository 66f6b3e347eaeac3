package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/auth"
)

// SeatOf is the seat player holds in game (-1: none) and its occupancy:
// where a signed-in player's own token finds the seat it speaks for
// (auth.Seats).
func (g *Games) SeatOf(ctx context.Context, game, player string) (int, string, error) {
	st, err := g.Load(ctx, game)
	if err != nil {
		return -1, "", err
	}
	seat := st.SeatOf(player)
	if seat < 0 {
		return -1, "", nil
	}
	return seat, st.Occupant(seat), nil
}

// Holds is nil when a token for seat of game, issued to the seat's
// occupancy occupant, still holds it (Admit), and ErrRevoked when it does
// not, or the game is gone: where a seat's token speaks off its game's
// routes (the lobby, a seed's page, a new table), auth.Seats.
func (g *Games) Holds(ctx context.Context, game string, seat int, occupant string) error {
	st, err := g.Load(ctx, game)
	if errors.Is(err, ErrNotFound) {
		return ErrRevoked
	}
	if err != nil {
		return err
	}
	return Admit(st, seat, occupant)
}

// SeatFor is game id when the signed-in caller holds seat of it, while the
// game runs or waits for players: a player's way back to their seat from
// another device (its token is made anew).
func (g *Games) SeatFor(ctx context.Context, id string, by auth.Caller, seat int) (*State, error) {
	if err := auth.NeedSignedIn(by); err != nil {
		return nil, err
	}
	st, err := g.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if st.SeatOf(by.Account.ID) != seat {
		return nil, errorf(NoSuchSeat, "seat %d of this game is not yours", seat)
	}
	if st.Status != StatusLobby && st.Status != StatusActive {
		return nil, errorf(NotActive, "the game is %s: its seats need no token", st.Status)
	}
	return st, nil
}
