package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
)

const ctxProblemCode = "hanabi.problem"

// observe is the middleware that counts, times and logs every request
// (see answered), but a parked one: that is observed when it is answered.
func (s *Server) observe(c *gin.Context) {
	start := time.Now()
	c.Set(ctxStart, start)
	c.Next()
	if isParked(c) {
		return
	}
	code, _ := c.Get(ctxProblemCode)
	codeName, _ := code.(string)
	s.answered(c, c.Request.Method, park.Outcome{Route: c.FullPath(), Path: c.Request.URL.Path, Client: clientIP(c),
		Seat: seatOf(c), Start: start, Status: c.Writer.Status(), Size: c.Writer.Size(), Code: codeName})
}

// answered counts and times an answered request by its route pattern (ids
// in paths would make a series per game) and writes its one line: the
// route, the path and the outcome, never a header (the Authorization
// header is a seat's credential) and never a body (bodies and views carry
// card identities).
func (s *Server) answered(ctx context.Context, method string, o park.Outcome) {
	d := time.Since(o.Start)
	route := o.Route
	if route == "" {
		route = "unmatched"
	}
	s.metrics.record(route, method, o.Status, d)
	level := slog.LevelInfo
	switch {
	case unlimited[o.Path]:
		// Probes and scrapes; a failing probe is in the outage's story.
		level = slog.LevelDebug
	case o.Status == http.StatusServiceUnavailable:
		// An outage or a shutdown: the outage's own lines say it once.
	case o.Status >= 500:
		level = slog.LevelError
	}
	if !s.log.Enabled(ctx, level) {
		return
	}
	// Room for all nine, so that the list stays on the stack: grown by the
	// seat most requests have, it was a twentieth of the bytes a move's
	// requests allocate.
	attrs := append(make([]slog.Attr, 0, 9), slog.String("method", method), slog.String("route", o.Route), slog.String("path", o.Path),
		slog.Int("status", o.Status), slog.Duration("duration", d), slog.String("client", o.Client), slog.Int("bytes", o.Size))
	if o.Code != "" {
		attrs = append(attrs, slog.String("code", o.Code))
	}
	if o.Seat >= 0 {
		attrs = append(attrs, slog.Int("seat", o.Seat))
	}
	s.log.LogAttrs(ctx, level, "request", attrs...)
}

// recovery turns a panic into a 500 problem, logging what panicked but not
// the request.
func (s *Server) recovery(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if err, ok := r.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				panic(r)
			}
			s.log.Error("handler panicked", "route", c.FullPath(), "panic", fmt.Sprint(r))
			s.fail(c, fmt.Errorf("panic: %v", r))
		}
	}()
	c.Next()
}
