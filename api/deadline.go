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

// storeDeadline gives a request that does not wait a deadline for all it
// does. Requests that wait (a long-poll, a stream) give one to each read
// instead (storeCtx), since their waiting is not the database's.
func (s *Server) storeDeadline(c *gin.Context) {
	if c.Request.Method == http.MethodGet && (c.Query("wait") != "" || isStream(c)) {
		c.Next()
		return
	}
	ctx, cancel := s.storeCtx(c.Request.Context())
	defer cancel()
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

// storeCtx is ctx with the deadline of one request's database work.
func (s *Server) storeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.cfg.StoreTimeout)
}

// changeCtx is the context of a change that, once begun, must finish or
// fail as a whole even if its client hangs up or shutdown begins, so that
// its outcome is in the log or not, never unknown to the server; it still
// has the request's deadline for its database work.
func (s *Server) changeCtx(c *gin.Context) (context.Context, context.CancelFunc) {
	return s.storeCtx(context.WithoutCancel(c.Request.Context()))
}
