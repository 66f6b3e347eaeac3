package api

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// Lobby is the live lobby as the API reads it; rooms.Lobby is it.
type Lobby interface {
	Follow() *feed.Watch[struct{}]
	Events(ctx context.Context, after int64, limit int) ([]rooms.LobbyEvent, error)
	Recent(ctx context.Context) ([]rooms.LobbyEvent, int64, error)
	Say(ctx context.Context, by auth.Caller, text string) (rooms.LobbyEvent, error)
}

// lobbyPage bounds the events of one answer; a reader behind asks again.
const lobbyPage = 200

// LobbyTableEvent is a change of a listed table: it was created, a seat of
// it was taken or given up, it started, or it is gone (it ended or was
// cancelled). game is the table as it is now, null once it is gone.
type LobbyTableEvent struct {
	ID     int64        `json:"id" example:"812"`
	Type   string       `json:"type" enums:"table" example:"table"`
	Change string       `json:"change" enums:"created,seat,started,gone" example:"seat"`
	GameID string       `json:"game_id" example:"k3j9x0c2m4n5b6v7"`
	Game   *GameSummary `json:"game" extensions:"x-nullable"`
	At     time.Time    `json:"at" example:"2026-11-27T16:00:00Z"`
}

// LobbyChatEvent is a line of the lobby's chat, said by a signed-in
// player (bot: a bot account's).
type LobbyChatEvent struct {
	ID   int64     `json:"id" example:"813"`
	Type string    `json:"type" enums:"chat" example:"chat"`
	From string    `json:"from" example:"Alice"`
	Bot  bool      `json:"bot" example:"false"`
	Text string    `json:"text" example:"anyone for a game of Farbrausch?"`
	At   time.Time `json:"at" example:"2026-11-27T16:00:00Z"`
}

// LobbyOnlineEvent: a signed-in player came online or moved; where they
// are now, as getOnline lists them. Each change is told once.
type LobbyOnlineEvent struct {
	ID     int64     `json:"id" example:"814"`
	Type   string    `json:"type" enums:"online" example:"online"`
	Name   string    `json:"name" example:"Alice"`
	Bot    bool      `json:"bot" example:"false"`
	Where  string    `json:"where" enums:"lobby,table,room" example:"table"`
	GameID *string   `json:"game_id" example:"k3j9x0c2m4n5b6v7" extensions:"x-nullable"`
	RoomID *string   `json:"room_id" example:"r8c2m4n5b6v7k3j9" extensions:"x-nullable"`
	At     time.Time `json:"at" example:"2026-11-27T16:00:00Z"`
}

// LobbyOfflineEvent: a signed-in player went silent for a minute and is
// no longer online.
type LobbyOfflineEvent struct {
	ID   int64     `json:"id" example:"815"`
	Type string    `json:"type" enums:"offline" example:"offline"`
	Name string    `json:"name" example:"Alice"`
	Bot  bool      `json:"bot" example:"false"`
	At   time.Time `json:"at" example:"2026-11-27T16:01:00Z"`
}

// LobbyEventItem is one lobby event: a LobbyTableEvent, a LobbyChatEvent,
// a LobbyOnlineEvent or a LobbyOfflineEvent, told apart by type; this
// struct is their union, as a client may read it.
type LobbyEventItem struct {
	ID     int64        `json:"id"`
	Type   string       `json:"type"`
	Change string       `json:"change,omitempty"`
	GameID string       `json:"game_id,omitempty"`
	Game   *GameSummary `json:"game,omitempty"`
	From   string       `json:"from,omitempty"`
	Name   string       `json:"name,omitempty"`
	Bot    bool         `json:"bot,omitempty"`
	Text   string       `json:"text,omitempty"`
	Where  string       `json:"where,omitempty"`
	RoomID string       `json:"room_id,omitempty"`
	At     time.Time    `json:"at"`
}

