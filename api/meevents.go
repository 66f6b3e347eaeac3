package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// Feed is the players' events as the API reads them; players.Feed is it.
type Feed interface {
	Follow(playerID string) *feed.Watch[string]
	Events(ctx context.Context, p players.Player, after int64, limit int) ([]players.Event, error)
	Invite(ctx context.Context, invitee players.Player, inv play.Invitation, at time.Time) error
}

// PlayerEvent is one thing that concerns the signed-in player across all
// games: a table they sit at "started", it is their "turn", a game
// "ended", they were "invited" to a table. seq orders them; a client that
// reconnects passes the last one it saw.
type PlayerEvent struct {
	Seq  int64  `json:"seq" example:"42"`
	Type string `json:"type" enums:"started,turn,ended,invited" example:"turn"`
	Game string `json:"game" example:"k3j9x0c2m4n5b6v7"`
	// Seat is the player's seat in the game, null for an invitation.
	Seat *int `json:"seat" example:"1" extensions:"x-nullable"`
	// Version is the game's version the event is of (0 for an
	// invitation): a view at or past it is up to date.
	Version int64     `json:"version" example:"17"`
	At      time.Time `json:"at" example:"2026-11-27T16:00:00Z"`
	// From is who invited the player, Secret a private table's join
	// secret; null for other events.
	From   *string `json:"from" example:"Alice" extensions:"x-nullable"`
	Secret *string `json:"secret" example:"n5q2x7kd3mzr4c6b" extensions:"x-nullable"`
}

// PlayerEvents is the player's events after a seq, oldest first.
type PlayerEvents struct {
	Events []PlayerEvent `json:"events"`
	// Last is the seq of the last event listed, or the after asked for
	// when none: the next request's after.
	Last int64 `json:"last" example:"42"`
}

// InviteRequest names the player invited.
type InviteRequest struct {
	Player string `json:"player" example:"Robo" minLength:"2" maxLength:"20" pattern:"^[^\\x00-\\x2c\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x9f]+$"`
}

func playerEvent(e players.Event) PlayerEvent {
	out := PlayerEvent{Seq: e.Seq, Type: e.Kind, Game: e.Game, Version: e.Version, At: e.At.UTC()}
	if e.Kind == players.EventInvited {
		from, secret, _ := strings.Cut(e.Detail, "\n")
		out.From = &from
		if secret != "" {
			out.Secret = &secret
		}
	} else {
		out.Seat = ptr(e.Seat)
	}
	return out
}

// getMyEvents godoc
//
//	@Summary		What concerns the signed-in player (long-poll)
//	@Description	The player's events with seq > after, oldest first: a table they sit at started, it is their turn, a game ended, they were invited to a table (with a private table's join secret). With wait, the request is held until one exists or wait runs out (then the list is empty). One feed for all of the player's games: a bot serves any number of tables from it, acting with the same token (a player's token speaks for the seat its player holds). To follow it as it happens, read it as a stream: streamMyEvents or streamMyEventsNDJSON.
//	@ID				getMyEvents
//	@Tags			players
//	@Produce		json
//	@Param			after	query		int		false	"last seq the caller has seen (default 0)"	minimum(0)
//	@Param			wait	query		string	false	"how long to wait for an event: a Go duration (30s) or seconds, capped by the server"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	PlayerEvents
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is before one of the player's events that is no longer kept (a week), which the caller has not read: read again from 0"
//	@Router			/me/events [get]
func (s *Server) getMyEvents(c *gin.Context) {
	after, _, wait, err := s.from(c, "after", false)
	if err != nil {
		s.fail(c, err)
		return
	}
	src := s.playerFeed(c)
	defer src.w.Close()
	s.pollPage(c, src, feed.Pos{N: after, Sub: -1}, wait)
}

// playerFeed is the signed-in player's events, by seq.
type playerFeed struct {
	s  *Server
	w  *feed.Watch[string]
	me players.Player
}

func (s *Server) playerFeed(c *gin.Context) *playerFeed {
	me := players.PlayerOf(callerOf(c))
	return &playerFeed{s: s, w: s.feed.Follow(me.ID), me: me}
}

func (p *playerFeed) Changed() <-chan struct{} { return p.w.Changed() }

func (p *playerFeed) Read(ctx context.Context, after feed.Pos, _ bool) (feed.Page, error) {
	ctx, cancel := p.s.storeCtx(ctx)
	defer cancel()
	evs, err := p.s.feed.Events(ctx, p.me, after.N, players.MaxEvents)
	if err != nil {
		return feed.Page{}, err
	}
	page := feed.Page{Last: after, More: len(evs) == players.MaxEvents}
	for _, e := range evs {
		data, _ := json.Marshal(playerEvent(e))
		page.Last = feed.Pos{N: e.Seq, Sub: -1}
		page.Entries = append(page.Entries, feed.Entry{Pos: page.Last, Type: e.Kind, Data: data})
	}
	return page, nil
}

