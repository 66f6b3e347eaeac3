package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/play"
)

// EnableParking lets long-polls on connections that hs accepts from the
// returned listener wait without a goroutine of their own (see package
// park). Serve hs on the returned listener: hs.Serve(srv.EnableParking(hs,
// ln)). It sets hs.ConnContext, keeping any hook already there.
func (s *Server) EnableParking(hs *http.Server, ln net.Listener) net.Listener {
	return s.parker.Listen(hs, ln)
}

// tryPark parks the request when it can (see park.Parker.Park): the caller
// has found st not ready for a token it admits, and holds t, which passes
// to the parked request.
func (s *Server) tryPark(c *gin.Context, t play.Follower, st *play.State, wait time.Duration, spec park.Spec) bool {
	req := park.Request{W: c.Writer, R: c.Request, Spec: spec, Wait: wait,
		Route: c.FullPath(), Client: c.ClientIP(), Seat: viewerOf(c), Start: c.GetTime(ctxStart)}
	if !s.parker.Park(req, t, st) {
		return false
	}
	c.Set(ctxParked, true)
	return true
}

// parkHost renders the answers of parked long-polls exactly as the ordinary
// path would, and counts and logs them as the middleware would.
type parkHost struct{ s *Server }

func (h parkHost) Ready(p park.Spec, st *play.State) bool {
	if p.Kind == park.Events {
		return int64(st.EventCount()) > p.Since
	}
	switch {
	case p.Since >= 0:
		return st.Version > p.Since
	case p.INM != "":
		return !etagListMatches(p.INM, viewTag(st, p.Viewer))
	}
	return true
}

func (h parkHost) Current(id string) (*play.State, error) {
	ctx, cancel := h.s.bound(context.Background())
	defer cancel()
	return h.s.games.Load(ctx, id)
}

func (h parkHost) Timeout(p park.Spec, version, notes int64) park.Answer {
	if p.Kind == park.Events {
		body, _ := json.Marshal(EventsResponse{Events: []Event{}, Version: version})
		return park.Answer{Status: http.StatusOK, ContentType: "application/json; charset=utf-8", Body: body}
	}
	return park.Answer{Status: http.StatusNotModified, ETag: etag(version, notes, p.Viewer)}
}

func (h parkHost) Render(p park.Spec, st *play.State) park.Answer {
	var body []byte
	var err error
	if p.Kind == park.Events {
		var evs []Event
		if evs, err = eventsOf(st, int(p.Since), p.Viewer); err == nil {
			body, err = json.Marshal(EventsResponse{Events: evs, Version: st.Version})
		}
		if err == nil {
			return park.Answer{Status: http.StatusOK, ContentType: "application/json; charset=utf-8", Body: body}
		}
	} else {
		tag := viewTag(st, p.Viewer)
		if p.INM != "" && etagListMatches(p.INM, tag) {
			return park.Answer{Status: http.StatusNotModified, ETag: tag}
		}
		return park.Answer{Status: http.StatusOK, ETag: tag, ContentType: "application/json; charset=utf-8", Body: h.s.viewJSON(st, p.Viewer)}
	}
	h.s.log.Error("request failed", "route", routeOf(p.Kind), "err", err.Error())
	_, prob := h.s.problemFor(err)
	body, _ = json.Marshal(prob)
	return park.Answer{Status: prob.Status, ContentType: "application/problem+json", Body: body, Code: prob.Code, Problem: true}
}

func routeOf(k park.Kind) string {
	if k == park.Events {
		return "/v1/games/:id/events"
	}
	return "/v1/games/:id"
}

// Problem answers as fail would: the same headers, and an outage told as
// part of its one story.
func (h parkHost) Problem(route string, err error) park.Answer {
	ae, prob := h.s.problemFor(err)
	retry := 1
	switch {
	case ae.outage:
		retry = h.s.cfg.Outage.Failed(context.Background(), h.s.log, h.s.now(), ae.cause)
	case ae.code == codeInternal || ae.code == codeUnavailable:
		h.s.log.Error("request failed", "route", route, "err", err.Error())
	}
	body, _ := json.Marshal(prob)
	a := park.Answer{Status: prob.Status, ContentType: "application/problem+json", Body: body, Code: prob.Code, Problem: true}
	switch ae.code {
	case codeUnauthorized:
		a.Extra = "WWW-Authenticate: Bearer realm=\"hanabi\"\r\n"
	case codeUnavailable:
		a.Extra = "Retry-After: " + strconv.Itoa(retry) + "\r\n"
	}
	return a
}

func (h parkHost) Waiting(delta int) {
	if delta > 0 {
		h.s.addWaiter()
	} else {
		h.s.releaseWaiter()
	}
}

func (h parkHost) ShuttingDown() bool { return h.s.shuttingDown() }

// Answered counts and logs a parked request as the middleware would.
func (h parkHost) Answered(o park.Outcome) {
	s := h.s
	d := time.Since(o.Start)
	s.metrics.record(o.Route, http.MethodGet, o.Status, d)
	level := slog.LevelInfo
	if o.Status >= 500 && o.Status != http.StatusServiceUnavailable {
		level = slog.LevelError // a 503's story is the outage's own
	}
	if !s.log.Enabled(context.Background(), level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("method", http.MethodGet),
		slog.String("route", o.Route),
		slog.String("path", o.Path),
		slog.Int("status", o.Status),
		slog.Duration("duration", d),
		slog.String("client", o.Client),
		slog.Int("bytes", o.Size),
	}
	if o.Code != "" {
		attrs = append(attrs, slog.String("code", o.Code))
	}
	if o.Seat >= 0 {
		attrs = append(attrs, slog.Int("seat", o.Seat))
	}
	s.log.LogAttrs(context.Background(), level, "request", attrs...)
}

// ctxParked marks a gin context whose request was parked: the middleware
// leaves its logging and metrics to the parked answer.
const ctxParked = "hanabi.parked"

// ctxStart is when the request reached the middleware.
const ctxStart = "hanabi.start"

func isParked(c *gin.Context) bool {
	_, ok := c.Get(ctxParked)
	return ok
}