// LobbyEvents is a page of the lobby's events, oldest first.
type LobbyEvents struct {
	Events []LobbyEventItem `json:"events" oneOf:"LobbyTableEvent,LobbyChatEvent,LobbyOnlineEvent,LobbyOfflineEvent"`
	// Last is the id of the last event the answer covers: the next
	// request's after.
	Last int64 `json:"last" example:"813"`
}

// LobbyChatRequest is a line for the lobby's chat.
type LobbyChatRequest struct {
	Text string `json:"text" example:"anyone for a game?" minLength:"1" maxLength:"300" pattern:"^[^\\x00-\\x1f\\x7f]*$"`
}

// getLobbyEvents godoc
//
//	@Summary		The live lobby (long-poll)
//	@Description	The lobby's events with id > after, oldest first: each change of a listed table (created, a seat taken or given up, started, gone), told once, with the table as it is now; and the lobby's chat; and who comes online or moves (online: where they are now, as getOnline lists them) and who drops off after a silent minute (offline), each told once whichever replica saw it. A signed-in reader is itself online, in the lobby. Without after, the chat's last 50 lines, and last to follow from. With wait, the request is held until an event exists or wait runs out (then the list is empty). A signed-in reader (player token) does not get the lines of the players it muted. To follow it as it happens, read it as a stream: streamLobbySSE or streamLobbyNDJSON.
//	@ID				getLobbyEvents
//	@x-optional-token	true
//	@Tags			lobby
//	@Produce		json
//	@Param			after	query		int		false	"last id the caller has seen"	minimum(0)
//	@Param			wait	query		string	false	"how long to wait for an event: a Go duration (30s) or seconds, capped by the server"
//	@Success		200		{object}	LobbyEvents
//	@Failure		401		{object}	Problem	"unauthorized: a player token that does not work"
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is older than the lobby keeps (a day of table changes, its last 50 chat lines), so events after it may be gone: read again without it"
//	@Router			/lobby/events [get]
func (s *Server) getLobbyEvents(c *gin.Context) {
	after, given, wait, err := s.from(c, "after", false)
	if err != nil {
		s.fail(c, err)
		return
	}
	src, ok := s.lobbyFeed(c, !given)
	if !ok {
		return
	}
	defer src.w.Close()
	s.pollPage(c, src, feed.Pos{N: after, Sub: -1}, wait)
}

// lobbyFeed is the lobby as one reader follows it: a feed of the lobby's
// events by id, the lines of the players it muted left out; recent, until
// its first read, for a reader who gave no position: the chat's last lines
// first. A signed-in reader is online, in the lobby, from now on, and the
// players gone silent go.
type lobbyFeed struct {
	s      *Server
	w      *feed.Watch[struct{}]
	recent bool
	muted  players.Mutes
}

// inLobby records a signed-in reader of the lobby as online there; and
// somebody reading it is the time to tell who went silent.
func (s *Server) inLobby(c *gin.Context) {
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	s.readers.At(ctx, callerOf(c), rooms.Place{Kind: rooms.AtLobby})
	s.readers.Sweep(ctx)
}

// lobbyFeed is the request's lobby feed, or false once it answered the
// request.
func (s *Server) lobbyFeed(c *gin.Context, recent bool) (*lobbyFeed, bool) {
	muted, err := s.muted(c)
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	s.inLobby(c)
	return &lobbyFeed{s: s, w: s.lobby.Follow(), recent: recent, muted: muted}, true
}

func (l *lobbyFeed) Changed() <-chan struct{} { return l.w.Changed() }

func (l *lobbyFeed) Read(ctx context.Context, after feed.Pos, _ bool) (feed.Page, error) {
	evs, last, err := l.s.lobbyRead(ctx, after.N, l.recent)
	if err != nil {
		return feed.Page{}, err
	}
	l.recent = false
	page := feed.Page{Last: feed.Pos{N: last, Sub: -1}, More: len(evs) == lobbyPage}
	for _, e := range evs {
		if item, ok := l.s.lobbyItem(ctx, e, l.muted); ok {
			page.Entries = append(page.Entries, feed.Entry{Pos: feed.Pos{N: item.ID, Sub: -1}, Type: item.Type, Data: lobbyJSON(item)})
		}
	}
	return page, nil
}

