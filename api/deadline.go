package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// defaultStoreTimeout bounds the database work of a request: a database that
// does not answer (a silent network partition raises no error) turns into a
// 503 with Retry-After within it, never a request that hangs for minutes.
const defaultStoreTimeout = 5 * time.Second

// bounded gives a request that does not wait a deadline for all it does.
// Requests that wait (a long-poll, a stream) bound each load instead
// (s.bound), since their waiting is not the database's.
func (s *Server) bounded(c *gin.Context) {
	if c.Request.Method == http.MethodGet && (c.Query("wait") != "" || streamFormatOf(c.GetHeader("Accept")) != notStream) {
		c.Next()
		return
	}
	ctx, cancel := s.bound(c.Request.Context())
	defer cancel()
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

// bound is ctx with the deadline of one request's database work.
func (s *Server) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.cfg.StoreTimeout)
}

// detached is the context of a change that, once begun, must finish or
// fail as a whole even if its client hangs up or shutdown begins, so that
// its outcome is in the log or not, never unknown to the server; it still
// has the request's deadline for its database work.
func (s *Server) detached(c *gin.Context) (context.Context, context.CancelFunc) {
	return s.bound(context.WithoutCancel(c.Request.Context()))
}
