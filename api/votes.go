package api

import (
	"context"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
)

// voteEnd godoc
//
//	@Summary		Vote to end the game
//	@Description	The token's seat votes to end the active game. The vote stands until the seat takes it back (DELETE); the view's votes list the seats whose vote stands, and every reader of the events gets a vote event. Once votes_to_end seats have voted (at least half of the seats, and both seats of a two-player game), the game ends for everyone: score 0, reason voted, and a game_over event. Voting again changes nothing. A game that is not active answers 409 game_not_active.
//	@ID				voteEnd
//	@Tags			games
//	@Produce		json
//	@Param			id	path	string	true	"game id"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Router			/games/{id}/votes/end [put]
func (s *Server) voteEnd(c *gin.Context) {
	s.lifecycle(c, func(ctx context.Context, id string, by auth.Caller) (*play.State, error) {
		return s.games.Vote(ctx, id, by, true)
	})
}

// unvoteEnd godoc
//
//	@Summary		Take back a vote to end the game
//	@Description	The token's seat takes back its vote to end the active game; a seat with no vote standing changes nothing.
//	@ID				unvoteEnd
//	@Tags			games
//	@Produce		json
//	@Param			id	path	string	true	"game id"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Router			/games/{id}/votes/end [delete]
func (s *Server) unvoteEnd(c *gin.Context) {
	s.lifecycle(c, func(ctx context.Context, id string, by auth.Caller) (*play.State, error) {
		return s.games.Vote(ctx, id, by, false)
	})
}

// pauseGame godoc
//
//	@Summary		Pause a timed game
//	@Description	The token's seat pauses the active timed game: no move is made (a move answers 409 game_paused), and the turn's clock stands still, until a seat resumes it. The view says paused, with turn_time_left_ms the time the seat to act has left; readers of the events get a pause event. Pausing a paused game changes nothing. A game without a turn clock has nothing to pause (409 game_untimed); a paused game that nobody resumes ends as an idle one would.
//	@ID				pauseGame
//	@Tags			games
//	@Produce		json
//	@Param			id	path	string	true	"game id"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		409	{object}	Problem	"game_not_active, game_untimed or stale_version"
//	@Router			/games/{id}/pause [post]
func (s *Server) pauseGame(c *gin.Context) {
	s.lifecycle(c, s.games.Pause)
}

// resumeGame godoc
//
//	@Summary		Resume a paused game
//	@Description	The token's seat resumes the paused game: the seat to act has the time its turn had left when it was paused (turn_deadline again). Readers of the events get a resume event. Resuming a running game changes nothing.
//	@ID				resumeGame
//	@Tags			games
//	@Produce		json
//	@Param			id	path	string	true	"game id"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		409	{object}	Problem	"game_not_active, game_untimed or stale_version"
//	@Router			/games/{id}/resume [post]
func (s *Server) resumeGame(c *gin.Context) {
	s.lifecycle(c, s.games.Resume)
}

// lifecycle makes change, one of the token's seat's about the running
// game, and answers the seat's view after it.
func (s *Server) lifecycle(c *gin.Context, change func(ctx context.Context, id string, by auth.Caller) (*play.State, error)) {
	// Like a move: once begun, its outcome must be in the log or not.
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	by := callerOf(c)
	st, err := change(ctx, c.Param("id"), by)
	s.answerGame(c, st, by.Seat, err)
}
