package api

import (
	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// ActionRequest is one move as it is decoded: play and discard name a card by
// id; a clue names a target seat and exactly one of color or rank. The
// document describes it as the union of PlayAction, DiscardAction and
// ClueAction, told apart by type.
type ActionRequest struct {
	Type   string  `json:"type" enums:"play,discard,clue" example:"clue"`
	Card   *int    `json:"card,omitempty" example:"13"`
	Target *int    `json:"target,omitempty" example:"2"`
	Color  *string `json:"color,omitempty" example:"blue" extensions:"x-nullable"`
	Rank   *int    `json:"rank,omitempty" extensions:"x-nullable"`
	// Version, when given, makes the move apply only at that game version.
	Version *int64 `json:"version,omitempty" example:"17"`
}

// PlayAction plays a card of the mover's hand, named by its id.
type PlayAction struct {
	Type string `json:"type" enums:"play" example:"play"`
	Card int    `json:"card" example:"13" minimum:"0"`
	// Version, when given, makes the move apply only at that game version (409 stale_version otherwise).
	Version *int64 `json:"version,omitempty" example:"17" validate:"optional" minimum:"0" maximum:"1073741824"`
}

// DiscardAction discards a card of the mover's hand for a note token.
type DiscardAction struct {
	Type    string `json:"type" enums:"discard" example:"discard"`
	Card    int    `json:"card" example:"13" minimum:"0"`
	Version *int64 `json:"version,omitempty" example:"17" validate:"optional" minimum:"0" maximum:"1073741824"`
}

// ClueAction tells target which of its cards are of one clue color or of
// one rank: exactly one of color and rank is given (a clue with both or
// neither is refused as illegal_action, reason bad_clue).
type ClueAction struct {
	Type   string `json:"type" enums:"clue" example:"clue"`
	Target int    `json:"target" example:"1" minimum:"0" maximum:"5"`
	// Color is the clue color named; absent or null for a rank clue.
	Color *string `json:"color,omitempty" example:"red" validate:"optional" extensions:"x-nullable"`
	// Rank is the rank named; absent or null for a color clue.
	Rank    *int   `json:"rank,omitempty" example:"3" validate:"optional" extensions:"x-nullable"`
	Version *int64 `json:"version,omitempty" example:"17" validate:"optional" minimum:"0" maximum:"1073741824"`
}

// ActionResponse is the event the move caused and the mover's view after it.
type ActionResponse struct {
	Event Event     `json:"event"`
	Game  *GameView `json:"game"`
}

// decodeAction parses and shape-checks an action body. Whether the move is
// legal is the engine's question, asked later; this only makes sure it is a
// well-formed move of one of the three kinds.
// moveOf is the move a decoded request asks for.
func moveOf(req ActionRequest) play.Move {
	move := play.Move{Card: deref(req.Card), Target: deref(req.Target), Color: deref(req.Color), Rank: deref(req.Rank)}
	switch {
	case req.Type == "play":
		move.Kind = engine.Play
	case req.Type == "discard":
		move.Kind = engine.Discard
	case req.Color != nil:
		move.Kind = engine.ColorClue
	default:
		move.Kind = engine.RankClue
	}
	return move
}

func decodeAction(data []byte) (ActionRequest, error) {
	req, ok := quickAction(data)
	if !ok {
		req = ActionRequest{}
		if err := decodeStrict(data, &req, false); err != nil {
			return req, err
		}
	}
	switch req.Type {
	case "play", "discard":
		if req.Card == nil {
			return req, badRequest("a %s needs card: the id of a card in your hand", req.Type)
		}
		if req.Target != nil || req.Color != nil || req.Rank != nil {
			return req, badRequest("a %s takes only card (and version)", req.Type)
		}
	case "clue":
		if req.Card != nil {
			return req, badRequest("a clue takes target and color or rank, not card")
		}
		if req.Target == nil {
			return req, badRequest("a clue needs target: the seat that receives it")
		}
		if (req.Color == nil) == (req.Rank == nil) {
			// The engine's own error, so the reason is the rules' code.
			return req, illegal(engine.ErrBadClue.Msg, engine.ErrBadClue.Code)
		}
	case "":
		return req, badRequest("type is required: play, discard or clue")
	default:
		return req, badRequest("type must be play, discard or clue, not %q", truncate(req.Type, 32))
	}
	if req.Version != nil && (*req.Version < 0 || *req.Version > maxSeq) {
		return req, badRequest("version must be 0–%d", maxSeq)
	}
	return req, nil
}

// postAction godoc
//
//	@Summary		Take a move
//	@Description	The token's seat plays, discards or gives a clue. With version in the body (409 stale_version on mismatch) or If-Match (412 on mismatch) the move applies only at that game version, so a retried request can never act twice. Two requests racing for the same turn cannot both apply: the loser gets 409.
//	@ID				postAction
//	@Tags			actions
//	@Accept			json
//	@Produce		json
//	@Param			id			path		string			true	"game id"
//	@Param			If-Match	header		string			false	"the game version the move is for, in double quotes"
//	@Param			Idempotency-Key	header		string		false	"makes a retry safe: the same key and body get the first answer again (1–255 printable characters, kept 24 h)"
//	@Param			action		body		PlayAction		true	"play a card"
//	@Param			action		body		DiscardAction	true	"discard a card"
//	@Param			action		body		ClueAction		true	"a clue: target and exactly one of color or rank"
//	@x-body-name	"Action"
//	@Security		SeatToken
//	@Success		200			{object}	ActionResponse
//	@Header			200			{string}	ETag	"the mover's view's ETag"
//	@Failure		409			{object}	Problem	"not_your_turn, stale_version, game_not_active, game_paused (no move while a seat has paused the game) or idempotency_key_in_use"
//	@Failure		412			{object}	Problem	"precondition_failed"
//	@Failure		422			{object}	Problem	"illegal_action, with reason, or idempotency_key_reused"
//	@Router			/games/{id}/actions [post]
func (s *Server) postAction(c *gin.Context) {
	data, err := s.readBody(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	req, err := decodeAction(data)
	if err != nil {
		s.fail(c, err)
		return
	}
	// An action that has begun is finished even if the client hangs up or
	// shutdown begins: its outcome must be in the log or not, never unknown
	// to the server.
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	move := moveOf(req)
	move.Version, move.Key, move.IfMatch = req.Version, idempotencyKey(c), ifMatchVersions(c.GetHeader("If-Match"))
	by := callerOf(c)
	st, ev, err := s.games.Act(ctx, c.Param("id"), by, move)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.sendChange(c, st, by.Seat, &ev)
}

// appendActionAnswer appends the ActionResponse to seat's move ev that made
// st. A move answered here is the seat's own, never an automatic one.
func appendActionAnswer(b []byte, st *play.State, ev engine.Event, seat int) []byte {
	b, _ = appendEvent(append(b, `{"event":`...), st.Config, len(st.Log), ev, st.Seats, seat, st.Game.Over(), false, "")
	b = append(b, `,"game":`...)
	b = appendView(b, st, seat)
	return append(b, '}')
}
