package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/rooms"
)

// Online is who is online and where, as the API reads it; rooms.Online is
// it.
type Online interface {
	Seen(ctx context.Context, p rooms.Presence) error
	List(ctx context.Context) ([]rooms.Presence, error)
	Sweep(ctx context.Context)
}

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
	if by := callerOf(c); by.SignedIn() {
		s.see(c, rooms.Presence{Player: by.Account.ID, Name: by.Account.Name, Bot: by.Account.Bot, Place: place})
	}
}

// see records p: presence is best-effort, and its failure fails no read.
func (s *Server) see(c *gin.Context, p rooms.Presence) {
	if s.online == nil {
		return
	}
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	if err := s.online.Seen(ctx, p); err != nil && ctx.Err() == nil {
		s.log.Warn("could not record a player online", "err", err.Error())
	}
}

// seenAtTable records a signed-in reader of the game in the path at its
// table: by their player's token, or by the token of a seat a signed-in
// player took (the page plays with the seat's); and a signed-in spectator
// (shadowing seat shadow, or -1) as watching it. Only a reader the table
// admits is recorded: a spectator refused (a closed table, a private one
// without its secret) watches nothing. An unlisted table is told without
// its id. Presence is best-effort, and its failure fails no read.
func (s *Server) seenAtTable(c *gin.Context, shadow int) {
	by := callerOf(c)
	watcher := !by.Seated() && by.SignedIn() && s.watchers != nil
	if by.Account == nil || s.online == nil && !watcher {
		return
	}
	id := c.Param("id")
	key := id + " " + by.Key() + " " + itoa(shadow)
	// A reader reads its table many times a turn: the game is loaded for
	// its presence at most every rooms.SeenEvery, never on each read.
	if !s.tableSeen.Due(key, struct{}{}, time.Now()) {
		return
	}
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	st, err := s.games.Load(ctx, id)
	if err != nil {
		return // no such game: nowhere to be
	}
	if !by.Seated() {
		if _, err := play.AdmitWatcher(st, play.Watcher{SignedIn: true, Shadow: shadow, Secret: c.Query("secret")}); err != nil {
			return
		}
	}
	who := by.Account
	if watcher {
		w := rooms.Watcher{Player: who.ID, Name: who.Name, Bot: who.Bot, Shadow: shadow}
		if err := s.watchers.Seen(ctx, st.ID, w); err != nil && ctx.Err() == nil {
			s.log.Warn("could not record a watcher", "game", st.ID, "err", err.Error())
		}
	}
	p := rooms.Presence{Player: who.ID, Name: who.Name, Bot: who.Bot, Place: rooms.Place{Kind: rooms.AtTable, ID: st.ID}}
	if st.Unlisted {
		p.Place.ID = ""
	}
	s.see(c, p)
}

// sweepOnline drops the players gone silent, for a reader of the lobby.
func (s *Server) sweepOnline(ctx context.Context) {
	if s.online == nil {
		return
	}
	ctx, cancel := s.storeCtx(ctx)
	defer cancel()
	s.online.Sweep(ctx)
}

// getOnline godoc
//
//	@Summary		Who is online, and where
//	@Description	The signed-in players reading the lobby, a table (seated or watching) or a shared replay room within the last minute, by name: where each is, with the table's or the room's id (an unlisted table's is never told). A table or a room outranks the lobby: a player reading both is where they play or watch. To follow the list, read it once and then the lobby's events (getLobbyEvents or its streams): an `online` event says a player came or moved, an `offline` event that one went silent for a minute and dropped off (told within about a quarter of a minute more, while anyone reads the lobby). Read the list after taking the lobby's cursor: the events after it apply to the list as it is read, and applying one twice changes nothing.
//	@ID				getOnline
//	@Tags			lobby
//	@Produce		json
//	@Success		200		{object}	OnlineList
//	@Failure		429		{object}	Problem	"rate_limited"
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
