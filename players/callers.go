package players

import (
	"context"
	"errors"
	"time"

	"github.com/hanabi-server/hanabi/auth"
)

// Identify is who a player's token (a session's or an access token's)
// speaks for: its row is read on every use, so that a token signed out or
// revoked stops working at once, on every replica. A token that is no
// player's at all (a seat's) is auth.ErrNotPlayers; any other failure is
// the one ErrUnauthorized.
func (s *Service) Identify(ctx context.Context, raw string) (auth.Caller, error) {
	if !IsPlayerToken(raw) {
		return auth.Caller{}, auth.ErrNotPlayers
	}
	kind, id, secret, ok := parse(raw)
	if !ok {
		return auth.Caller{}, ErrUnauthorized
	}
	row, p, err := s.live(ctx, id)
	if err != nil {
		return auth.Caller{}, err
	}
	if row.Kind != kind || !secretMatches(secret, row.Hash) {
		return auth.Caller{}, ErrUnauthorized
	}
	now := s.now()
	if row.LastUsedAt == nil || now.Sub(*row.LastUsedAt) >= touchEvery {
		// A lost write of when a token was last used harms nothing.
		_ = s.store.TouchToken(ctx, id, now.UTC().Truncate(time.Millisecond))
	}
	via := auth.Session
	if kind == KindAccess {
		via = auth.Access
	}
	c := auth.Caller{Via: via, Credential: id, Account: &auth.Account{ID: p.ID, Name: p.Name, Bot: p.Bot}, Seat: -1}
	if row.ExpiresAt != nil {
		c = c.Until(*row.ExpiresAt)
	}
	return c, nil
}

// Live checks that the player's credential of id (a session or an access
// token) still works: a seat token taken with it works no longer.
func (s *Service) Live(ctx context.Context, id string) error {
	_, _, err := s.live(ctx, id)
	return err
}

// live reads credential id's row and its player, refusing one revoked or
// expired.
func (s *Service) live(ctx context.Context, id string) (TokenRow, Player, error) {
	row, err := s.store.Token(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return row, Player{}, ErrUnauthorized
	}
	if err != nil {
		return row, Player{}, err
	}
	if row.RevokedAt != nil || row.ExpiresAt != nil && !s.now().Before(*row.ExpiresAt) {
		return row, Player{}, ErrUnauthorized
	}
	p, err := s.store.PlayerByID(ctx, row.PlayerID)
	if errors.Is(err, ErrNotFound) {
		return row, Player{}, ErrUnauthorized
	}
	return row, p, err
}

// kindOf is the kind of token a signed-in caller came with.
func kindOf(c auth.Caller) string {
	if c.Via == auth.Access {
		return KindAccess
	}
	return KindSession
}

// sessionOnly refuses what only a signed-in session may do.
func sessionOnly(c auth.Caller, what string) error {
	if err := auth.NeedSignedIn(c); err != nil {
		return err
	}
	if c.Via != auth.Session {
		return errorf(Forbidden, "only a signed-in session %s access tokens, not an access token", what)
	}
	return nil
}

// Me is the signed-in caller's account.
func (s *Service) Me(ctx context.Context, by auth.Caller) (Player, error) {
	if err := auth.NeedSignedIn(by); err != nil {
		return Player{}, err
	}
	return s.store.PlayerByID(ctx, by.Account.ID)
}

// PlayerOf is the account a caller speaks for, as this domain's reads of a
// player take it (nil: none): its id, name and whether a program plays it.
func PlayerOf(by auth.Caller) Player {
	if by.Account == nil {
		return Player{}
	}
	return Player{ID: by.Account.ID, Name: by.Account.Name, Bot: by.Account.Bot}
}
