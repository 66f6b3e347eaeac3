package analysis

import (
	"container/list"
	"context"
	"errors"
	"sync"
	"time"
)

// ErrPending is a Cache's word that an analysis is under way and did not
// finish within its asker's wait: it goes on, and a later ask gets it.
var ErrPending = errors.New("the analysis is under way")

// Cache keeps finished analyses by a key (a finished game's id, a file's
// hash), so that a second read costs nothing, and computes each once
// however many ask at once: in the background, bounded by its own time, so
// that an asker who stops waiting stops nothing. Errors are kept too: an
// analysis is deterministic.
type Cache struct {
	max   int
	bound time.Duration

	mu      sync.Mutex
	entries map[string]*list.Element
	lru     list.List // of *cached, the least recently used last
}

type cached struct {
	key  string
	done chan struct{}
	a    *Analysis
	err  error
}

// NewCache keeps at most max analyses, each computed within bound.
func NewCache(max int, bound time.Duration) *Cache {
	return &Cache{max: max, bound: bound, entries: map[string]*list.Element{}}
}

// Get is the analysis kept under key, computing it with compute if none
// is kept or under way. It waits for it while ctx lasts: ErrPending when
// ctx ends first (the computation goes on).
func (c *Cache) Get(ctx context.Context, key string, compute func(ctx context.Context) (*Analysis, error)) (*Analysis, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok {
		c.lru.MoveToFront(e)
	} else {
		e = c.lru.PushFront(&cached{key: key, done: make(chan struct{})})
		c.entries[key] = e
		for c.lru.Len() > c.max {
			old := c.lru.Back()
			c.lru.Remove(old)
			delete(c.entries, old.Value.(*cached).key)
		}
	}
	entry := e.Value.(*cached)
	c.mu.Unlock()
	if !ok {
		go func() {
			cctx, cancel := context.WithTimeout(context.Background(), c.bound)
			defer cancel()
			entry.a, entry.err = compute(cctx)
			close(entry.done)
		}()
	}
	select {
	case <-entry.done:
		return entry.a, entry.err
	case <-ctx.Done():
		return nil, ErrPending
	}
}
