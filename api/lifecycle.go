package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
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
//	@Failure		400	{object}	Problem	"bad_request"
//	@Failure		401	{object}	Problem	"unauthorized"
//	@Failure		403	{object}	Problem	"forbidden"
//	@Failure		404	{object}	Problem	"not_found"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Failure		429	{object}	Problem	"rate_limited"
//	@Router			/games/{id}/terminate [post]
func (s *Server) terminateGame(c *gin.Context) {
	// Like a move: once begun, its outcome must be in the log or not.
	ctx := context.WithoutCancel(c.Request.Context())
	seat := seatOf(c).seat
	st, _, err := s.games.Terminate(ctx, c.Param("id"), seat)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("ETag", etag(st.Version, seat))
	c.Header("Cache-Control", "private, no-cache")
	c.Header("Vary", "Authorization")
	c.JSON(http.StatusOK, GameResponse{Game: buildView(st, seat)})
}
