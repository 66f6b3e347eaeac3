package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/rooms"
)

// Watchers is who watches each table as the API reads it; rooms.Watchers
// is it.
type Watchers interface {
	Seen(ctx context.Context, game string, w rooms.Watcher) error
	List(ctx context.Context, game string) ([]rooms.Watcher, error)
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
//	@Failure		400		{object}	Problem	"bad_request"
//	@Failure		401		{object}	Problem	"unauthorized"
//	@Failure		403		{object}	Problem	"forbidden or spectators_closed"
//	@Failure		404		{object}	Problem	"not_found"
//	@Failure		409		{object}	Problem	"deal_in_play: a signed-in reader who plays this game's shared deal at another table, until that game ends"
//	@Failure		429		{object}	Problem	"rate_limited"
//	@x-optional-token	true
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
