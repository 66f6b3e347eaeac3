package players

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// A sign-in is judged before any hashing: an address or a name that failed
// too often lately is refused at once (429 with how long to wait), so that
// guessing costs the server nothing but this lookup. The buckets are this
// process's: each replica keeps its own.
var (
	// NameFailures: five wrong passwords for one name, then one every
	// three minutes.
	NameFailures = Limit{Every: 3 * time.Minute, Burst: 5}
	// AddrFailures: twenty from one address, then one every thirty seconds.
	AddrFailures = Limit{Every: 30 * time.Second, Burst: 20}
	// AddrSignUps: accounts made from one address: ten, then one a minute.
	AddrSignUps = Limit{Every: time.Minute, Burst: 10}
)

// Limit is a bucket of Burst, refilled one every Every.
type Limit struct {
	Every time.Duration
	Burst int
}

// buckets holds one bucket per key and forgets those that are full again.
type buckets struct {
	limit Limit
	mu    sync.Mutex
	m     map[string]*rate.Limiter
	swept time.Time
}

func newBuckets(l Limit) *buckets { return &buckets{limit: l, m: map[string]*rate.Limiter{}} }

// wait is how long key must wait for a token (0: one is there now).
func (b *buckets) wait(key string, now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	lim := b.m[key]
	if lim == nil {
		return 0
	}
	tokens := lim.TokensAt(now)
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) * float64(b.limit.Every))
}

// take uses one of key's tokens.
func (b *buckets) take(key string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.swept) > time.Minute {
		for k, lim := range b.m {
			if lim.TokensAt(now) >= float64(b.limit.Burst) {
				delete(b.m, k)
			}
		}
		b.swept = now
	}
	lim := b.m[key]
	if lim == nil {
		lim = rate.NewLimiter(rate.Every(b.limit.Every), b.limit.Burst)
		b.m[key] = lim
	}
	lim.AllowN(now, 1)
}

// tooMany is the refusal to wait d.
func tooMany(d time.Duration) *Error {
	secs := int(math.Ceil(d.Seconds()))
	return &Error{Code: TooManyTries, Msg: "too many failed attempts; try again later", RetryAfter: max(secs, 1)}
}