// lobbyRead is the events after after (or, recent, those a reader who
// comes in sees) and the id they reach.
func (s *Server) lobbyRead(ctx context.Context, after int64, recent bool) ([]rooms.LobbyEvent, int64, error) {
	rctx, cancel := s.storeCtx(ctx)
	defer cancel()
	if recent {
		return s.lobby.Recent(rctx)
	}
	evs, err := s.lobby.Events(rctx, after, lobbyPage)
	last := after
	if len(evs) > 0 {
		last = evs[len(evs)-1].ID
	}
	return evs, last, err
}

// lobbyItem is e as the API writes it, with a table's summary as it is
// now; false for a line the reader muted.
func (s *Server) lobbyItem(ctx context.Context, e rooms.LobbyEvent, muted players.Mutes) (LobbyEventItem, bool) {
	switch e.Kind {
	case rooms.PlayerOnline:
		p := onlinePlayer(e.Name, e.Bot, e.Where, e.Game)
		item := LobbyEventItem{ID: e.ID, Type: e.Kind, Name: e.Name, Bot: e.Bot, Where: e.Where, At: e.At.UTC()}
		item.GameID, item.RoomID = deref(p.GameID), deref(p.RoomID)
		return item, true
	case rooms.PlayerOffline:
		return LobbyEventItem{ID: e.ID, Type: e.Kind, Name: e.Name, Bot: e.Bot, At: e.At.UTC()}, true
	}
	if e.Kind == rooms.LobbyChat {
		if muted.Hides(e.PlayerID) {
			return LobbyEventItem{}, false
		}
		return LobbyEventItem{ID: e.ID, Type: "chat", From: e.Name, Bot: e.Bot, Text: e.Text, At: e.At.UTC()}, true
	}
	item := LobbyEventItem{ID: e.ID, Type: "table", Change: e.Kind, GameID: e.Game, At: e.At.UTC()}
	if e.Kind != rooms.TableGone {
		if st, err := s.games.Load(ctx, e.Game); err == nil && !st.Unlisted {
			sum := summaryOf(st.Listing())
			item.Game = &sum
		}
	}
	return item, true
}

// lobbyJSON writes an item as the member of the union its type names.
func lobbyJSON(item LobbyEventItem) []byte {
	var v any = LobbyChatEvent{ID: item.ID, Type: item.Type, From: item.From, Bot: item.Bot, Text: item.Text, At: item.At}
	switch item.Type {
	case "table":
		v = LobbyTableEvent{ID: item.ID, Type: item.Type, Change: item.Change, GameID: item.GameID, Game: item.Game, At: item.At}
	case rooms.PlayerOnline:
		p := onlinePlayer(item.Name, item.Bot, item.Where, item.GameID+item.RoomID)
		v = LobbyOnlineEvent{ID: item.ID, Type: item.Type, Name: item.Name, Bot: item.Bot, Where: item.Where, GameID: p.GameID, RoomID: p.RoomID, At: item.At}
	case rooms.PlayerOffline:
		v = LobbyOfflineEvent{ID: item.ID, Type: item.Type, Name: item.Name, Bot: item.Bot, At: item.At}
	}
	b, _ := json.Marshal(v)
	return b
}

// MarshalJSON writes the item as the member of the union its type names.
func (i LobbyEventItem) MarshalJSON() ([]byte, error) { return lobbyJSON(i), nil }

