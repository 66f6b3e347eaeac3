package api

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/shutdown"
	"github.com/hanabi-server/hanabi/play"
)

// waitPattern is what ?wait= may be: a Go duration of units ns to h with no
// sign ("30s", "1m30s", "1.5s"), or seconds ("30", "0.5"). The document
// states it (docs/finish/rules.go).
var waitPattern = regexp.MustCompile(`^([0-9]+(\.[0-9]+)?|([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+)$`)

// maxWaitLen bounds ?wait=, as the document does.
const maxWaitLen = 32

// waitQuery reads ?wait= as a Go duration ("30s") or plain seconds, capped by
// MaxWait. Once shutdown has begun nobody waits.
func (s *Server) waitQuery(c *gin.Context) (time.Duration, error) {
	raw, ok := c.GetQuery("wait")
	if !ok {
		return 0, nil
	}
	if len(raw) > maxWaitLen || !waitPattern.MatchString(raw) {
		return 0, badRequest("query parameter wait must be a duration like 30s or a number of seconds, got %q", truncate(raw, 32))
	}
	var d time.Duration
	if n, err := strconv.ParseFloat(raw, 64); err == nil {
		d = time.Duration(min(n, 1e6) * float64(time.Second)) // plain seconds
	} else if d, err = time.ParseDuration(raw); err != nil {
		d = s.cfg.MaxWait // a duration past time's int64: the longest wait
	}
	if d > s.cfg.MaxWait {
		d = s.cfg.MaxWait
	}
	if s.shuttingDown() {
		d = 0
	}
	return d, nil
}

// answer is the one answer to a read of a game's view or of its events
// (spec says which, for whom and since when), from st or, when the game
// could not be read, from err. Every such read answers through it: at once,
// woken by a change, or when its wait runs out; parked or not. ready is
// false while st holds nothing new for spec and the wait is not final: a
// view is new past since or, without since, when If-None-Match no longer
// matches; events are new past after. A final answer is the resource as st
// has it, 304 only to an If-None-Match that matches. A view is rendered into
// buf, the caller's own; without one (an answer that many woken waiters may
// share), once for all who ask.
func (s *Server) answer(spec park.Spec, st *play.State, err error, final bool, buf *[]byte) (park.Answer, bool) {
	viewer := spec.Viewer
	if err == nil {
		viewer, err = admitted(spec, st)
	}
	if err != nil {
		return s.problem(context.Background(), routeOf(spec.Kind), err), true
	}
	if spec.Kind == park.Events {
		chatNew := spec.ChatAfter >= 0 && st.ChatLines > spec.ChatAfter
		if !final && int64(st.EventCount()) <= spec.Since && !chatNew {
			return park.Answer{}, false
		}
		body, err := s.eventsJSON(st, int(spec.Since), viewer, spec.ChatAfter, spec.Muted)
		if err != nil {
			return s.problem(context.Background(), routeOf(spec.Kind), err), true
		}
		return packed(spec, park.Answer{Status: http.StatusOK, ContentType: jsonType, Body: body}), true
	}
	tag := viewTag(st, viewer)
	matches := spec.INM != "" && etagListMatches(spec.INM, tag)
	if !final && (spec.Since >= 0 && st.Version <= spec.Since || spec.Since < 0 && matches) {
		return park.Answer{}, false
	}
	if matches {
		return park.Answer{Status: http.StatusNotModified, ETag: tag}, true
	}
	var body []byte
	if buf != nil {
		*buf = appendView((*buf)[:0], st, viewer)
		body = *buf
	} else {
		body = s.viewJSON(st, viewer)
	}
	return packed(spec, park.Answer{Status: http.StatusOK, ETag: tag, ContentType: jsonType, Body: body}), true
}

// packed is a success answer compressed for a client that takes gzip,
// when it is worth it: a long-poll's answer is written whole, to every
// waiter it fits, so it is compressed once for them all (the pack
// middleware leaves long-polls alone: they may be parked). The compressed
// body is the answer's own: answers outlive the renderer's buffers.
func packed(spec park.Spec, a park.Answer) park.Answer {
	if !spec.Gzip || len(a.Body) < minGzip {
		return a
	}
	zb := getGzip()
	a.Body, a.Encoding = slices.Clone(zb.pack(a.Body)), "gzip"
	putGzip(zb)
	return a
}

func routeOf(k park.Kind) string {
	if k == park.Events {
		return "/v1/games/:id/events"
	}
	return "/v1/games/:id"
}

// write sends an answer (see answer) as the parker sends a parked one: a
// success with the long-poll's headers, a problem with the failure path's.
func (s *Server) write(c *gin.Context, a park.Answer) {
	h := c.Writer.Header()
	if a.Code != "" {
		c.Set(ctxProblemCode, a.Code)
		h.Set("Cache-Control", "no-store")
		for _, kv := range a.Header {
			if h.Get(kv[0]) == "" { // the limiter sets its own Retry-After
				h.Set(kv[0], kv[1])
			}
		}
		c.Abort()
	} else {
		h.Set("Vary", "Authorization, Accept-Encoding")
		h.Set("Cache-Control", "private, no-cache")
		if a.ETag != "" {
			h.Set("ETag", a.ETag)
		}
		if a.Encoding != "" {
			h.Set("Content-Encoding", a.Encoding)
		}
	}
	if a.Status == http.StatusNotModified {
		c.Status(a.Status)
		return
	}
	if a.Code != "" {
		a.ContentType = problemMedia(c.GetHeader("Accept"))
	}
	h.Set("Content-Type", a.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(a.Body)))
	c.Status(a.Status)
	writeBody(c.Writer, c.Request, a.Body)
}

func (s *Server) shuttingDown() bool { return shutdown.Begun(s.shutdown) }

// etag is strong and differs per viewer, since each seat's view differs,
// and with the notes' revision, since notes change apart from the version.
// The version leads, so that If-Match reads it (see ifMatchVersion).
func etag(version, notes int64, viewer int) string {
	who := "p"
	switch {
	case viewer >= 0:
		who = "s" + strconv.Itoa(viewer)
	case viewer == engine.Spectator:
		who = "a" // every hand
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

// ifMatchVersions reads an If-Match header as the versions it names (see
// play.Move.IfMatch): nil for none or "*", which match any; each a bare
// version ("17"), as the contract shows, or an ETag of any viewer.
func ifMatchVersions(header string) []int64 {
	if header == "" {
		return nil
	}
	versions := []int64{}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" {
			return nil
		}
		if strings.HasPrefix(t, "W/") {
			continue // weak tags never match under If-Match
		}
		t = strings.TrimPrefix(strings.Trim(t, `"`), "v")
		if i := strings.IndexByte(t, '-'); i >= 0 {
			t = t[:i]
		}
		if n, err := strconv.ParseInt(t, 10, 64); err == nil {
			versions = append(versions, n)
		}
	}
	return versions
}
