package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/rooms"
)

// Who reads what: the players online and where (GET /lobby/online), and a
// table's watchers (GET /games/{id}/watchers), as rooms.Readers records them.

// OnlinePlayer is a signed-in player online: reading the lobby, a table
// (seated or watching) or a shared replay room within the last minute.
// game_id is the table (null elsewhere, and at an unlisted table, which is
// found by its link alone); room_id the replay room (null elsewhere).
type OnlinePlayer struct {
	Name   string  `json:"name" example:"Alice"`
	Bot    bool    `json:"bot" example:"false"`
	Where  string  `json:"where" enums:"lobby,table,room" example:"table"`
	GameID *string `json:"game_id" example:"k3j9x0c2m4n5b6v7" extensions:"x-nullable"`
	RoomID *string `json:"room_id" example:"r8c2m4n5b6v7k3j9" extensions:"x-nullable"`
}

// OnlineList is who is online now, by name.
type OnlineList struct {
	Players []OnlinePlayer `json:"players"`
}

func onlinePlayer(name string, bot bool, where, id string) OnlinePlayer {
	p := OnlinePlayer{Name: name, Bot: bot, Where: where}
	switch {
	case id == "":
	case where == rooms.AtTable:
		p.GameID = ptr(id)
	case where == rooms.AtRoom:
		p.RoomID = ptr(id)
	}
	return p
}

// seenAt records that the request's reader, when a signed-in player, reads
// place now.
func (s *Server) seenAt(c *gin.Context, place rooms.Place) {
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	s.readers.At(ctx, callerOf(c), place)
}

// seenAtTable records a signed-in reader of the game in the path at its
// table (see rooms.Readers.AtTable).
func (s *Server) seenAtTable(c *gin.Context, shadow int) {
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	s.readers.AtTable(ctx, callerOf(c), c.Param("id"), shadow, c.Query("secret"))
}

// getOnline godoc
//
//	@Summary		Who is online, and where
//	@Description	The signed-in players reading the lobby, a table (seated or watching) or a shared replay room within the last minute, by name: where each is, with the table's or the room's id (never an unlisted table's, nor that of a room on its game). A table or a room outranks the lobby: a player reading both is where they play or watch. To follow the list, read it once and then the lobby's events (getLobbyEvents or its streams): an `online` event says a player came or moved, an `offline` event that one went silent for a minute and dropped off (told within about a quarter of a minute more, while anyone reads the lobby). Read the list after taking the lobby's cursor: the events after it apply to the list as it is read, and applying one twice changes nothing.
//	@ID				getOnline
//	@Tags			lobby
//	@Produce		json
//	@Success		200		{object}	OnlineList
//	@Router			/lobby/online [get]
func (s *Server) getOnline(c *gin.Context) {
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	ps, err := s.online.List(ctx)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := OnlineList{Players: make([]OnlinePlayer, 0, len(ps))}
	for _, p := range ps {
		out.Players = append(out.Players, onlinePlayer(p.Name, p.Bot, p.Place.Kind, p.Place.ID))
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, out)
}

// WatcherView is a signed-in spectator of the table: shadow is the seat
// whose view they read (?shadow=N), null when they see every hand.
type WatcherView struct {
	Name   string `json:"name" example:"Dave"`
	Bot    bool   `json:"bot" example:"false"`
	Shadow *int   `json:"shadow" example:"1" extensions:"x-nullable"`
}

// WatcherList is who watches the table.
type WatcherList struct {
	Watchers []WatcherView `json:"watchers"`
}

// getWatchers godoc
//
//	@Summary		Who watches the table
//	@Description	The signed-in spectators reading the game now (their view, long-poll or stream within the last minute), by name: whether each sees every hand or shadows a seat. Anyone who may read the game may read its watchers. Spectators without an account are not listed.
//	@ID				getWatchers
//	@Tags			games
//	@Produce		json
//	@Param			id		path		string	true	"game id"
//	@Param			secret	query		string	false	"a private table's join secret, for a spectator"	maxLength(64)
//	@Success		200		{object}	WatcherList
//	@Failure		403		{object}	Problem	"forbidden or spectators_closed"
//	@x-optional-token	true
//	@Failure		409		{object}	Problem	"deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Router			/games/{id}/watchers [get]
func (s *Server) getWatchers(c *gin.Context) {
	ctx := c.Request.Context()
	st, err := s.games.Load(ctx, c.Param("id"))
	if err == nil {
		_, err = s.admit(c, st, park.State)
	}
	var ws []rooms.Watcher
	if err == nil {
		ws, err = s.watchers.List(ctx, st.ID)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	out := WatcherList{Watchers: make([]WatcherView, 0, len(ws))}
	seated := map[string]bool{}
	for _, seat := range st.Seats {
		seated[seat.Player] = seat.Player != ""
	}
	for _, w := range ws {
		if seated[w.Player] {
			continue // watched before taking a seat: a player now
		}
		v := WatcherView{Name: w.Name, Bot: w.Bot}
		if w.Shadow >= 0 {
			v.Shadow = ptr(w.Shadow)
		}
		out.Watchers = append(out.Watchers, v)
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, out)
}
