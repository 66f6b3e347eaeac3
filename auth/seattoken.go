package auth

import (
	"errors"

	"github.com/golang-jwt/jwt/v5"
)

// A seat token names one game and one seat. The issuer and audience keep a
// token minted for something else with the same secret from passing as one.
const (
	tokenIssuer   = "hanabi"
	tokenAudience = "hanabi-seat"
	tokenAlg      = "HS256"
)

// seatClaims is a seat token's payload.
type seatClaims struct {
	Game string `json:"gid"`
	Seat int    `json:"seat"`
	// Occupant names the occupancy of the seat the token was issued for: a
	// seat left (and maybe taken again) has a new one, so the token dies.
	Occupant string `json:"occ,omitempty"`
	// Player is the signed-in player who holds the seat, and Session the
	// credential of theirs the token was taken with, which it outlives not.
	Player  *seatPlayer `json:"acc,omitempty"`
	Session string      `json:"sid,omitempty"`
	jwt.RegisteredClaims
}

// seatPlayer is the account of a seat token's seat, as its claims carry it.
type seatPlayer struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"`
}

func (r *Resolver) sign(claims *seatClaims) (string, error) {
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(r.secret)
	if err == nil {
		// Its first use need not check what was just signed: a new seat's
		// first requests come at once.
		r.tokens.put(token, claims)
	}
	return token, err
}

// parseSeat checks signature, algorithm, expiry, issuer and audience. Every
// failure is the same refusal; the reason is not worth leaking.
func (r *Resolver) parseSeat(raw string) (*seatClaims, error) {
	if cl := r.tokens.get(raw, r.now()); cl != nil {
		return cl, nil
	}
	p := jwt.NewParser(
		jwt.WithValidMethods([]string{tokenAlg}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(expiryGrace),
		jwt.WithTimeFunc(r.now),
	)
	var claims seatClaims
	if _, err := p.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return r.secret, nil }); err != nil {
		return nil, err
	}
	if claims.Game == "" || claims.Seat < 0 {
		return nil, errors.New("token names no seat")
	}
	r.tokens.put(raw, &claims)
	return &claims, nil
}
