package api

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// getGameAt answers GET /games/{id}?turn=K: the caller's view of the game
// as it stood after turn K, by the same admission and the same renderer as
// the live view. The engine replays the log's prefix (engine.Game.At): one
// replay a request, so a viewer stepping through a game pays for each step
// once. A finished game's past no longer changes, so its answers may be
// kept for good.
func (s *Server) getGameAt(c *gin.Context, raw string) {
	if q := c.Request.URL.Query(); q.Has("since") || q.Has("wait") {
		s.fail(c, badRequest("turn asks for a past view, since and wait for a change: not both"))
		return
	}
	turn, err := strconv.Atoi(raw)
	if err != nil || turn < 0 || turn > maxSeq {
		s.fail(c, badRequest("query parameter turn must be an integer 0–%d, got %q", maxSeq, truncate(raw, 32)))
		return
	}
	st, err := s.games.Load(c.Request.Context(), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	viewer, err := s.admit(c, st, park.State)
	if err != nil {
		s.fail(c, err)
		return
	}
	if st.Status != play.StatusActive && st.Status != play.StatusFinished {
		s.fail(c, errorf(codeGameNotActive, "a game that has not started has no turns; this one is %s", st.Status))
		return
	}
	if turn > st.Game.Turn() {
		s.fail(c, badRequest("turn must be 0–%d (the game's turn now), got %d", st.Game.Turn(), turn))
		return
	}
	past, err := pastState(st, turn)
	if err != nil {
		s.fail(c, err)
		return
	}
	tag := pastTag(past, turn, viewer, st.Status == play.StatusFinished)
	c.Header("ETag", tag)
	c.Header("Vary", "Authorization")
	switch {
	case st.Status != play.StatusFinished:
		c.Header("Cache-Control", "private, no-cache")
	case viewer >= 0:
		c.Header("Cache-Control", "private, max-age=31536000, immutable")
	default:
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
	}
	if inm := c.GetHeader("If-None-Match"); inm != "" && etagListMatches(inm, tag) {
		c.Status(http.StatusNotModified)
		return
	}
	buf := getBuf()
	defer putBuf(buf)
	*buf = appendViewAt(*buf, past, viewer, true)
	writeJSON(c, http.StatusOK, *buf)
}

// pastState is st as it stood after turn: the engine's game then, and the
// record as it was: the version then (each log entry adds one), active
// until the game ended, a seat that left later still its player's. Notes
// are left out: they are written apart from the turns.
func pastState(st *play.State, turn int) (*play.State, error) {
	g, err := st.Game.At(turn)
	if err != nil {
		var ee *engine.Error
		if errors.As(err, &ee) && ee == engine.ErrNoSuchTurn {
			return nil, badRequest("%s", err.Error())
		}
		return nil, err
	}
	n := g.Entries()
	past := &play.State{Record: st.Record, Config: st.Config, Game: g, Log: st.Log[:n:n], Actions: n}
	past.Version -= int64(len(st.Log) - n)
	past.NotesRev = 0
	past.EndLogged = n > 0 && st.Log[n-1].Action.Kind == engine.End
	past.Status = play.StatusActive
	if g.Over() {
		past.Status = play.StatusFinished
	}
	past.Seats = st.Seats
	copied := false
	for _, e := range st.Log[n:] {
		if e.Action.Kind != engine.Leave {
			continue
		}
		// A bot took the seat later: then it was still its player's. The
		// snapshot's seats are shared: change a copy.
		if !copied {
			past.Seats, copied = slices.Clone(st.Seats), true
		}
		for i := range past.Seats {
			if past.Seats[i].Seat == e.Action.Target {
				past.Seats[i].Bot = ""
			}
		}
	}
	return past, nil
}

// pastTag is the ETag of viewer's view of past, the game after turn: the
// view changes only with the entries that turn takes in (its version) and
// once the game ends (every face shows); it never names a version alone,
// so that If-Match never takes it for the game's.
func pastTag(past *play.State, turn, viewer int, finished bool) string {
	tag := `"t` + strconv.Itoa(turn) + "-" + strings.Trim(etag(past.Version, 0, viewer), `"`)
	if finished {
		tag += "-end"
	}
	return tag + `"`
}
