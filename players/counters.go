package players

import (
	"context"
	"sync"
	"time"
)

// Counters keep the sign-in guard's buckets (see guard.go) where every
// replica that judges a sign-in sees them: models keeps them in
// PostgreSQL, which several replicas share; on SQLite one process serves,
// and NewMemCounters keeps them in its memory.
//
// A bucket is one time, its theoretical arrival time (GCRA): the zero time,
// or any time not after now, is a full bucket. The arithmetic is the
// domain's (bucket.go); the store only makes each Update whole.
type Counters interface {
	// Update reads the buckets of keys (the zero time for one it does not
	// hold), hands them to fn, and keeps what fn answers, in one step that
	// no other Update of the same keys, in this process or another, comes
	// between. fn may run more than once (a retried transaction).
	Update(ctx context.Context, keys []string, fn func(tats []time.Time) []time.Time) error
	// Prune forgets the buckets full since before: they read as new.
	Prune(ctx context.Context, before time.Time) error
}

// memCounters are Counters in this process's memory.
type memCounters struct {
	mu sync.Mutex
	m  map[string]time.Time
}

// NewMemCounters keeps the buckets in this process's memory: for a store
// that one process alone serves (SQLite), and the domain's tests.
func NewMemCounters() Counters { return &memCounters{m: map[string]time.Time{}} }

func (c *memCounters) Update(_ context.Context, keys []string, fn func([]time.Time) []time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	tats := make([]time.Time, len(keys))
	for i, k := range keys {
		tats[i] = c.m[k]
	}
	for i, t := range fn(tats) {
		c.m[keys[i]] = t
	}
	return nil
}

func (c *memCounters) Prune(_ context.Context, before time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, t := range c.m {
		if t.Before(before) {
			delete(c.m, k)
		}
	}
	return nil
}
