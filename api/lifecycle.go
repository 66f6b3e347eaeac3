package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
)

// GameResponse is the caller's view of the game after a change to the table.
type GameResponse struct {
	Game *GameView `json:"game"`
}

// terminateGame godoc
//
//	@Summary		End a game for everyone
//	@Description	The token's seat ends the active game at once, whoever is to act: the result is score 0, reason terminated, and seat the seat that ended it; the last event is game_over. A game that is not active (a lobby, or one that has already ended) answers 409 game_not_active.
//	@ID				terminateGame
//	@Tags			games
//	@Produce		json
//	@Param			id	path		string	true	"game id"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Router			/games/{id}/terminate [post]
func (s *Server) terminateGame(c *gin.Context) {
	// Like a move: once begun, its outcome must be in the log or not.
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	by := callerOf(c)
	st, _, err := s.games.Terminate(ctx, c.Param("id"), by)
	s.answerGame(c, st, by.Seat, err)
}

// answerGame answers a change to the table with the seat's view of the
// game after it (GameResponse), or err.
func (s *Server) answerGame(c *gin.Context, st *play.State, seat int, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	s.write(c, park.Answer{Status: http.StatusOK, ETag: viewTag(st, seat), ContentType: jsonType,
		Body: append(appendView([]byte(`{"game":`), st, seat), '}')})
}

// leaveSeat godoc
//
//	@Summary		Leave a seat
//	@Description	The token's seat (which must be the seat in the path) is given up, and the token stops working at once. In a lobby the seat is free again; when no seat with a person is left, the game is cancelled. In an active game a bot plays the seat for the rest of the game (bot, default the strongest), and the event seat_left is logged. A finished or cancelled game answers 409 game_not_active.
//	@ID				leaveSeat
//	@Tags			games
//	@Produce		json
//	@Param			id		path	string	true	"game id"
//	@Param			seat	path	int		true	"the seat to leave: the token's"	minimum(0)	maximum(5)
//	@Param			bot		query	string	false	"the bot strategy that takes the seat over in an active game (see GET /v1/bots); default the strongest"	Enums(random, conventions, hgroup, hat)
//	@Security		SeatToken
//	@Success		204
//	@Failure		400	{object}	Problem	"bad_request: a seat that is not a number, an unknown bot, or none (no bot strategy can take the seat on this server)"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		403	{object}	Problem	"forbidden: a token of another game or another seat"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Router			/games/{id}/seats/{seat} [delete]
func (s *Server) leaveSeat(c *gin.Context) {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 {
		s.fail(c, badRequest("seat must be a seat number, not %q", truncate(c.Param("seat"), 16)))
		return
	}
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	bot, given := c.GetQuery("bot")
	if given && bot == "" {
		s.fail(c, badRequest("bot names a strategy of GET /v1/bots; leave it out for the strongest"))
		return
	}
	if _, err := s.games.Leave(ctx, c.Param("id"), callerOf(c), seat, bot); err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Status(http.StatusNoContent)
}