// streamLobbySSE godoc
//
//	@Summary		The live lobby, as Server-Sent Events
//	@Description	Every event of getLobbyEvents with id > after (or > Last-Event-ID, which wins; with neither, the chat's last 50 lines), then each new one as it happens, as "id: <id>", "event: <type>" and "data: <the event JSON>". A comment line comes at least every 15 s while nothing happens.
//	@ID				streamLobbySSE
//	@x-optional-token	true
//	@Tags			lobby
//	@Produce		text/event-stream
//	@Param			after			query		int		false	"last id the caller has seen"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"last id the caller has seen (digits); wins over after"
//	@Success		200		{string}	string	"a stream of Server-Sent Events, the data of each a LobbyTableEvent, a LobbyChatEvent, a LobbyOnlineEvent or a LobbyOfflineEvent"
//	@x-stream-item	"LobbyEventItem"
//	@Failure		401		{object}	Problem	"unauthorized: a player token that does not work"
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is older than the lobby keeps (a day of table changes, its last 50 chat lines), so events after it may be gone: read again without it"
//	@Router			/lobby/events/sse [get]
func (s *Server) streamLobbySSE(c *gin.Context) { s.streamLobby(c, sseStream) }

// streamLobbyNDJSON godoc
//
//	@Summary		The live lobby, one JSON object a line
//	@Description	The events of streamLobbySSE, each on a line of its own; an empty line is the heartbeat.
//	@ID				streamLobbyNDJSON
//	@x-optional-token	true
//	@Tags			lobby
//	@Produce		application/x-ndjson
//	@Param			after			query		int		false	"last id the caller has seen"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"last id the caller has seen (digits); wins over after"
//	@Success		200		{object}	LobbyEventItem	"a stream of lobby events, one a line"
//	@x-stream-item	"LobbyEventItem"
//	@Failure		401		{object}	Problem	"unauthorized: a player token that does not work"
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is older than the lobby keeps (a day of table changes, its last 50 chat lines), so events after it may be gone: read again without it"
//	@Router			/lobby/events/ndjson [get]
func (s *Server) streamLobbyNDJSON(c *gin.Context) { s.streamLobby(c, ndjsonStream) }

func (s *Server) streamLobby(c *gin.Context, format streamFormat) {
	after, given, _, err := s.from(c, "after", true)
	if err != nil {
		s.fail(c, err)
		return
	}
	src, ok := s.lobbyFeed(c, !given)
	if !ok {
		return
	}
	// A signed-in reader is still in the lobby at each heartbeat.
	beaten := s.inLobby
	s.stream(c, src, feed.Pos{N: after, Sub: -1}, format, src.w.Close, beaten)
}

// sayInLobby godoc
//
//	@Summary		Say a line in the lobby's chat
//	@Description	A signed-in player says a line of 1–300 characters (text only: no markup is rendered from it) in the lobby's chat: every reader of the lobby's events gets it, but those who muted the player. The lobby keeps its last 50 lines for those who come in. A sayer's lines are limited to a burst of five, then one every two seconds (429 with Retry-After).
//	@ID				sayInLobby
//	@Tags			lobby
//	@Accept			json
//	@Produce		json
//	@Param			body	body		LobbyChatRequest	true	"the line"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201		{object}	LobbyChatEvent
//	@Failure		400		{object}	Problem	"bad_request: an empty line or one over 300 characters; invalid_text: a control or format character (bidirectional, invisible), or bytes that are not UTF-8"
//	@Router			/lobby/chat [post]
func (s *Server) sayInLobby(c *gin.Context) {
	var req LobbyChatRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	by := callerOf(c)
	if ok, wait := s.chatLimits.allow("lobby "+by.Key(), s.now()); !ok {
		s.tooMany(c, wait)
		return
	}
	ctx, cancel := s.changeCtx(c)
	defer cancel()
	e, err := s.lobby.Say(ctx, by, req.Text)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, LobbyChatEvent{ID: e.ID, Type: "chat", From: e.Name, Bot: e.Bot, Text: e.Text, At: e.At.UTC()})
}
