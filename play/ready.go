package play

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ReadyEvery is how long a readiness probe's answer stands: a load
// balancer's probes, or anyone's, cost the database at most one write a
// second per replica, however often they come.
const ReadyEvery = time.Second

// readiness is the last write probe and when it was made.
type readiness struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

// Ready checks that the store takes a write: a server whose database
// answers but cannot write is not ready to take moves. Probes that come
// while one is under way wait for its answer. A probe that writes ends an
// outage in the log.
func (g *Games) Ready(ctx context.Context) error {
	r := &g.ready
	r.mu.Lock()
	defer r.mu.Unlock()
	now := g.cfg.Now()
	if !r.at.IsZero() && now.Sub(r.at) < ReadyEvery && now.Sub(r.at) >= 0 {
		return r.err
	}
	err := g.store.ProbeWrite(ctx)
	if err == nil {
		// Only a write just made tells that an outage is over, never a
		// remembered one.
		g.cfg.Outage.Served(ctx, g.log)
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		// A probe whose caller left says nothing of the store; one that
		// ran out of time says it does not answer.
		r.at, r.err = now, err
	}
	return err
}
