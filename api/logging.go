package api

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

const ctxProblemCode = "hanabi.problem"

// logRequests writes one structured line per request. It names the route,
// the path and the outcome, never a header (the Authorization header is a
// seat's credential) and never a body (bodies and views carry card identities).
func (s *Server) logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	if isParked(c) {
		return // logged when it is answered
	}
	status := c.Writer.Status()
	attrs := []slog.Attr{
		slog.String("method", c.Request.Method),
		slog.String("route", c.FullPath()),
		slog.String("path", c.Request.URL.Path),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(start)),
		slog.String("client", c.ClientIP()),
		slog.Int("bytes", c.Writer.Size()),
	}
	if code, ok := c.Get(ctxProblemCode); ok {
		attrs = append(attrs, slog.Any("code", code))
	}
	if a := seatOf(c); a != nil {
		attrs = append(attrs, slog.Int("seat", a.seat))
	}
	level := slog.LevelInfo
	switch {
	case unlimited[c.Request.URL.Path]:
		// Probes and scrapes; a failing probe is in the outage's story.
		level = slog.LevelDebug
	case status == http.StatusServiceUnavailable:
		// An outage or a shutdown: the outage's own lines say it once.
	case status >= 500:
		level = slog.LevelError
	}
	s.log.LogAttrs(c.Request.Context(), level, "request", attrs...)
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
