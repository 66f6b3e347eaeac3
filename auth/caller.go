// Package auth is who is asking. Whatever a request carries (a seat's
// token, a player's session or access token, or nothing) becomes one value,
// the Caller, in one place (Resolver.Resolve); every transport and every
// domain service takes that value and decides from it alone, so that no two
// paths decide differently who is asking. The package knows the seat
// tokens' format; a player's tokens are the players' domain's, and the seat
// a player holds is the games', both behind ports it states here.
package auth

import (
	"strconv"
	"time"

	"github.com/hanabi-server/hanabi/fault"
)

// Via is the kind of credential a request carried.
type Via uint8

const (
	// None: no credential.
	None Via = iota
	// Session: a signed-in session's token.
	Session
	// Access: an access token a player made for a program (a bot).
	Access
	// Seat: a seat's token, which speaks for one seat of one game.
	Seat
)

func (v Via) String() string {
	switch v {
	case Session:
		return "session"
	case Access:
		return "access"
	case Seat:
		return "seat"
	}
	return "none"
}

// Account is a signed-in player as a caller speaks for them.
type Account struct {
	ID   string
	Name string
	// Bot: a program plays the account.
	Bot bool
}

// Caller is who a request speaks for: the account if any, the seat and game
// if any, the credential it came with, and the address it came from.
type Caller struct {
	Via Via
	// Credential is the id of the credential: a session's or an access
	// token's row, a seat token's own id. Never the secret.
	Credential string
	// Account is the player the caller speaks as: the signed-in player of
	// a session or an access token, or the player who holds the seat of a
	// seat token (nil: a guest's seat, or nobody).
	Account *Account
	// Game, Seat and Occupant are the seat the caller holds in the game the
	// request is about (Game "": none): a seat token's, or the seat a
	// signed-in player holds there. Occupant names the occupancy: a seat
	// left (and maybe taken again) has a new one.
	Game     string
	Seat     int
	Occupant string
	// Session is, for a seat token taken by a signed-in player, the id of
	// the player's credential it lives by: it works no longer than that.
	Session string
	// Addr is the client's address, an IPv6 one by its /64 (the client as
	// what is kept per client names it).
	Addr string

	raw     string    // the credential as presented: to resolve again, never shown
	expires time.Time // a seat token's end, or a session's
	offGame bool      // a seat's token heard off its game's routes: Recheck asks whether it holds the seat
}

// Anonymous is a caller who presented nothing, from addr.
func Anonymous(addr string) Caller { return Caller{Seat: -1, Addr: addr} }

// SignedIn tells a caller with a player's own credential (a session or an
// access token): only such a caller acts as the player beyond one seat.
func (c Caller) SignedIn() bool { return c.Via == Session || c.Via == Access }

// Seated tells a caller that holds a seat of the game it asks about.
func (c Caller) Seated() bool { return c.Game != "" && c.Seat >= 0 }

// HoldsSeat tells whether the caller holds seat of game.
func (c Caller) HoldsSeat(game string, seat int) bool {
	return c.Seated() && c.Game == game && c.Seat == seat
}

// Key names the caller for what follows a caller across requests
// (idempotency keys, limits): its account when it has one, else its seat's
// occupancy, else its address.
func (c Caller) Key() string {
	switch {
	case c.Account != nil:
		return "player " + c.Account.ID
	case c.Seated():
		return "seat " + c.Game + "/" + strconv.Itoa(c.Seat) + "/" + c.Occupant
	}
	return "addr " + c.Addr
}

// Offline tells a caller whose credential is checked again without the
// store: none, or a seat's token that lives by no session (its expiry is
// in hand).
func (c Caller) Offline() bool { return c.Via == None || c.Via == Seat && c.Session == "" }

// Ends is when the credential stops working by its own clock, as Recheck
// tells it: a seat token's expiry, with its parser's leeway, or a
// session's end; zero when it has none (an access token, nobody).
func (c Caller) Ends() time.Time {
	switch {
	case c.expires.IsZero():
		return time.Time{}
	case c.Via == Seat:
		return c.expires.Add(expiryGrace)
	}
	return c.expires
}

// Until is c, a player's credential that its store says ends at end.
func (c Caller) Until(end time.Time) Caller {
	c.expires = end
	return c
}

// OffGame tells a seat's token heard off its game's routes (the lobby,
// say): whether it still holds its seat is asked of the seats (Recheck),
// not answered by a read of its game.
func (c Caller) OffGame() bool { return c.offGame }

// PlayerID is the account's id, "" for none.
func (c Caller) PlayerID() string {
	if c.Account == nil {
		return ""
	}
	return c.Account.ID
}

// The refusals of a caller who may not do what it asks.
var (
	errNoCredential = &fault.Error{Kind: fault.Unauthorized, Code: "unauthorized",
		Msg: "this needs a player's token (Authorization: Bearer <token>): sign in with POST /v1/sessions"}
	errSeatOnly = &fault.Error{Kind: fault.Forbidden, Code: "forbidden",
		Msg: "a seat's token speaks for its seat alone: this needs the player's own token (sign in with POST /v1/sessions)"}
	errNoSeatToken = &fault.Error{Kind: fault.Unauthorized, Code: "unauthorized",
		Msg: "this request needs a seat token (Authorization: Bearer <token>)"}
	errNotSeated = &fault.Error{Kind: fault.Forbidden, Code: "forbidden", Msg: "the player holds no seat of this game"}
)

// NeedSignedIn refuses a caller who is not a signed-in player: no
// credential is Unauthorized, a seat's token Forbidden.
func NeedSignedIn(c Caller) error {
	switch {
	case c.SignedIn():
		return nil
	case c.Via == None:
		return errNoCredential
	}
	return errSeatOnly
}

// NeedSeat refuses a caller who holds no seat of game: no credential is
// Unauthorized, one that holds none Forbidden.
func NeedSeat(c Caller, game string) error {
	switch {
	case c.Seated() && c.Game == game:
		return nil
	case c.Via == None:
		return errNoSeatToken
	}
	return errNotSeated
}
