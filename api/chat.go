package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// ChatRequest is a line to say.
type ChatRequest struct {
	Text string `json:"text" example:"nice play!" minLength:"1" maxLength:"300" pattern:"^[^\\x00-\\x1f\\x7f-\\x9f]*$"`
}

// ChatEvent is a line of the table's chat, among the game's events: it
// comes after the event whose seq it carries (0: before any). line numbers
// a table's lines from 1, the cursor of a reader of the chat (chat_after).
type ChatEvent struct {
	Seq  int    `json:"seq" example:"12"`
	Line int    `json:"line" example:"3"`
	Type string `json:"type" enums:"chat" example:"chat"`
	// Seat is the sayer's seat, null for a spectator.
	Seat *int   `json:"seat" example:"1" extensions:"x-nullable"`
	From string `json:"from" example:"Bob"`
	// Player is true when the sayer is a signed-in player (From is the
	// account's name).
	Player bool      `json:"player" example:"true"`
	Text   string    `json:"text" example:"nice play!"`
	At     time.Time `json:"at" example:"2026-11-27T16:00:00Z"`
}

// chatLimit bounds each sayer's lines in one table: a burst of five, then
// one every two seconds.
var chatLimit = Limit{PerSecond: 0.5, Burst: 5}

// chatKey is whose bucket a line said at game goes in: the player's (an
// account's, whoever's seat token says it), else the seat's, by its
// number (a guest who leaves and sits down again keeps the bucket), else
// the address's.
func chatKey(game string, by auth.Caller) string {
	switch {
	case by.Account != nil:
		return game + " " + by.Key()
	case by.Seated():
		return game + " seat " + itoa(by.Seat)
	}
	return game + " addr " + by.Addr
}

// say godoc
//
//	@Summary		Say a line in the table's chat
//	@Description	A seat of the table (its token or its player's) or a signed-in spectator the table lets watch says a line of 1–300 characters (text only: no markup is rendered from it), in the pregame, the game and after it. Lines reach every reader of the game's events that asked for the chat (chat_after on getEvents and the streams), and are kept with the game (its replay shows them). A sayer's lines are limited to a burst of five, then one every two seconds (429 with Retry-After). A table's chat keeps 2000 lines; past them a line is refused (409 chat_full). A line is no move: the game's version does not change.
//	@ID				sayInGame
//	@Tags			chat
//	@Accept			json
//	@Produce		json
//	@Param			id		path	string		true	"game id"
//	@Param			line	body	ChatRequest	true	"the line"
//	@Param			secret	query	string		false	"a spectator's of a private table: its join secret"	maxLength(64)
//	@Security		SeatToken
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201	{object}	ChatEvent
//	@Failure		400	{object}	Problem	"bad_request: an empty line or one too long; invalid_text: a control or format character (bidirectional, invisible), or bytes that are not UTF-8"
//	@Failure		403	{object}	Problem	"forbidden or spectators_closed: not at the table, nor a signed-in spectator it lets watch"
//	@Failure		409	{object}	Problem	"game_not_active: the table was cancelled; chat_full: the table's chat holds its 2000 lines"
//	@Router			/games/{id}/chat [post]
func (s *Server) say(c *gin.Context) {
	var req ChatRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	by := callerOf(c)
	if !play.ValidID(c.Param("id")) {
		s.fail(c, play.ErrNotFound) // before its id is kept as a bucket's
		return
	}
	if ok, wait := s.chatLimits.allow(chatKey(c.Param("id"), by), s.now()); !ok {
		s.tooMany(c, wait)
		return
	}
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	_, line, err := s.games.Say(ctx, c.Param("id"), by, c.Query("secret"), req.Text)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, chatEvent(line))
}

func chatEvent(l play.Line) ChatEvent {
	out := ChatEvent{Seq: l.AfterSeq, Line: l.Line, Type: "chat", From: l.Name, Player: l.Player != "", Text: l.Text, At: l.At.UTC()}
	if l.Seat >= 0 {
		out.Seat = ptr(l.Seat)
	}
	return out
}

