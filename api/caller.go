package api

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/fault"
	"github.com/hanabi-server/hanabi/internal/netaddr"
)

// This file is the one place that reads a request's credential: the
// Authorization header becomes the request's auth.Caller (see
// auth.Resolver), and every handler, long-poll and stream reads that
// value alone.

// access is what credential a route asks for.
type access uint8

const (
	// public: the route reads no credential; everyone is the public.
	public access = iota
	// anyone: a credential if one is given (a bad one is refused), none
	// otherwise; what it may do is the domain's to say.
	anyone
	// someone: any credential (none is 401); what it may do is the
	// domain's to say (a seat of the table, or a signed-in spectator, chats).
	someone
	// player: a signed-in player's own token (a session or an access
	// token): none is 401, a seat's token 403.
	player
	// seat: a seat of the game in the path: no credential is 401, one that
	// holds no seat of the game 403.
	seat
)

const ctxCaller = "hanabi.caller"

// identify resolves the request's credential into its caller, as the
// route's access asks, and applies the per-caller rate limit (limitKey). A request whose credential does not work stops here
// (401), so that a client never mistakes a public view for its seat's.
func (s *Server) identify(a access) gin.HandlerFunc {
	return func(c *gin.Context) {
		caller := auth.Anonymous(clientKey(c))
		if a != public {
			raw, ok := bearer(c)
			if !ok {
				s.fail(c, errorf(fault.Unauthorized, codeUnauthorized, "the Authorization header must be \"Bearer <token>\""))
				return
			}
			var err error
			if caller, err = s.auth.Resolve(c.Request.Context(), raw, gameOf(c), clientKey(c)); err != nil {
				s.fail(c, err)
				return
			}
		}
		c.Set(ctxCaller, caller)
		var err error
		switch a {
		case someone:
			if caller.Via == auth.None {
				err = errorf(fault.Unauthorized, codeUnauthorized, "this request needs a credential (Authorization: Bearer <token>): a seat's token or a player's")
			}
		case player:
			err = auth.NeedSignedIn(caller)
		case seat:
			err = auth.NeedSeat(caller, c.Param("id"))
		}
		if err != nil {
			s.fail(c, err)
			return
		}
		if key, ok := limitKey(caller); ok {
			if ok, wait := s.seatLimits.allow(key, s.now()); !ok {
				s.tooMany(c, wait)
				return
			}
		}
		c.Next()
	}
}

// limitKey is the caller's own rate-limit bucket beside its address's: one
// per seat and per player at a table, and one per signed-in player for all
// else, so that a token shared among many clients cannot outrun it by
// spreading over addresses. A caller with neither (the public, a guest's
// seat token off its game) has its address's alone.
func limitKey(caller auth.Caller) (string, bool) {
	switch {
	case caller.Seated():
		return caller.Key() + " at " + caller.Game, true
	case caller.Account != nil:
		return caller.Key(), true
	}
	return "", false
}

// clientKey is the client a request comes from, as what is kept per client
// names it (limits, idempotency keys, sign-in guards): an IPv6 address by
// its /64 (netaddr.Key). Logs name the address itself.
func clientKey(c *gin.Context) string { return netaddr.Key(clientIP(c)) }

const ctxClientIP = "hanabi.ip"

// clientIP is the request's client address (gin's ClientIP, which parses
// the peer and the trusted proxies' headers: read once a request).
func clientIP(c *gin.Context) string {
	if v, ok := c.Get(ctxClientIP); ok {
		return v.(string)
	}
	ip := c.ClientIP()
	c.Set(ctxClientIP, ip)
	return ip
}

// gameOf is the game a request is about: the one in its path, for the
// routes of a game.
func gameOf(c *gin.Context) string {
	if strings.HasPrefix(c.FullPath(), "/v1/games/:id") {
		return c.Param("id")
	}
	return ""
}

// bearer is the request's bearer token, "" for none; ok is false for an
// Authorization header that is not one.
func bearer(c *gin.Context) (raw string, ok bool) {
	h := c.GetHeader("Authorization")
	if h == "" {
		return "", true
	}
	scheme, raw, found := strings.Cut(h, " ")
	raw = strings.TrimSpace(raw)
	if !found || !strings.EqualFold(scheme, "Bearer") || raw == "" {
		return "", false
	}
	return raw, true
}

// callerOf is who the request speaks for (the public, before identify).
func callerOf(c *gin.Context) auth.Caller {
	if v, ok := c.Get(ctxCaller); ok {
		return v.(auth.Caller)
	}
	return auth.Anonymous(clientKey(c))
}

// seatOf is the seat the request's caller holds in the game it is about,
// -1 for none (the logs' seat).
func seatOf(c *gin.Context) int {
	if by := callerOf(c); by.Seated() {
		return by.Seat
	}
	return -1
}

func itoa(n int) string { return strconv.Itoa(n) }
