package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

// Rooms are the shared replay rooms as the API reads them; rooms.Rooms is
// it.
type Rooms interface {
	Follow(id string) *feed.Watch[string]
	Open(ctx context.Context, game string, p auth.Caller) (*rooms.Room, *play.State, error)
	Read(ctx context.Context, id string, p auth.Caller, membersOnly bool) (*rooms.Room, *play.State, error)
	Join(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error)
	Leave(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error)
	HandOver(ctx context.Context, id string, p auth.Caller, name string) (*rooms.Room, *play.State, error)
	SetTurn(ctx context.Context, id string, p auth.Caller, turn int) (*rooms.Room, *play.State, error)
	Point(ctx context.Context, id string, p auth.Caller, card int) (*rooms.Room, *play.State, error)
	Hypothesize(ctx context.Context, id string, p auth.Caller, m play.Move) (*rooms.Room, *play.State, error)
	Undo(ctx context.Context, id string, p auth.Caller, all bool) (*rooms.Room, *play.State, error)
	Again(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error)
	Here(ctx context.Context, r *rooms.Room, p auth.Caller) (*rooms.Room, error)
}

// RoomView is a shared replay room: the finished game it replays, the turn
// its leader shows every member (0 is the deal), the card the leader
// points at, the leader's hypothetical moves from that turn (as events,
// every face shown), and the board they leave (view: the game at the turn
// with the hypothetical moves played, as a spectator who sees every hand
// sees it). legal_moves are the moves the seat to act on the board may
// make, for the leader's next hypothetical move. next_game is the table of
// "play again", once the leader made it: the members take a seat there.
type RoomView struct {
	ID      string       `json:"id" example:"r3j9x0c2m4n5b6v7"`
	GameID  string       `json:"game_id" example:"k3j9x0c2m4n5b6v7"`
	Version int64        `json:"version" example:"7"`
	Leader  *string      `json:"leader" example:"Alice" extensions:"x-nullable"`
	Members []RoomMember `json:"members"`
	Turn    int          `json:"turn" example:"12"`
	// Turns is the game's last turn: turn runs from 0 to it.
	Turns        int         `json:"turns" example:"58"`
	Pointer      *int        `json:"pointer" example:"14" extensions:"x-nullable"`
	Hypothetical []Event     `json:"hypothetical" oneOf:"PlayEvent,PlayFaceDownEvent,DiscardEvent,ClueEvent,GameOverEvent,SeatLeftEvent,RearrangeEvent,VoteEvent,PauseEvent,ResumeEvent,NextGameEvent,ChatEvent"`
	NextGame     *string     `json:"next_game" example:"n3j9x0c2m4n5b6v7" extensions:"x-nullable"`
	View         GameView    `json:"view"`
	LegalMoves   *LegalMoves `json:"legal_moves" extensions:"x-nullable"`
}

// roomWire is RoomView as the server writes it: the view, the hypothetical
// events and the legal moves go in encoded by the game's own encoders
// (TestRoomWireIsRoomView holds the two to the same fields).
type roomWire struct {
	ID           string            `json:"id"`
	GameID       string            `json:"game_id"`
	Version      int64             `json:"version"`
	Leader       *string           `json:"leader"`
	Members      []RoomMember      `json:"members"`
	Turn         int               `json:"turn"`
	Turns        int               `json:"turns"`
	Pointer      *int              `json:"pointer"`
	Hypothetical []json.RawMessage `json:"hypothetical"`
	NextGame     *string           `json:"next_game"`
	View         json.RawMessage   `json:"view"`
	LegalMoves   json.RawMessage   `json:"legal_moves"`
}

// RoomMember is a member of a room, in the order they came.
type RoomMember struct {
	Name   string `json:"name" example:"Bob"`
	Bot    bool   `json:"bot" example:"false"`
	Leader bool   `json:"leader" example:"false"`
}

// OpenRoomRequest names the finished game to replay together.
type OpenRoomRequest struct {
	Game string `json:"game" example:"k3j9x0c2m4n5b6v7" minLength:"1" maxLength:"40" pattern:"^[0-9a-z]+$"`
}

