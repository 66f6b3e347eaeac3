package api

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
)

// waitQuery reads ?wait= as a Go duration ("30s") or plain seconds, capped by
// MaxWait. Once shutdown has begun nobody waits.
func (s *Server) waitQuery(c *gin.Context) (time.Duration, error) {
	raw, ok := c.GetQuery("wait")
	if !ok || raw == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil {
		n, err2 := strconv.ParseFloat(raw, 64)
		if err2 != nil || n != n {
			return 0, badRequest("query parameter wait must be a duration like 30s, got %q", truncate(raw, 32))
		}
		if n > 1e6 {
			n = 1e6
		}
		d = time.Duration(n * float64(time.Second))
	}
	if d < 0 {
		return 0, badRequest("query parameter wait must not be negative")
	}
	if d > s.cfg.MaxWait {
		d = s.cfg.MaxWait
	}
	if s.shuttingDown() {
		d = 0
	}
	return d, nil
}

// waitFor reads the game and, while ready says no and the token is still
// admitted, waits on its table for a newer snapshot, for wait to run out,
// for the client to leave or for the server to shut down. It returns the
// last snapshot it saw: the caller checks the seat again and tells a timeout
// from a change by asking ready again. Nothing is held while it waits but
// the table's channel: no database connection, no lock, no state. Every
// snapshot is shared with other readers: read only.
//
// With a spec, a request that must wait may be parked instead (see
// tryPark): then waitFor returns nil, nil and the request is answered later
// without its handler.
func (s *Server) waitFor(c *gin.Context, id string, wait time.Duration, ready func(*play.State) bool, spec *park.Spec) (*play.State, error) {
	ctx := c.Request.Context()
	lctx, cancel := s.bound(ctx)
	defer cancel()
	if wait <= 0 || !play.ValidID(id) {
		return s.games.Load(lctx, id)
	}
	// Follow before the read, so that a change between the read and the
	// wait still wakes us.
	t := s.games.Follow(id)
	keep := false
	defer func() {
		if !keep {
			t.Close()
		}
	}()
	st, err := s.games.Load(lctx, id)
	if err != nil || s.checkSeat(st, c) != nil || ready(st) {
		return st, err
	}
	if spec != nil && s.tryPark(c, t, st, wait, *spec) {
		keep = true
		return nil, nil
	}
	s.addWaiter()
	defer s.releaseWaiter()
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	defer context.AfterFunc(s.stopped, cancel)()
	for since := st.Version; ; since = st.Version {
		next, err := t.Wait(wctx, since)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			// The wait ran out, or shutdown began: the game as stored, so
			// that a change this replica never heard of still shows and
			// "nothing new" is never said from memory alone.
			rctx, rcancel := s.bound(ctx)
			defer rcancel()
			return s.games.Load(rctx, id)
		}
		if st = next; s.checkSeat(st, c) != nil || ready(st) {
			return st, nil
		}
	}
}

func (s *Server) addWaiter() {
	s.waiters.Add(1)
	s.metrics.waiting.Inc()
}

func (s *Server) releaseWaiter() {
	s.waiters.Add(-1)
	s.metrics.waiting.Dec()
}

func (s *Server) shuttingDown() bool {
	select {
	case <-s.shutdown:
		return true
	default:
		return false
	}
}

// etag is strong and differs per viewer, since each seat's view differs,
// and with the notes' revision, since notes change apart from the version.
// The version leads, so that If-Match reads it (see ifMatchVersion).
func etag(version, notes int64, viewer int) string {
	who := "p"
	if viewer >= 0 {
		who = "s" + strconv.Itoa(viewer)
	}
	if notes > 0 {
		who += "-n" + strconv.FormatInt(notes, 10)
	}
	return `"v` + strconv.FormatInt(version, 10) + "-" + who + `"`
}

// viewTag is the ETag of viewer's view of st.
func viewTag(st *play.State, viewer int) string { return etag(st.Version, st.NotesRev, viewer) }

// etagListMatches implements If-None-Match's comparison for one tag.
func etagListMatches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

// ifMatchVersion reports whether an If-Match header names version. It takes
// a bare version ("17") as the contract shows, or an ETag of any viewer.
func ifMatchVersion(header string, version int64) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" {
			return true
		}
		if strings.HasPrefix(t, "W/") {
			continue // weak tags never match under If-Match
		}
		t = strings.Trim(t, `"`)
		t = strings.TrimPrefix(t, "v")
		if i := strings.IndexByte(t, '-'); i >= 0 {
			t = t[:i]
		}
		if n, err := strconv.ParseInt(t, 10, 64); err == nil && n == version {
			return true
		}
	}
	return false
}
