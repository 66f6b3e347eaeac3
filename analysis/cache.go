package analysis

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrPending is a Cache's word that an analysis is under way and did not
// finish within its asker's wait: it goes on, and a later ask gets it.
var ErrPending = errors.New("the analysis is under way")

// ErrBusy is a Cache's word that as many analyses as it runs at once are
// under way: none is started, and the asker may ask again later. Exact is
// not always quick (a deal whose best score is hard to prove out of reach
// can take the whole bound), and anyone may ask for a file's.
var ErrBusy = errors.New("as many analyses as the server runs at once are under way")

// Cache keeps finished analyses by a key (a finished game's id, a file's
// hash), so that a second read costs nothing, and computes each once
// however many ask at once: in the background, bounded by its own time, so
// that an asker who stops waiting stops nothing. Errors are kept too: an
// analysis is deterministic.
type Cache struct {
	max     int
	bound   time.Duration
	workers int

	mu      sync.Mutex
	entries map[string]*list.Element
	lru     list.List // of *cached, the least recently used last
	running int
}

type cached struct {
	key  string
	done chan struct{}
	a    *Analysis
	err  error
}

// NewCache keeps at most keep analyses, each computed within bound, at most
// workers at once.
func NewCache(keep int, bound time.Duration, workers int) *Cache {
	return &Cache{max: keep, bound: bound, workers: max(workers, 1), entries: map[string]*list.Element{}}
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
		if c.running >= c.workers {
			c.mu.Unlock()
			return nil, ErrBusy
		}
		c.running++
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
			entry.a, entry.err = computeSafely(cctx, compute)
			close(entry.done)
			c.mu.Lock()
			c.running--
			c.mu.Unlock()
		}()
	}
	select {
	case <-entry.done:
		return entry.a, entry.err
	case <-ctx.Done():
		return nil, ErrPending
	}
}

// computeSafely is compute's answer, or its panic as an error: it runs on a
// goroutine of its own, where a panic would end the server, not a request.
func computeSafely(ctx context.Context, compute func(ctx context.Context) (*Analysis, error)) (a *Analysis, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("the analysis failed: %v", r)
		}
	}()
	return compute(ctx)
}
