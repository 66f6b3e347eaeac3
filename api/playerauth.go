package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/players"
)

const ctxPlayer = "hanabi.player"

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

// requirePlayer lets through a request whose bearer token is a player's (a
// session's or an access token), and records who it speaks for.
func (s *Server) requirePlayer(c *gin.Context) {
	raw, ok := bearer(c)
	if !ok || raw == "" || !players.IsPlayerToken(raw) {
		s.fail(c, errorf(codeUnauthorized, "this request needs a player's token (Authorization: Bearer <token>): sign in with POST /v1/sessions"))
		return
	}
	who, err := s.accounts.Identify(c.Request.Context(), raw)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Set(ctxPlayer, &who)
	c.Next()
}

// playerOf is who the request's player token speaks for, or nil.
func playerOf(c *gin.Context) *players.Who {
	v, ok := c.Get(ctxPlayer)
	if !ok {
		return nil
	}
	return v.(*players.Who)
}
