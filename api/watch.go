package api

import (
	"context"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/internal/accept"
	"github.com/hanabi-server/hanabi/play"
)

// readSpec is what a read of game c's view or events asks: a seat's (its
// token, or its player's), or a watcher's (no token, or a signed-in player
// not seated at the game), whose view is decided on each answer by
// play.AdmitWatcher: the public's, every hand, or a shadowed seat's.
func (s *Server) readSpec(c *gin.Context, kind park.Kind) (park.Spec, error) {
	by := callerOf(c)
	spec := park.Spec{Kind: kind, Viewer: -1, Shadow: -1, ChatAfter: -1, Gzip: accept.Gzip(c.GetHeader("Accept-Encoding"))}
	raw, shadowed := c.GetQuery("shadow")
	if by.Seated() {
		spec.Viewer, spec.Occupant = by.Seat, by.Occupant
		if shadowed {
			return spec, badRequest("a seat reads its own view: shadow is for spectators")
		}
		s.seenAtTable(c, -1)
		return spec, nil
	}
	spec.Watch, spec.SignedIn, spec.Secret = true, by.SignedIn(), c.Query("secret")
	if spec.SignedIn {
		spec.Player = by.PlayerID()
	}
	if shadowed {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n > 5 {
			return spec, badRequest("query parameter shadow must be a seat number 0–5, got %q", truncate(raw, 16))
		}
		spec.Shadow = n
	}
	if spec.SignedIn {
		s.seenAtTable(c, spec.Shadow)
		var err error
		if spec.InPlay, err = s.games.DealInPlayAt(c.Request.Context(), by, c.Param("id")); err != nil {
			return spec, err
		}
		// A read that waits or streams asks again on every wake (see
		// waitFor): a game of the reader's on this deal may begin
		// meanwhile, and from then on this game shows the reader's cards.
		id := c.Param("id")
		c.Set(ctxStillWatching, func(ctx context.Context) error {
			deal, err := s.games.DealInPlayAt(ctx, by, id)
			if err == nil && deal != "" {
				err = play.ErrDealInPlay
			}
			return err
		})
	}
	return spec, nil
}

// ctxStillWatching holds, for a signed-in watcher's read of a game, what
// its waiting asks again on every wake beside its credential.
const ctxStillWatching = "hanabi.still-watching"

// admitted is the view spec's reader gets of st (see readSpec), or why it
// gets nothing: the one admission of every read path.
func admitted(spec park.Spec, st *play.State) (viewer int, err error) {
	if !spec.Watch {
		return spec.Viewer, play.Admit(st, spec.Viewer, spec.Occupant)
	}
	if err := play.Spoils(st, spec.InPlay); err != nil {
		return 0, err
	}
	return play.AdmitWatcher(st, play.Watcher{SignedIn: spec.SignedIn, Player: spec.Player, Shadow: spec.Shadow, Secret: spec.Secret})
}

// admit is admitted for a request that reads st now.
func (s *Server) admit(c *gin.Context, st *play.State, kind park.Kind) (int, error) {
	spec, err := s.readSpec(c, kind)
	if err != nil {
		return 0, err
	}
	return admitted(spec, st)
}
