package api

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
)

// NoteRequest is the text of a card note; an empty text removes the note.
type NoteRequest struct {
	Text *string `json:"text" example:"finesse? red 3" maxLength:"200" validate:"required" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
}

// NoteView is one seat's note on one card: the writer's own text, nothing more.
type NoteView struct {
	Seat int    `json:"seat" example:"1"`
	Card int    `json:"card" example:"13"`
	Text string `json:"text" example:"finesse? red 3"`
}

// NoteResponse is the note as written, and the writer's view of the game
// with it.
type NoteResponse struct {
	Note NoteView  `json:"note"`
	Game *GameView `json:"game"`
}

// putNote godoc
//
//	@Summary		Write a card note
//	@Description	The token's seat writes its note on a card: any card dealt so far, one in its own hand or another's, or one since played or discarded. A note is the writer's text only, at most 200 characters; an empty text removes it. While the game runs a seat sees its own notes in its view (notes); once the game is over every view and the replay show everyone's. Writing a note is no move: the game's version does not change, so teammates' versioned moves stay valid, but the view's ETag does. Notes are written while the game is active (409 game_not_active otherwise).
//	@ID				putNote
//	@Tags			games
//	@Accept			json
//	@Produce		json
//	@Param			id		path	string		true	"game id"
//	@Param			card	path	int			true	"the card's id"	minimum(0)
//	@Param			note	body	NoteRequest	true	"the note's text"
//	@Security		SeatToken
//	@Success		200	{object}	NoteResponse
//	@Header			200	{string}	ETag	"the caller's view's ETag"
//	@Failure		400	{object}	Problem	"bad_request: a card that is not a number or not dealt yet, a text too long; invalid_text: a control or format character (bidirectional, invisible)"
//	@Failure		401	{object}	Problem	"unauthorized: no token, a bad one, or the token of a seat that was left"
//	@Failure		403	{object}	Problem	"forbidden: a token of another game"
//	@Failure		409	{object}	Problem	"game_not_active"
//	@Router			/games/{id}/notes/{card} [put]
func (s *Server) putNote(c *gin.Context) {
	by := callerOf(c)
	card, err := strconv.Atoi(c.Param("card"))
	if err != nil || card < 0 {
		s.fail(c, badRequest("card must be a card id, not %q", truncate(c.Param("card"), 16)))
		return
	}
	var req NoteRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	if req.Text == nil {
		s.fail(c, badRequest("text is required (an empty text removes the note)"))
		return
	}
	st, err := s.games.WriteNote(c.Request.Context(), c.Param("id"), by, card, *req.Text)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("ETag", viewTag(st, by.Seat))
	c.Header("Cache-Control", "no-store")
	note, _ := json.Marshal(NoteView{Seat: by.Seat, Card: card, Text: *req.Text})
	b := append(append([]byte(`{"note":`), note...), `,"game":`...)
	writeJSON(c, http.StatusOK, append(appendView(b, st, by.Seat), '}'))
}

func noteViews(ns []play.Note) []NoteView {
	if len(ns) == 0 {
		return nil
	}
	out := make([]NoteView, len(ns))
	for i, n := range ns {
		out[i] = NoteView{Seat: n.Seat, Card: n.Card, Text: n.Text}
	}
	return out
}