// int64Query reads a non-negative integer query parameter (0 when absent).
func int64Query(c *gin.Context, name string) (int64, error) {
	n, err := intQuery(c, name, 0, 0, 1<<62)
	return int64(n), err
}

// streamMyEvents godoc
//
//	@Summary		What concerns the signed-in player, as Server-Sent Events
//	@Description	Every event of getMyEvents with seq > after (or > Last-Event-ID, which wins), then each new one as it happens, as "id: <seq>", "event: <type>" and "data: <the event JSON>". A comment line comes at least every 15 s while nothing happens; the stream ends when the token stops working (signed out, revoked) or the server shuts down.
//	@ID				streamMyEvents
//	@Tags			players
//	@Produce		text/event-stream
//	@Param			after			query		int		false	"last seq the caller has seen (default 0)"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"last seq the caller has seen (digits); wins over after"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{string}	string	"a stream of Server-Sent Events, the data of each a PlayerEvent"
//	@x-stream-item	"PlayerEvent"
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is before one of the player's events that is no longer kept (a week), which the caller has not read: read again from 0"
//	@Router			/me/events/sse [get]
func (s *Server) streamMyEventsSSE(c *gin.Context) { s.streamMyEvents(c, sseStream) }

// streamMyEventsNDJSON godoc
//
//	@Summary		What concerns the signed-in player, one JSON object a line
//	@Description	The events of streamMyEvents, each a PlayerEvent on a line of its own; an empty line is the heartbeat.
//	@ID				streamMyEventsNDJSON
//	@Tags			players
//	@Produce		application/x-ndjson
//	@Param			after			query		int		false	"last seq the caller has seen (default 0)"	minimum(0)
//	@Param			Last-Event-ID	header		string	false	"last seq the caller has seen (digits); wins over after"
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		200		{object}	PlayerEvent	"a stream of PlayerEvents, one a line"
//	@x-stream-item	"PlayerEvent"
//	@Failure		410		{object}	Problem	"cursor_expired: after (or Last-Event-ID) is before one of the player's events that is no longer kept (a week), which the caller has not read: read again from 0"
//	@Router			/me/events/ndjson [get]
func (s *Server) streamMyEventsNDJSON(c *gin.Context) { s.streamMyEvents(c, ndjsonStream) }

func (s *Server) streamMyEvents(c *gin.Context, format streamFormat) {
	after, _, _, err := s.from(c, "after", true)
	if err != nil {
		s.fail(c, err)
		return
	}
	src := s.playerFeed(c)
	s.stream(c, src, feed.Pos{N: after, Sub: -1}, format, src.w.Close, nil)
}

// invite godoc
//
//	@Summary		Invite a player to the table
//	@Description	A seated signed-in player (the seat's token or their player's token) invites another player to the lobby: an "invited" event reaches them on GET /me/events, with a private table's join secret. A bot account invited this way takes a seat with POST /games/{id}/seats.
//	@ID				invitePlayer
//	@Tags			games
//	@Accept			json
//	@Produce		json
//	@Param			id			path	string			true	"game id"
//	@Param			invitation	body	InviteRequest	true	"who"
//	@Security		SeatToken
//	@Security		PlayerToken
//	@Security		AccessToken
//	@Success		201	{object}	PlayerView	"the player invited"
//	@Failure		403	{object}	Problem	"forbidden: not seated at the table, or seated as a guest"
//	@Failure		404	{object}	Problem	"not_found: no such game or player"
//	@Failure		409	{object}	Problem	"game_not_active: the table has started; game_full"
//	@Router			/games/{id}/invitations [post]
func (s *Server) invite(c *gin.Context) {
	var req InviteRequest
	if !s.decodeBody(c, &req, false) {
		return
	}
	// The request's own form first: a name no account can have is refused
	// as such, whatever the table's state.
	if _, err := players.CleanName(req.Player); err != nil {
		s.fail(c, badRequest("player is no name an account can have: 2–20 letters, digits, \"_\", \"-\" and \".\""))
		return
	}
	ctx := c.Request.Context()
	inv, err := s.games.Invitation(ctx, c.Param("id"), callerOf(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	invitee, err := s.accounts.PlayerNamed(ctx, req.Player)
	if err != nil {
		s.fail(c, err)
		return
	}
	if err := s.feed.Invite(ctx, invitee, inv, s.now()); err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, playerView(invitee))
}
