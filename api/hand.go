package api

import (
	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
)

// HandRequest is a seat's hand in the order it wants it.
type HandRequest struct {
	// Order is every card id of the seat's hand, each once, in the new
	// order: newest first, as views list a hand.
	Order []int `json:"order" validate:"min=1,max=6" minimum:"0" maximum:"63" example:"8,5,9,7,6"`
	// Version, when given, makes the rearrangement apply only at that game
	// version (409 stale_version otherwise).
	Version *int64 `json:"version,omitempty" example:"17" validate:"optional" minimum:"0" maximum:"1073741824"`
}

// putHand godoc
//
//	@Summary		Rearrange one's hand
//	@Description	The token's seat puts the cards of its own hand in a new order, as players at a real table do to help themselves remember (the ABACUS rule book). order lists every card id of the hand exactly once, newest first as views list a hand. It is no move: any seat may rearrange its own hand at any time while the game runs, its turn or not; the turn does not pass and the turn clock runs on. Every view shows the new order, each card with its clues, the log records it (the event rearrange, the replay's action rearrange) and the version counts it. An order that is already the hand's changes nothing and is answered as the game is. Only games under the ABACUS rules (options.rules abacus: the rule book's variants) have it; hanab.live's have no such move and answer 422 illegal_action, reason no_rearrange, as does an order that is not exactly the hand's card ids (bad_order) or a seventh rearrangement by the same seat before the next move (rearrange_limit). With version in the body (409 stale_version on mismatch) or If-Match (412 on mismatch) it applies only at that game version.
//	@ID				putHand
//	@Tags			actions
//	@Accept			json
//	@Produce		json
//	@Param			id			path		string		true	"game id"
//	@Param			If-Match	header		string		false	"the game version the rearrangement is for, in double quotes"
//	@Param			hand		body		HandRequest	true	"the hand's card ids in their new order"
//	@Security		SeatToken
//	@Success		200	{object}	GameResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		403	{object}	Problem	"forbidden: a token of another game"
//	@Failure		409	{object}	Problem	"game_not_active or stale_version"
//	@Failure		412	{object}	Problem	"precondition_failed"
//	@Failure		422	{object}	Problem	"illegal_action, with reason no_rearrange, bad_order or rearrange_limit"
//	@Router			/games/{id}/hand [put]
func (s *Server) putHand(c *gin.Context) {
	var req HandRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	if req.Order == nil {
		s.fail(c, badRequest("order is required: the hand's card ids in their new order"))
		return
	}
	// The request's own bounds, before the game is read: a malformed order
	// is refused as such whatever the game's version.
	if len(req.Order) < 1 || len(req.Order) > 6 {
		s.fail(c, badRequest("order lists the hand's 1–6 card ids, got %d", len(req.Order)))
		return
	}
	for _, id := range req.Order {
		if id < 0 || id > 63 {
			s.fail(c, badRequest("order holds card id %d: card ids are 0–63", id))
			return
		}
	}
	if req.Version != nil && (*req.Version < 0 || *req.Version > maxSeq) {
		s.fail(c, badRequest("version must be 0–%d", maxSeq))
		return
	}
	// Like a move: once begun, its outcome must be in the log or not.
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	by := callerOf(c)
	m := play.Move{Version: req.Version, IfMatch: ifMatchVersions(c.GetHeader("If-Match"))}
	st, err := s.games.Rearrange(ctx, c.Param("id"), by, req.Order, m)
	s.answerGame(c, st, by.Seat, err)
}
