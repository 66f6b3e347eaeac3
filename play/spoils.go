package play

import (
	"context"
	"slices"

	"github.com/hanabi-server/hanabi/auth"
)

// PlaysDeal tells whether the caller plays shared deal now, at a running
// table: one of its account's games (Config.DealsInPlay) or its seat's.
// Its other games show the caller's cards in the order it will draw them,
// so they are not the caller's to read until its game ends (Spoils).
func (g *Games) PlaysDeal(ctx context.Context, by auth.Caller, deal string) (bool, error) {
	if deal == "" {
		return false, nil
	}
	if by.Account != nil && g.cfg.DealsInPlay != nil {
		deals, err := g.cfg.DealsInPlay(ctx, by.Account.ID)
		if err != nil || slices.Contains(deals, deal) {
			return err == nil, err
		}
	}
	if by.Via == auth.Seat {
		if st, err := g.Load(ctx, by.Game); err == nil && st.Status == StatusActive && SharedDeal(st.Seed) == deal {
			return true, nil
		}
	}
	return false, nil
}

// Spoiled refuses the caller a read of a shared deal's games (its seed's
// page) while it plays that deal (see PlaysDeal).
func (g *Games) Spoiled(ctx context.Context, by auth.Caller, deal string) error {
	plays, err := g.PlaysDeal(ctx, by, deal)
	if err == nil && plays {
		err = ErrDealInPlay
	}
	return err
}

// DealInPlayAt is game id's shared deal when the caller plays that deal now
// at another table ("": none): what its read of the game may not show (see
// Spoils).
func (g *Games) DealInPlayAt(ctx context.Context, by auth.Caller, id string) (string, error) {
	st, err := g.Load(ctx, id)
	if err != nil || st.SeatOf(by.PlayerID()) >= 0 {
		return "", nil // the read itself tells what is wrong with it
	}
	deal := SharedDeal(st.Seed)
	plays, err := g.PlaysDeal(ctx, by, deal)
	if err != nil || !plays {
		return "", err
	}
	return deal, nil
}
