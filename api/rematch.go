package api

import (
	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/engine"
)

// rematch godoc
//
//	@Summary		Play again
//	@Description	A player of the finished game (its seat's token, or the signed-in player who held a seat) opens its next table: the same variant, options and player count, listed or not, private or not (with the same join secret) and with the same spectators, at a new deal. Its signed-in players and its bots are seated at once, each one seat on, so that the player after the one who started the game starts this one (where the deal picks who starts, as under hanab.live's rules, the seats are turned to it when every seat is taken at once). A guest's seat is left free: the guest takes it with the table's invite link. Nobody else is seated. The finished game's next_game then names the new table, and its readers get a next_game event after game_over (with chat_after, the streams go on to bring it). Asked again, it answers the same table, unless that table was cancelled unplayed (its lobby expired, or its people left): then the game is played again at a new one. The answer is the new game as the caller sees it, with the caller's seat and a token for it when the caller's account sits there; seat and token are null for a guest.
//	@ID				rematch
//	@Tags			games
//	@Produce		json
//	@Param			id	path		string	true	"the finished game's id"
//	@Security		SeatToken
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201	{object}	SeatResponse
//	@Header			201	{string}	Location	"the new game's URL, /v1/games/{id}"
//	@Failure		403	{object}	Problem	"forbidden: the caller held no seat of the game"
//	@Failure		409	{object}	Problem	"game_not_active: the game has not finished"
//	@Router			/games/{id}/rematch [post]
func (s *Server) rematch(c *gin.Context) {
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	by := callerOf(c)
	st, err := s.games.Rematch(ctx, c.Param("id"), by)
	if err != nil {
		s.fail(c, err)
		return
	}
	seat := engine.Public
	if by.Account != nil {
		seat = st.SeatOf(by.Account.ID)
	}
	s.sendChange(c, st, seat, nil)
}
