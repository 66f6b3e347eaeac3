package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
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

// optionalPlayer is who the request's player token speaks for, nil when it
// carries none (or a seat's token, which an operation without a game does
// not read); ok is false when it answered the request (a bad token).
func (s *Server) optionalPlayer(c *gin.Context) (who *players.Who, ok bool) {
	raw, ok := bearer(c)
	if !ok || raw == "" || !players.IsPlayerToken(raw) || s.accounts == nil {
		return nil, true
	}
	w, err := s.accounts.Identify(c.Request.Context(), raw)
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	c.Set(ctxPlayer, &w)
	return &w, true
}

// asPlayer is who as play knows a seat's player (nil: nobody).
func asPlayer(who *players.Who) *play.Player {
	if who == nil {
		return nil
	}
	return &play.Player{ID: who.Player.ID, Name: who.Player.Name, Bot: who.Player.Bot}
}

// needPlayer lets through a request that authenticate found a player's
// token on.
func (s *Server) needPlayer(c *gin.Context) {
	if playerOf(c) == nil {
		s.fail(c, errorf(codeUnauthorized, "this request needs a player's token (Authorization: Bearer <token>): sign in with POST /v1/sessions"))
		return
	}
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