// RoomTurnRequest is the turn to show (0 is the deal).
type RoomTurnRequest struct {
	Turn int `json:"turn" example:"12" minimum:"0" maximum:"1073741824"`
}

// RoomPointerRequest is the card to point at.
type RoomPointerRequest struct {
	Card int `json:"card" example:"14" minimum:"0" maximum:"1073741824"`
}

// RoomLeaderRequest names the member who takes the lead.
type RoomLeaderRequest struct {
	Player string `json:"player" example:"Bob" minLength:"2" maxLength:"20" pattern:"^[^\\x00-\\x2c\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x9f]+$"`
}

// roomJSON renders r, the room of finished game st.
func roomJSON(r *rooms.Room, st *play.State) ([]byte, error) {
	past, evs, err := rooms.Scene(r, st)
	if err != nil {
		return nil, err
	}
	board := past.Game
	// The hypothetical moves' events, numbered from 1, every face shown.
	hypo := make([]json.RawMessage, 0, len(evs))
	for i, ev := range evs {
		b, _ := appendEvent(nil, st.Config, i+1, ev, st.Seats, engine.Spectator, true, false, "")
		hypo = append(hypo, b)
	}
	view := appendViewAt(nil, past, engine.Spectator, true)
	var legal json.RawMessage = []byte("null")
	if !board.Over() {
		v := board.View(board.Current())
		legal = appendLegalMoves(nil, v, true)[len(`,"legal_moves":`):]
	}
	out := roomWire{ID: r.ID, GameID: r.Game, Version: r.Version, Members: make([]RoomMember, 0, len(r.Members)), Turn: r.Turn, Turns: st.Game.Turn(),
		Hypothetical: hypo, View: view, LegalMoves: legal}
	for _, m := range r.Members {
		out.Members = append(out.Members, RoomMember{Name: m.Name, Bot: m.Bot, Leader: m.Player == r.Leader})
		if m.Player == r.Leader {
			out.Leader = ptr(m.Name)
		}
	}
	if r.Pointer >= 0 {
		out.Pointer = ptr(r.Pointer)
	}
	if r.Next != "" {
		out.NextGame = ptr(r.Next)
	}
	return json.Marshal(out)
}

// answerRoom writes r as the answer, with status.
func (s *Server) answerRoom(c *gin.Context, status int, r *rooms.Room, st *play.State, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	b, err := roomJSON(r, st)
	if err != nil {
		s.fail(c, err)
		return
	}
	if status == http.StatusCreated {
		c.Header("Location", "/v1/rooms/"+r.ID)
	}
	c.Header("Cache-Control", "private, no-cache")
	c.Data(status, jsonType, b)
}

// openRoom godoc
//
//	@Summary		Open a shared replay
//	@Description	A finished game opens as a shared replay room, led by the player who opens it (its first member), at turn 0. Any signed-in player may read it and join; its members follow its turn on its stream. A game that is not finished answers 409 game_not_active.
//	@ID				openRoom
//	@Tags			rooms
//	@Accept			json
//	@Produce		json
//	@Param			body	body		OpenRoomRequest	true	"the finished game"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201		{object}	RoomView
//	@Header			201		{string}	Location	"the room's URL, /v1/rooms/{id}"
//	@Failure		404		{object}	Problem	"not_found: no such game"
//	@Failure		403		{object}	Problem	"forbidden: a private table's game, which its players alone open"
//	@Failure		409		{object}	Problem	"game_not_active: the game is not finished; deal_in_play: the player plays this game's shared deal at another table, until that game ends"
//	@Router			/rooms [post]
func (s *Server) openRoom(c *gin.Context) {
	var req OpenRoomRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	r, st, err := s.rooms.Open(c.Request.Context(), req.Game, callerOf(c))
	s.answerRoom(c, http.StatusCreated, r, st, err)
}

