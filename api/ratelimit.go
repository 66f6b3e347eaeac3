package api

import (
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"

	"github.com/hanabi-server/hanabi/fault"
)

// Limit is a token bucket: PerSecond requests on average, bursts of Burst.
// A zero PerSecond turns the limit off.
type Limit struct {
	PerSecond float64
	Burst     int
}

// limiters holds one bucket per key (a client address, or a game's seat)
// and forgets the ones that stayed idle, so that the map stays small.
type limiters struct {
	limit   Limit
	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
	idle    time.Duration
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiters(l Limit) *limiters {
	return &limiters{limit: l, buckets: map[string]*bucket{}, idle: 10 * time.Minute}
}

// allow takes a token for key, or says how long until one is free.
func (l *limiters) allow(key string, now time.Time) (bool, time.Duration) {
	if l == nil || l.limit.PerSecond <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > l.idle {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[key]
	if b == nil {
		burst := max(l.limit.Burst, 1)
		b = &bucket{lim: rate.NewLimiter(rate.Limit(l.limit.PerSecond), burst)}
		l.buckets[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Second
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// unlimited are the operational endpoints: an orchestrator's probes and a
// scraper must get through while a client floods the server.
var unlimited = map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true, "/v1/healthz": true, "/v1/readyz": true, "/v1/metrics": true}

// limitAddr is the per-address middleware, in front of every request that
// is not operational, routed or not.
func (s *Server) limitAddr(c *gin.Context) {
	if unlimited[c.Request.URL.Path] {
		c.Next()
		return
	}
	ok, wait := s.addrLimits.allow(clientKey(c), s.now())
	if !ok {
		s.tooMany(c, wait)
		return
	}
	c.Next()
}

func (s *Server) tooMany(c *gin.Context, wait time.Duration) {
	c.Header("Retry-After", retryAfterSeconds(wait.Seconds()))
	s.fail(c, errorf(fault.TooMany, codeRateLimited, "too many requests; retry after %s", retryAfterSeconds(wait.Seconds())+"s"))
}
