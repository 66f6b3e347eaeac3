package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/rooms"
)

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
//	@Description	The signed-in players reading the lobby, a table (seated or watching) or a shared replay room within the last minute, by name: where each is, with the table's or the room's id (an unlisted table's is never told). A table or a room outranks the lobby: a player reading both is where they play or watch. To follow the list, read it once and then the lobby's events (getLobbyEvents or its streams): an `online` event says a player came or moved, an `offline` event that one went silent for a minute and dropped off (told within about a quarter of a minute more, while anyone reads the lobby). Read the list after taking the lobby's cursor: the events after it apply to the list as it is read, and applying one twice changes nothing.
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
