package auth

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hanabi-server/hanabi/fault"
)

// Players is the players' domain as the resolver asks it.
type Players interface {
	// Identify is who a player's token speaks for (Via, Credential and
	// Account set), or ErrNotPlayers when raw is no player's token at all.
	Identify(ctx context.Context, raw string) (Caller, error)
	// Live checks that a player's credential, by its id, still works.
	Live(ctx context.Context, credential string) error
}

// Seats is where the resolver finds the seat a signed-in player holds in
// a game: -1 for none.
type Seats interface {
	SeatOf(ctx context.Context, game, player string) (seat int, occupant string, err error)
	// Holds is nil when a seat's token, issued to the seat's occupancy
	// occupant, still holds it.
	Holds(ctx context.Context, game string, seat int, occupant string) error
}

// ErrNotPlayers is Players.Identify's word that a token is not one of
// theirs.
var ErrNotPlayers = errors.New("not a player's token")

// The refusals of a credential.
var (
	ErrUnauthorized = &fault.Error{Kind: fault.Unauthorized, Code: "unauthorized", Msg: "the token is not one that works"}
	errBadSeatToken = &fault.Error{Kind: fault.Unauthorized, Code: "unauthorized", Msg: "the seat token is invalid or expired"}
	errOtherGame    = &fault.Error{Kind: fault.Forbidden, Code: "forbidden", Msg: "the seat token belongs to another game"}
)

// Config is what the resolver needs.
type Config struct {
	// Secret signs seat tokens (HS256), at least 32 bytes.
	Secret []byte
	// TTL is how long a seat token lasts (default 7 days).
	TTL time.Duration
	// Players and Seats: nil when the server has no accounts (then a
	// player's token is no credential here).
	Players Players
	Seats   Seats
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Resolver turns credentials into callers, and makes seat tokens.
type Resolver struct {
	secret  []byte
	ttl     time.Duration
	players Players
	seats   Seats
	now     func() time.Time
	tokens  *tokenCache
}

// New builds a resolver.
func New(cfg Config) (*Resolver, error) {
	if len(cfg.Secret) < 32 {
		return nil, errors.New("auth: the signing secret must be at least 32 bytes")
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 7 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Resolver{secret: cfg.Secret, ttl: cfg.TTL, players: cfg.Players, seats: cfg.Seats, now: cfg.Now, tokens: newTokenCache(4096)}, nil
}

// Resolve is who raw (a bearer token; "" for none) speaks for, in a request
// about game ("" for none) from addr. A player's token speaks for its
// player, and for the seat the player holds in game, as that seat's token
// does; a seat token speaks for its seat, and for the player who holds it.
// A credential that does not work is refused (Unauthorized); a seat token
// of another game too (Forbidden), so that a client never mistakes a public
// view for its seat's.
func (r *Resolver) Resolve(ctx context.Context, raw, game, addr string) (Caller, error) {
	if raw == "" {
		return Anonymous(addr), nil
	}
	if r.players != nil {
		c, err := r.players.Identify(ctx, raw)
		switch {
		case err == nil:
			c.Seat, c.Addr, c.raw = -1, addr, raw
			if game != "" && r.seats != nil {
				// No such game leaves the caller unseated: the request's
				// own read of the game says so. Any other failure fails the
				// request: a seated player taken for a spectator would be
				// shown every hand, their own included.
				seat, occ, err := r.seats.SeatOf(ctx, game, c.Account.ID)
				if k, _, _ := fault.Of(err); err != nil && k != fault.NotFound {
					return Caller{}, err
				}
				if err == nil && seat >= 0 {
					c.Game, c.Seat, c.Occupant = game, seat, occ
				}
			}
			return c, nil
		case !errors.Is(err, ErrNotPlayers):
			return Caller{}, err
		}
	}
	claims, err := r.parseSeat(raw)
	if err != nil {
		return Caller{}, errBadSeatToken
	}
	c := Caller{Via: Seat, Credential: claims.ID, Game: claims.Game, Seat: claims.Seat, Occupant: claims.Occupant,
		Session: claims.Session, Addr: addr, raw: raw, expires: claims.ExpiresAt.Time}
	if p := claims.Player; p != nil {
		c.Account = &Account{ID: p.ID, Name: p.Name, Bot: p.Bot}
	}
	if c.Session != "" {
		if r.players == nil {
			return Caller{}, errBadSeatToken
		}
		if err := r.players.Live(ctx, c.Session); err != nil {
			return Caller{}, err
		}
	}
	// A token that works, but of another game: asked after whether it
	// works at all, so that a dead one is told so (401) on every route.
	if game != "" && game != claims.Game {
		return Caller{}, errOtherGame
	}
	// On its game's routes the request's own read of the game asks whether
	// the seat is still the token's (play.Admit); off them (the lobby, a
	// seed's page, a new table), it is asked here, and again by Recheck,
	// so that a seat left speaks nowhere.
	if game == "" && r.seats != nil {
		if err := r.seats.Holds(ctx, c.Game, c.Seat, c.Occupant); err != nil {
			return Caller{}, err
		}
		c.offGame = true
	}
	return c, nil
}

// expiryGrace is how long past its expiry a seat token still works: the
// leeway its parser allows (the replica that made it may run ahead), which
// a follow holding it keeps too.
const expiryGrace = 5 * time.Second

// Recheck resolves c's credential again, as Resolve did: a long-poll or a
// stream asks it while it runs, so that a token signed out, revoked or
// expired meanwhile stops speaking at once. (Whether the seat is still the
// caller's is the game's to say, on every read of it; off its game, it is
// asked here.)
func (r *Resolver) Recheck(ctx context.Context, c Caller) error {
	switch c.Via {
	case None:
		return nil
	case Seat:
		if !r.now().Before(c.expires.Add(expiryGrace)) {
			return errBadSeatToken
		}
		if c.Session != "" {
			if err := r.players.Live(ctx, c.Session); err != nil {
				return err
			}
		}
		if c.offGame && r.seats != nil {
			return r.seats.Holds(ctx, c.Game, c.Seat, c.Occupant)
		}
		return nil
	}
	if r.players == nil {
		return ErrUnauthorized
	}
	_, err := r.players.Identify(ctx, c.raw)
	return err
}

// SeatToken makes the token of seat of game, held now by occupancy
// occupant, for caller c: the seat's player, if c speaks for one, goes in
// it, and a token taken with a player's credential lives no longer than
// that credential.
func (r *Resolver) SeatToken(c Caller, game string, seat int, occupant string) (string, error) {
	now := r.now()
	var id [8]byte
	_, _ = rand.Read(id[:])
	claims := &seatClaims{
		Game: game, Seat: seat, Occupant: occupant,
		RegisteredClaims: jwt.RegisteredClaims{
			// Its own id: two tokens for one seat in one second differ.
			ID:        hex.EncodeToString(id[:]),
			Issuer:    tokenIssuer,
			Audience:  jwt.ClaimStrings{tokenAudience},
			Subject:   game + "/" + strconv.Itoa(seat),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(r.ttl)),
		},
	}
	if a := c.Account; a != nil {
		claims.Player = &seatPlayer{ID: a.ID, Name: a.Name, Bot: a.Bot}
	}
	switch {
	case c.SignedIn():
		claims.Session = c.Credential
	case c.Via == Seat:
		claims.Session = c.Session
	}
	return r.sign(claims)
}