// getRoom godoc
//
//	@Summary		A shared replay room
//	@Description	The room as its members see it: the turn, the leader, the members, the pointer, the hypothetical moves and the board. Any signed-in player may read it, as the doors of opening and joining a room let in: a private table's game its players only, and a shared deal's game nobody who plays that deal at another table until that game ends. With since=V and wait, the request is held until the room's version exceeds V or wait runs out.
//	@ID				getRoom
//	@Tags			rooms
//	@Produce		json
//	@Param			id		path		string	true	"room id"
//	@Param			since	query		int		false	"the room version the caller has"	minimum(0)
//	@Param			wait	query		string	false	"with since: how long to wait for a newer version: a Go duration (30s) or seconds, capped by the server"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		403		{object}	Problem	"forbidden: a private table's game, whose players alone share its replay"
//	@Failure		409		{object}	Problem	"deal_in_play: the reader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id} [get]
func (s *Server) getRoom(c *gin.Context) { s.waitRoom(c, false) }

// getRoomEvents godoc
//
//	@Summary		A shared replay room's changes (long-poll)
//	@Description	For a member of the room: the room once its version exceeds since, waiting up to wait. The same as getRoom, for members only; to follow the room as it changes, read it as a stream: streamRoomSSE or streamRoomNDJSON.
//	@ID				getRoomEvents
//	@Tags			rooms
//	@Produce		json
//	@Param			id		path		string	true	"room id"
//	@Param			since	query		int		false	"the room version the caller has"	minimum(0)
//	@Param			wait	query		string	false	"how long to wait for a newer version: a Go duration (30s) or seconds, capped by the server"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		403		{object}	Problem	"forbidden: not a member of the room, or a private table's game, whose players alone share its replay"
//	@Failure		409		{object}	Problem	"deal_in_play: the reader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/events [get]
func (s *Server) getRoomEvents(c *gin.Context) { s.waitRoom(c, true) }

func (s *Server) waitRoom(c *gin.Context, members bool) {
	since, given, wait, err := s.from(c, "since", false)
	if err != nil {
		s.fail(c, err)
		return
	}
	if !given {
		wait = 0
	}
	src := s.roomFeed(c, members)
	defer src.w.Close()
	route := c.FullPath()
	s.poll(c, src.Changed, func(ctx context.Context, fresh, final bool) (park.Answer, bool) {
		after := feed.Pos{N: since}
		if final {
			after.N = -1 // the room as it is
		}
		p, err := src.Read(ctx, after, fresh)
		switch {
		case err != nil:
			return s.problem(ctx, route, err), true
		case len(p.Entries) == 0:
			return park.Answer{}, false
		}
		return park.Answer{Status: http.StatusOK, ContentType: jsonType, Body: p.Entries[0].Data}, true
	}, wait)
}

// roomFeed is a replay room as one signed-in reader follows it: a feed of
// the room's versions, each entry the room whole (RoomView). For a
// member's feed (members), a reader who is no member (or left) reads
// nothing: its stream ends. The reader is online, in the room.
type roomFeed struct {
	s       *Server
	w       *feed.Watch[string]
	id      string
	by      auth.Caller
	members bool
	seen    bool        // the reader is recorded in the room (see rooms.Readers.AtRoom)
	at      rooms.Place // where the reader is, as the room last read tells (rooms.PlaceOf)
	room    *rooms.Room // the room as last read
}

func (s *Server) roomFeed(c *gin.Context, members bool) *roomFeed {
	id := c.Param("id")
	return &roomFeed{s: s, w: s.rooms.Follow(id), id: id, by: callerOf(c), members: members}
}

func (r *roomFeed) Changed() <-chan struct{} { return r.w.Changed() }

func (r *roomFeed) Read(ctx context.Context, after feed.Pos, _ bool) (feed.Page, error) {
	ctx, cancel := r.s.storeCtx(ctx)
	defer cancel()
	room, st, err := r.s.rooms.Read(ctx, r.id, r.by, r.members)
	if err != nil {
		return feed.Page{}, err
	}
	r.at, r.room = rooms.PlaceOf(room, st), room
	if !r.seen {
		r.seen = true
		r.s.readers.AtRoom(ctx, r.by, room, st)
	}
	page := feed.Page{Last: after}
	if room.Version > after.N {
		b, err := roomJSON(room, st)
		if err != nil {
			return feed.Page{}, err
		}
		page.Last = feed.Pos{N: room.Version, Sub: -1}
		page.Entries = []feed.Entry{{Pos: page.Last, Type: "room", Data: b}}
	}
	return page, nil
}

