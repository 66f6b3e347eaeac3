package api

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/gather"
	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
)

// EnableParking lets long-polls on connections that hs accepts from the
// returned listener wait without a goroutine of their own (see package
// park). Serve hs on the returned listener: hs.Serve(srv.EnableParking(hs,
// ln)). It sets hs.ConnContext, keeping any hook already there.
func (s *Server) EnableParking(hs *http.Server, ln net.Listener) net.Listener {
	return s.parker.Listen(hs, gather.Listen(hs, ln))
}

// tryPark parks the request when it can (see park.Parker.Park): the caller
// has found st holding nothing new for spec, and holds t, which passes to
// the parked request.
func (s *Server) tryPark(c *gin.Context, t play.Follower, st *play.State, wait time.Duration, spec park.Spec) bool {
	req := park.Request{W: c.Writer, R: c.Request, Spec: spec, Wait: wait,
		Log:         park.Outcome{Route: c.FullPath(), Client: clientIP(c), Start: c.GetTime(ctxStart)},
		ProblemType: problemMedia(c.GetHeader("Accept"))}
	var cw *credentialWatch
	if still := s.stillFor(c); still != nil {
		req.Recheck = func() error { return still(context.Background()) }
		// The watch is taken now, before the request counts as parked, as
		// waitFor's is: an end that comes before the parker follows it
		// (Request.Revoked) still wakes it.
		if cw = s.watchCredential(callerOf(c)); cw != nil {
			req.Revoked = cw.follow
		}
	}
	parked := t != nil && s.parker.Park(req, t, st)
	if cw != nil && !cw.taken { // Park follows it, if at all, before it returns
		cw.stop()
	}
	if parked {
		c.Set(ctxParked, true)
	}
	return parked
}

// parkHost is the server as the parker calls it: the one answer (see
// answer), and the request log and metrics of what it answered.
type parkHost struct{ s *Server }

func (h parkHost) Answer(spec park.Spec, st *play.State, err error, final bool) (park.Answer, bool) {
	return h.s.answer(spec, st, err, final, nil)
}

// Answered counts and logs a parked request as the middleware would.
func (h parkHost) Answered(o park.Outcome) { h.s.answered(context.Background(), http.MethodGet, o) }

// ctxParked marks a gin context whose request was parked: the middleware
// leaves its logging and metrics to the parked answer.
const ctxParked = "hanabi.parked"

// ctxStart is when the request reached the middleware.
const ctxStart = "hanabi.start"

func isParked(c *gin.Context) bool {
	_, ok := c.Get(ctxParked)
	return ok
}
