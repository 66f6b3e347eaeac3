package api

import (
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// readSpec is what a read of game c's view or events asks: a seat's (its
// token, or its player's), or a watcher's (no token, or a signed-in player
// not seated at the game), whose view is decided on each answer by
// play.AdmitWatcher: the public's, every hand, or a shadowed seat's.
func (s *Server) readSpec(c *gin.Context, kind park.Kind) (park.Spec, error) {
	spec := park.Spec{Kind: kind, Viewer: viewerOf(c), Occupant: occupantOf(c), Shadow: -1, ChatAfter: -1}
	raw, shadowed := c.GetQuery("shadow")
	if seatOf(c) != nil {
		if shadowed {
			return spec, badRequest("a seat reads its own view: shadow is for spectators")
		}
		s.seenAtTable(c, -1)
		return spec, nil
	}
	spec.Watch, spec.SignedIn, spec.Secret = true, playerOf(c) != nil, c.Query("secret")
	if shadowed {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n > 5 {
			return spec, badRequest("query parameter shadow must be a seat number 0–5, got %q", truncate(raw, 16))
		}
		spec.Shadow = n
	}
	if spec.SignedIn {
		s.seenAtTable(c, spec.Shadow)
		deal, err := s.dealInPlay(c, c.Param("id"))
		if err != nil {
			return spec, err
		}
		spec.InPlay = deal
	}
	return spec, nil
}

// dealInPlay is the shared deal of game id when the request's player is
// playing it at another table ("": none, or not a shared deal's game).
func (s *Server) dealInPlay(c *gin.Context, id string) (string, error) {
	who := playerOf(c)
	if who == nil || s.history == nil {
		return "", nil
	}
	st, err := s.games.Load(c.Request.Context(), id)
	if err != nil {
		return "", nil // the read itself tells what is wrong with it
	}
	deal := play.SharedDeal(st.Seed)
	if deal == "" {
		return "", nil
	}
	return s.playsDeal(c, *who, deal)
}

// playsDeal is deal when the player is playing it now, else "".
func (s *Server) playsDeal(c *gin.Context, who players.Who, deal string) (string, error) {
	deals, err := s.history.DealsInPlay(c.Request.Context(), who.Player)
	if err != nil || !slices.Contains(deals, deal) {
		return "", err
	}
	return deal, nil
}

// admitted is the view spec's reader gets of st (see readSpec), or why it
// gets nothing: the one admission of every read path.
func admitted(spec park.Spec, st *play.State) (viewer int, err error) {
	if !spec.Watch {
		return spec.Viewer, play.Admit(st, spec.Viewer, spec.Occupant)
	}
	if err := play.Spoils(st, spec.InPlay); err != nil {
		return 0, err
	}
	return play.AdmitWatcher(st, play.Watcher{SignedIn: spec.SignedIn, Shadow: spec.Shadow, Secret: spec.Secret})
}

// admit is admitted for a request that reads st now.
func (s *Server) admit(c *gin.Context, st *play.State, kind park.Kind) (int, error) {
	spec, err := s.readSpec(c, kind)
	if err != nil {
		return 0, err
	}
	return admitted(spec, st)
}

// shadowOf is the seat a spectator's request shadows, -1 for none.
func shadowOf(c *gin.Context) int {
	n, err := strconv.Atoi(c.Query("shadow"))
	if err != nil {
		return -1
	}
	return n
}