// streamRoomSSE godoc
//
//	@Summary		A shared replay room's changes, as Server-Sent Events
//	@Description	For a member of the room: the room now (unless after, or Last-Event-ID, names its version), then again at each change, as "id: <version>", "event: room" and "data: <the RoomView>". A comment line comes at least every 15 s while nothing happens; the stream ends when the reader leaves the room.
//	@ID				streamRoomSSE
//	@Tags			rooms
//	@Produce		text/event-stream
//	@Param			id	path		string	true	"room id"
//	@Param			after			query		int		false	"the room's version the caller has: the room comes again only once it changes (default: the room first)"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"the last frame's id, the room's version (digits); wins over after"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{string}	string	"a stream of Server-Sent Events, the data of each a RoomView"
//	@x-stream-item	"RoomView"
//	@Failure		403	{object}	Problem	"forbidden: not a member of the room, or a private table's game, whose players alone share its replay"
//	@Failure		409	{object}	Problem	"deal_in_play: the reader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/events/sse [get]
func (s *Server) streamRoomSSE(c *gin.Context) { s.streamRoom(c, sseStream) }

// streamRoomNDJSON godoc
//
//	@Summary		A shared replay room's changes, one JSON object a line
//	@Description	The room now, then again at each change, each RoomView on a line of its own; an empty line is the heartbeat.
//	@ID				streamRoomNDJSON
//	@Tags			rooms
//	@Produce		application/x-ndjson
//	@Param			id	path		string	true	"room id"
//	@Param			after			query		int		false	"the room's version the caller has: the room comes again only once it changes (default: the room first)"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"the last frame's id, the room's version (digits); wins over after"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView	"a stream of RoomViews, one a line"
//	@x-stream-item	"RoomView"
//	@Failure		403	{object}	Problem	"forbidden: not a member of the room, or a private table's game, whose players alone share its replay"
//	@Failure		409	{object}	Problem	"deal_in_play: the reader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/events/ndjson [get]
func (s *Server) streamRoomNDJSON(c *gin.Context) { s.streamRoom(c, ndjsonStream) }

func (s *Server) streamRoom(c *gin.Context, format streamFormat) {
	after, given, _, err := s.from(c, "after", true)
	if err != nil {
		s.fail(c, err)
		return
	}
	if !given {
		after = -1 // the room as it is first
	}
	src := s.roomFeed(c, true)
	beaten := func(c *gin.Context) { // still in the room, as the room's own read placed the reader
		if src.seen {
			s.seenAt(c, src.at)
			s.stillInRoom(c, src.room)
		}
	}
	s.stream(c, src, feed.Pos{N: after, Sub: -1}, format, src.w.Close, beaten)
}

// stillInRoom records that the caller, a member of room r as a stream
// last read it, is still there (see rooms.Rooms.Here).
func (s *Server) stillInRoom(c *gin.Context, r *rooms.Room) {
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	if _, err := s.rooms.Here(ctx, r, callerOf(c)); err != nil && ctx.Err() == nil {
		s.log.Warn("could not record a room's member there", "room", r.ID, "err", err.Error())
	}
}

// roomChange makes a member's or the leader's change to the room and
// answers the room after it.
func (s *Server) roomChange(c *gin.Context, change func(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error)) {
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	r, st, err := change(ctx, c.Param("id"), callerOf(c))
	s.answerRoom(c, http.StatusOK, r, st, err)
}

// changeRoomWith is roomChange for a change that the request's body, a
// Req, describes: a body that does not decode changes nothing.
func changeRoomWith[Req any](s *Server, c *gin.Context, change func(ctx context.Context, id string, by auth.Caller, req Req) (*rooms.Room, *play.State, error)) {
	var req Req
	if !s.decodeBody(c, &req, false) {
		return
	}
	s.roomChange(c, func(ctx context.Context, id string, by auth.Caller) (*rooms.Room, *play.State, error) {
		return change(ctx, id, by, req)
	})
}