// appendChatEvent writes l as a ChatEvent (TestChatEventJSON holds it to
// encoding/json's).
func appendChatEvent(b []byte, l play.Line) []byte {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(l.AfterSeq), 10)
	b = strconv.AppendInt(append(b, `,"line":`...), int64(l.Line), 10)
	b = append(b, `,"type":"chat","seat":`...)
	b = appendIntOrNull(b, l.Seat, l.Seat >= 0)
	b = appendString(append(b, `,"from":`...), l.Name)
	b = strconv.AppendBool(append(b, `,"player":`...), l.Player != "")
	b = appendString(append(b, `,"text":`...), l.Text)
	b = appendTime(append(b, `,"at":`...), l.At.UTC())
	return append(b, '}')
}

// withChat is the game's events evs after after, with its chat lines after
// chatAfter (chatAfter < 0: none) placed among them as they came, those
// the reader muted left out.
func withChat(evs []encodedEvent, after int, st *play.State, chatAfter int, muted players.Mutes) []encodedEvent {
	out := evs[min(after, len(evs)):]
	if chatAfter < 0 || chatAfter >= len(st.Chat) {
		return out
	}
	merged := make([]encodedEvent, 0, len(out)+len(st.Chat)-chatAfter)
	lines := st.ChatAfter(chatAfter)
	for len(out) > 0 || len(lines) > 0 {
		if len(lines) > 0 && (len(out) == 0 || lines[0].AfterSeq < out[0].seq) {
			l := lines[0]
			lines = lines[1:]
			if muted.Hides(l.Player) {
				continue
			}
			merged = append(merged, encodedEvent{seq: l.AfterSeq, line: l.Line, typ: "chat", data: appendChatEvent(nil, l)})
			continue
		}
		merged = append(merged, out[0])
		out = out[1:]
	}
	return merged
}

// chatQuery reads chat_after: the last chat line the reader saw, -1 when it
// asks for no chat (a reader of API v1.2, a bot).
func chatQuery(c *gin.Context) (int, error) {
	if _, ok := c.GetQuery("chat_after"); !ok {
		return -1, nil
	}
	return intQuery(c, "chat_after", 0, 0, maxSeq)
}

// muted is the players whose chat the request's caller muted ("" for
// none, or for the public): its account's, whichever token it came with.
func (s *Server) muted(c *gin.Context) (players.Mutes, error) {
	if s.accounts == nil {
		return "", nil
	}
	ps, err := s.accounts.Muted(c.Request.Context(), callerOf(c))
	return players.MutesOf(ps), err
}

// MutedList is whose chat the signed-in player does not read.
type MutedList struct {
	Players []PlayerView `json:"players"`
}

// mute godoc
//
//	@Summary		Mute a player's chat
//	@Description	The signed-in player no longer reads that player's chat lines, in any game's events or replay or the lobby's, nor is told their invitations (theirs alone: others still do).
//	@ID				mutePlayer
//	@Tags			chat
//	@Produce		json
//	@Param			name	path	string	true	"the player to mute"	maxLength(80)
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	PlayerView	"the player muted"
//	@Failure		400	{object}	Problem	"bad_request: oneself"
//	@Router			/me/mutes/{name} [put]
func (s *Server) mute(c *gin.Context) { s.setMute(c, true) }

// unmute godoc
//
//	@Summary	Read a muted player's chat again
//	@ID			unmutePlayer
//	@Tags		chat
//	@Produce	json
//	@Param		name	path	string	true	"the player to unmute"	maxLength(80)
//	@Security	PlayerToken
//	@Security	AccessToken
//	@Success	200	{object}	PlayerView	"the player unmuted"
//	@Router		/me/mutes/{name} [delete]
func (s *Server) unmute(c *gin.Context) { s.setMute(c, false) }

func (s *Server) setMute(c *gin.Context, on bool) {
	p, err := s.accounts.Mute(c.Request.Context(), callerOf(c), c.Param("name"), on)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, playerView(p))
}

// listMuted godoc
//
//	@Summary	Whose chat the signed-in player muted
//	@ID			listMuted
//	@Tags		chat
//	@Produce	json
//	@Security	PlayerToken
//	@Security	AccessToken
//	@Success	200	{object}	MutedList
//	@Router		/me/mutes [get]
func (s *Server) listMuted(c *gin.Context) {
	ps, err := s.accounts.Muted(c.Request.Context(), callerOf(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	out := MutedList{Players: make([]PlayerView, 0, len(ps))}
	for _, p := range ps {
		out.Players = append(out.Players, playerView(p))
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, out)
}
