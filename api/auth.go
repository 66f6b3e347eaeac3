package api

import (
	"errors"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/golang-jwt/jwt/v5"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// A seat token names one game and one seat. The issuer and audience keep a
// token minted for something else with the same secret from passing as one.
const (
	tokenIssuer   = "hanabi"
	tokenAudience = "hanabi-seat"
	tokenAlg      = "HS256"
)

type seatClaims struct {
	Game string `json:"gid"`
	Seat int    `json:"seat"`
	// Occupant names the occupancy of the seat the token was issued for: a
	// seat left (and maybe taken again) has a new one, so the token dies.
	Occupant string `json:"occ,omitempty"`
	jwt.RegisteredClaims
}

// seatAuth is who the request speaks for once its token checked out.
type seatAuth struct {
	game     string
	seat     int
	occupant string
}

const ctxSeat = "hanabi.seat"

func (s *Server) issueToken(gameID string, seat int, occupant string) (string, error) {
	now := s.now()
	claims := seatClaims{
		Game:     gameID,
		Seat:     seat,
		Occupant: occupant,
		RegisteredClaims: jwt.RegisteredClaims{
			// Its own id: two tokens for one seat in one second differ.
			ID:        play.NewID()[:16],
			Issuer:    tokenIssuer,
			Audience:  jwt.ClaimStrings{tokenAudience},
			Subject:   gameID + "/" + itoa(seat),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(s.cfg.TokenTTL)),
		},
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
	if err == nil {
		// Its first use need not check what was just signed: a new seat's
		// first requests come at once.
		s.tokens.put(token, &claims)
	}
	return token, err
}

// parseToken checks signature, algorithm, expiry, issuer and audience. Every
// failure is the same 401 to the client; the reason is not worth leaking.
func (s *Server) parseToken(raw string) (*seatClaims, error) {
	if cl := s.tokens.get(raw, s.now()); cl != nil {
		return cl, nil
	}
	p := jwt.NewParser(
		jwt.WithValidMethods([]string{tokenAlg}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(5*time.Second),
		jwt.WithTimeFunc(s.now),
	)
	var claims seatClaims
	_, err := p.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return s.secret, nil })
	if err != nil {
		return nil, err
	}
	if claims.Game == "" || claims.Seat < 0 {
		return nil, errors.New("token names no seat")
	}
	s.tokens.put(raw, &claims)
	return &claims, nil
}

// authenticate reads an optional bearer token. A request without one goes on
// as a spectator; a request with a bad one stops here, so that a client never
// mistakes a public view for its seat's. A player's token speaks for the
// seat its player holds in the game, as that seat's token does (a bot
// serves all its tables with one token), and for the player.
func (s *Server) authenticate(c *gin.Context) {
	raw, ok := bearer(c)
	if !ok {
		s.fail(c, errorf(codeUnauthorized, "the Authorization header must be \"Bearer <token>\""))
		return
	}
	if raw == "" {
		c.Next()
		return
	}
	if players.IsPlayerToken(raw) && s.accounts != nil {
		s.authenticatePlayer(c, raw)
		return
	}
	claims, err := s.parseToken(raw)
	if err != nil {
		s.fail(c, errorf(codeUnauthorized, "the seat token is invalid or expired"))
		return
	}
	if id := c.Param("id"); id != "" && id != claims.Game {
		s.fail(c, errorf(codeForbidden, "the seat token belongs to another game"))
		return
	}
	auth := &seatAuth{game: claims.Game, seat: claims.Seat, occupant: claims.Occupant}
	c.Set(ctxSeat, auth)
	if !s.allowSeat(c, auth) {
		return
	}
	c.Next()
}

// authenticatePlayer is authenticate for a player's token.
func (s *Server) authenticatePlayer(c *gin.Context, raw string) {
	who, err := s.accounts.Identify(c.Request.Context(), raw)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Set(ctxPlayer, &who)
	if st, err := s.games.Load(c.Request.Context(), c.Param("id")); err == nil {
		if seat := st.SeatOf(who.Player.ID); seat >= 0 {
			auth := &seatAuth{game: st.ID, seat: seat, occupant: st.Occupant(seat)}
			c.Set(ctxSeat, auth)
			if !s.allowSeat(c, auth) {
				return
			}
		}
	}
	c.Next()
}

// requireSeat stops requests that carry no token; authenticate has already
// refused bad ones.
func (s *Server) requireSeat(c *gin.Context) {
	if seatOf(c) == nil {
		s.fail(c, errorf(codeUnauthorized, "this request needs a seat token (Authorization: Bearer <token>)"))
		return
	}
	c.Next()
}

func seatOf(c *gin.Context) *seatAuth {
	v, ok := c.Get(ctxSeat)
	if !ok {
		return nil
	}
	return v.(*seatAuth)
}

// viewerOf is the seat whose view the request gets, or -1 for the public.
func viewerOf(c *gin.Context) int {
	if a := seatOf(c); a != nil {
		return a.seat
	}
	return -1
}

// occupantOf is the seat occupancy the request's token was issued for.
func occupantOf(c *gin.Context) string {
	if a := seatOf(c); a != nil {
		return a.occupant
	}
	return ""
}