// joinRoom godoc
//
//	@Summary		Join a shared replay room
//	@Description	The signed-in player becomes a member of the room (a member already changes nothing); a room with nobody leading gets them as its leader. A member stays while they read the room (its stream, whose heartbeat counts, a long-poll, a read): one who reads nothing of it for two minutes has gone and leaves, as by leaveRoom. A room holds 64 members: a 403 says it is full (of members all there).
//	@ID				joinRoom
//	@Tags			rooms
//	@Produce		json
//	@Param			id	path		string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView
//	@Failure		403	{object}	Problem	"forbidden: the room is full, or a private table's game, whose players alone share its replay"
//	@Failure		409	{object}	Problem	"deal_in_play: the player plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/members [post]
func (s *Server) joinRoom(c *gin.Context) { s.roomChange(c, s.rooms.Join) }

// leaveRoom godoc
//
//	@Summary		Leave a shared replay room
//	@Description	The signed-in player leaves the room; a leader who leaves passes the lead to the member who came first of those who stay. A player not in the room changes nothing.
//	@ID				leaveRoom
//	@Tags			rooms
//	@Param			id	path	string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		204
//	@Router			/rooms/{id}/members/me [delete]
func (s *Server) leaveRoom(c *gin.Context) {
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	if _, _, err := s.rooms.Leave(ctx, c.Param("id"), callerOf(c)); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// handOverRoom godoc
//
//	@Summary		Hand the lead over
//	@Description	The leader makes another member the leader.
//	@ID				handOverRoom
//	@Tags			rooms
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string				true	"room id"
//	@Param			body	body		RoomLeaderRequest	true	"the member who leads"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		400		{object}	Problem	"bad_request: not a member"
//	@Failure		403		{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/leader [put]
func (s *Server) handOverRoom(c *gin.Context) {
	changeRoomWith(s, c, func(ctx context.Context, id string, by auth.Caller, req RoomLeaderRequest) (*rooms.Room, *play.State, error) {
		return s.rooms.HandOver(ctx, id, by, req.Player)
	})
}

// setRoomTurn godoc
//
//	@Summary		Show every member a turn
//	@Description	The leader shows every member the game after turn moves (0 is the deal, the last its end); the hypothetical moves and the pointer go.
//	@ID				setRoomTurn
//	@Tags			rooms
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string			true	"room id"
//	@Param			body	body		RoomTurnRequest	true	"the turn"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		400		{object}	Problem	"bad_request: a turn the game does not have"
//	@Failure		403		{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/turn [put]
func (s *Server) setRoomTurn(c *gin.Context) {
	changeRoomWith(s, c, func(ctx context.Context, id string, by auth.Caller, req RoomTurnRequest) (*rooms.Room, *play.State, error) {
		if req.Turn < 0 || req.Turn > maxSeq {
			return nil, nil, badRequest("turn must be 0–%d", maxSeq)
		}
		return s.rooms.SetTurn(ctx, id, by, req.Turn)
	})
}

// pointRoom godoc
//
//	@Summary		Point at a card
//	@Description	The leader points every member at a card, by its id.
//	@ID				pointRoom
//	@Tags			rooms
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string				true	"room id"
//	@Param			body	body		RoomPointerRequest	true	"the card"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		400		{object}	Problem	"bad_request: not a card of the deck"
//	@Failure		403		{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/pointer [put]
func (s *Server) pointRoom(c *gin.Context) {
	changeRoomWith(s, c, func(ctx context.Context, id string, by auth.Caller, req RoomPointerRequest) (*rooms.Room, *play.State, error) {
		// -1 is no card to the rooms' service: only DELETE takes the
		// pointer away.
		if req.Card < 0 || req.Card > maxSeq {
			return nil, nil, badRequest("card must be a card id 0–%d", maxSeq)
		}
		return s.rooms.Point(ctx, id, by, req.Card)
	})
}

// unpointRoom godoc
//
//	@Summary		Point at no card
//	@Description	The leader takes the pointer away.
//	@ID				unpointRoom
//	@Tags			rooms
//	@Produce		json
//	@Param			id	path		string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView
//	@Failure		403	{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/pointer [delete]
func (s *Server) unpointRoom(c *gin.Context) {
	s.roomChange(c, func(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error) {
		return s.rooms.Point(ctx, id, p, -1)
	})
}

// hypothesize godoc
//
//	@Summary		Play a hypothetical move
//	@Description	The leader plays a move, as the board's seat to act, on the board: the game at the room's turn after the hypothetical moves so far. The engine judges it as it judges a game's move: a move it refuses is a 422 illegal_action with its reason, and changes nothing. Every member sees it. The deck is the game's own: a draw draws the card the game dealt next.
//	@ID				hypothesize
//	@Tags			rooms
//	@Accept			json
//	@Produce		json
//	@Param			id		path		string			true	"room id"
//	@Param			action	body		PlayAction		true	"play a card"
//	@Param			action	body		DiscardAction	true	"discard a card"
//	@Param			action	body		ClueAction		true	"a clue: target and exactly one of color or rank"
//	@x-body-name	"HypotheticalMove"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	RoomView
//	@Failure		403		{object}	Problem	"forbidden: not the leader"
//	@Failure		409		{object}	Problem	"game_not_active: the board's game is over; deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Failure		422		{object}	Problem	"illegal_action, with reason"
//	@Router			/rooms/{id}/hypothetical [post]
func (s *Server) hypothesize(c *gin.Context) {
	data, err := s.readBody(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	req, err := decodeAction(data)
	if err == nil && req.Version != nil {
		err = badRequest("a hypothetical move takes no version")
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	s.roomChange(c, func(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error) {
		return s.rooms.Hypothesize(ctx, id, p, moveOf(req))
	})
}

// undoHypothetical godoc
//
//	@Summary		Take back the last hypothetical move
//	@Description	The leader takes back the board's last hypothetical move; with none, 400.
//	@ID				undoHypothetical
//	@Tags			rooms
//	@Produce		json
//	@Param			id	path		string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView
//	@Failure		400	{object}	Problem	"bad_request: no hypothetical move"
//	@Failure		403	{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/hypothetical/last [delete]
func (s *Server) undoHypothetical(c *gin.Context) {
	s.roomChange(c, func(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error) {
		return s.rooms.Undo(ctx, id, p, false)
	})
}

// endHypothetical godoc
//
//	@Summary		End the hypothetical line
//	@Description	The leader takes every hypothetical move back: the board is the game at the room's turn again; with none, 400.
//	@ID				endHypothetical
//	@Tags			rooms
//	@Produce		json
//	@Param			id	path		string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView
//	@Failure		400	{object}	Problem	"bad_request: no hypothetical move"
//	@Failure		403	{object}	Problem	"forbidden: not the leader"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/hypothetical [delete]
func (s *Server) endHypothetical(c *gin.Context) {
	s.roomChange(c, func(ctx context.Context, id string, p auth.Caller) (*rooms.Room, *play.State, error) {
		return s.rooms.Undo(ctx, id, p, true)
	})
}

// playAgain godoc
//
//	@Summary		Play again
//	@Description	The leader, a player of the replayed game, opens its rematch, as POST /games/{id}/rematch does: the same variant, options and player count at a new deal, its signed-in players and bots seated at once, one seat on. The room's next_game names the new table, so that every member is told. A leader who did not play the game is refused (403).
//	@ID				playAgain
//	@Tags			rooms
//	@Produce		json
//	@Param			id	path		string	true	"room id"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200	{object}	RoomView
//	@Failure		403	{object}	Problem	"forbidden: not the leader, or the leader did not play the game"
//	@Failure		409	{object}	Problem	"deal_in_play: the leader plays the room's game's shared deal at another table, until that game ends"
//	@Router			/rooms/{id}/again [post]
func (s *Server) playAgain(c *gin.Context) {
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	r, st, err := s.rooms.Again(ctx, c.Param("id"), callerOf(c))
	s.answerRoom(c, http.StatusOK, r, st, err)
}
