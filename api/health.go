package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// Health is the body of the health and readiness checks.
type Health struct {
	Status string `json:"status" example:"ok"`
}

// healthz godoc
//
//	@Summary	The process is up
//	@ID			healthz
//	@Tags		operations
//	@Produce	json
//	@Success	200	{object}	Health
//	@Router		/healthz [get]
func (s *Server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, Health{Status: "ok"})
}

// readyz godoc
//
//	@Summary		The database answers
//	@Description	The database takes a write. The answer is of a probe at most a second old: however many ask, a replica writes to the database for its readiness at most once a second.
//	@ID				readyz
//	@Tags			operations
//	@Produce		json
//	@Success		200	{object}	Health
//	@Router			/readyz [get]
func (s *Server) readyz(c *gin.Context) {
	if s.shuttingDown() {
		s.fail(c, errShuttingDown)
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if s.cfg.Probe == nil {
		c.JSON(http.StatusOK, Health{Status: "ok"})
		return
	}
	if err := s.cfg.Probe.Ready(ctx); err != nil {
		// Whatever the cause, a probe that cannot write is an outage: one
		// story in the log, not a line per probe.
		s.fail(c, outage("the database does not take a write", err))
		return
	}
	c.JSON(http.StatusOK, Health{Status: "ok"})
}
