package auth

import (
	"sync"
	"time"
)

// tokenCache remembers tokens whose signature checked out, so that a seat
// polling many times a second pays for the HMAC and the JSON once. It is
// keyed by the whole token, so a changed byte is a miss; an entry is used
// only until the token expires. Revocation is not the cache's business: a
// left seat's token still parses, and the occupancy check after it refuses.
type tokenCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*seatClaims
}

func newTokenCache(max int) *tokenCache {
	return &tokenCache{max: max, entries: map[string]*seatClaims{}}
}

// get returns the claims of raw if it was verified before and has not
// expired by now.
func (c *tokenCache) get(raw string, now time.Time) *seatClaims {
	c.mu.Lock()
	defer c.mu.Unlock()
	cl := c.entries[raw]
	if cl == nil {
		return nil
	}
	if cl.ExpiresAt == nil || !now.Before(cl.ExpiresAt.Time) {
		delete(c.entries, raw)
		return nil
	}
	return cl
}

func (c *tokenCache) put(raw string, cl *seatClaims) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.max {
		// Dropping all is cheap and fair: the busy seats come back at once.
		clear(c.entries)
	}
	c.entries[raw] = cl
}
