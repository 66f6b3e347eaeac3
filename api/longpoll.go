package api

import (
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
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

// waitFor loads the game and, while ready says no, waits for the store to
// announce a change, for wait to run out, for the client to leave or for the
// server to shut down. It returns the last state it loaded: the caller tells a
// timeout from a change by asking ready again. Nothing is held open while it
// waits but a channel: no database connection, no lock.
func (s *Server) waitFor(c *gin.Context, id string, wait time.Duration, ready func(*gameState) bool) (*gameState, error) {
	ctx := c.Request.Context()
	if wait <= 0 || !validID(id) {
		return s.load(ctx, id)
	}
	// Subscribe before the first load, so that a change between the load and
	// the wait still wakes us.
	changed, cancel := s.store.Subscribe(id)
	defer cancel()
	st, err := s.load(ctx, id)
	if err != nil || ready(st) {
		return st, err
	}
	if !s.allowWaiter() {
		return st, nil
	}
	defer s.releaseWaiter()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-changed:
		case <-timer.C:
			return st, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-s.shutdown:
			return st, nil
		}
		next, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		st = next
		if ready(st) {
			return st, nil
		}
	}
}

func (s *Server) allowWaiter() bool {
	s.waiters.Add(1)
	s.metrics.waiting.Inc()
	return true
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

// etag is strong and differs per viewer, since each seat's view differs.
func etag(version int64, viewer int) string {
	who := "p"
	if viewer >= 0 {
		who = "s" + strconv.Itoa(viewer)
	}
	return `"v` + strconv.FormatInt(version, 10) + "-" + who + `"`
}

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
