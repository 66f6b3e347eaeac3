package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

const ctxProblemCode = "hanabi.problem"

// logRequests writes one structured line per request (see logRequest).
func (s *Server) logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	if isParked(c) {
		return // logged when it is answered
	}
	code, _ := c.Get(ctxProblemCode)
	codeName, _ := code.(string)
	s.logRequest(c, c.Request.Method, c.FullPath(), c.Request.URL.Path, c.ClientIP(), c.Writer.Status(), c.Writer.Size(),
		time.Since(start), codeName, viewerOf(c))
}

// logRequest writes a request's one line: the route, the path and the
// outcome, never a header (the Authorization header is a seat's credential)
// and never a body (bodies and views carry card identities).
func (s *Server) logRequest(ctx context.Context, method, route, path, client string, status, size int, d time.Duration, code string, seat int) {
	level := slog.LevelInfo
	switch {
	case unlimited[path]:
		// Probes and scrapes; a failing probe is in the outage's story.
		level = slog.LevelDebug
	case status == http.StatusServiceUnavailable:
		// An outage or a shutdown: the outage's own lines say it once.
	case status >= 500:
		level = slog.LevelError
	}
	if !s.log.Enabled(ctx, level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("method", method),
		slog.String("route", route),
		slog.String("path", path),
		slog.Int("status", status),
		slog.Duration("duration", d),
		slog.String("client", client),
		slog.Int("bytes", size),
	}
	if code != "" {
		attrs = append(attrs, slog.String("code", code))
	}
	if seat >= 0 {
		attrs = append(attrs, slog.Int("seat", seat))
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
