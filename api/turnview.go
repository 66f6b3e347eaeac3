package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
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
	past, err := st.At(turn)
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
