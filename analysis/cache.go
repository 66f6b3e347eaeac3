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

// ShareError is a Cache's word that the asker has had its share of the
// workers' time: its next analysis may start after Wait. An analysis kept
// or under way costs nothing; one that runs is charged to the asker who
// started it, for as long as it ran.
type ShareError struct {
	Wait time.Duration
	// Running: the asker's own analysis is still under way, and an asker
	// runs one at a time.
	Running bool
}

func (e *ShareError) Error() string {
	if e.Running {
		return "an analysis of yours is under way: one runs at a time for each asker"
	}
	return "your analyses have taken their share of this server's time: ask again in " + e.Wait.Round(time.Second).String()
}

// Share is what of the workers' time one asker may take: Burst at once,
// and over time a Part of one worker (1/20: at most three minutes an
// hour). A file can take the whole bound to analyse, and anyone may post
// one: without a share, one asker could keep every worker busy for good.
type Share struct {
	Burst time.Duration
	Part  float64
}

// DefaultShare lets a player read any number of the analyses its games
// usually need (well under a second each) and holds one who posts files
// that each take the bound to a few an hour.
var DefaultShare = Share{Burst: 30 * time.Second, Part: 1.0 / 20}

// Cache keeps finished analyses by a key (a finished game's id, a file's
// hash), so that a second read costs nothing, and computes each once
// however many ask at once: in the background, bounded by its own time, so
// that an asker who stops waiting stops nothing. Errors are kept too: an
// analysis is deterministic.
type Cache struct {
	max     int
	bound   time.Duration
	workers int

	share Share
	now   func() time.Time // the clock analyses are timed by (tests bring one)

	mu      sync.Mutex
	entries map[string]*list.Element
	lru     list.List // of *cached, the least recently used last
	running int
	// owed is, for each asker who owes time, when it owes none: each
	// analysis it starts moves that later by its time over the share's
	// part (the generic cell rate algorithm, in time rather than tokens).
	owed map[string]time.Time
	// busy is the askers with an analysis under way.
	busy map[string]bool
}

type cached struct {
	key  string
	done chan struct{}
	a    *Analysis
	err  error
}

// NewCache keeps at most keep analyses, each computed within bound, at most
// workers at once, each asker within share.
func NewCache(keep int, bound time.Duration, workers int, share Share) *Cache {
	return &Cache{max: keep, bound: bound, workers: max(workers, 1), share: share, now: time.Now,
		entries: map[string]*list.Element{}, owed: map[string]time.Time{}, busy: map[string]bool{}}
}

// SetClock replaces the clock analyses are timed by (tests).
func (c *Cache) SetClock(now func() time.Time) { c.now = now }

// Get is the analysis kept under key, computing it with compute if none
// is kept or under way, charged to asker (who names a client across
// requests). It waits for it while ctx lasts: ErrPending when ctx ends
// first (the computation goes on).
func (c *Cache) Get(ctx context.Context, key, asker string, compute func(ctx context.Context) (*Analysis, error)) (*Analysis, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok {
		c.lru.MoveToFront(e)
	} else {
		if err := c.mayStart(asker); err != nil {
			c.mu.Unlock()
			return nil, err
		}
		c.running++
		c.busy[asker] = true
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
			start := c.now()
			entry.a, entry.err = computeSafely(cctx, compute)
			took := c.now().Sub(start)
			c.mu.Lock() // the worker is free, and the asker charged, before anyone hears of the end
			c.running--
			delete(c.busy, asker)
			c.charge(asker, took)
			c.mu.Unlock()
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

// mayStart refuses a new analysis while the workers are all busy
// (ErrBusy), while asker's own runs, or while asker owes more than the
// share's burst (*ShareError). c.mu is held.
func (c *Cache) mayStart(asker string) error {
	if c.running >= c.workers {
		return ErrBusy
	}
	if c.busy[asker] {
		return &ShareError{Wait: time.Second, Running: true}
	}
	if c.share.Part <= 0 {
		return nil
	}
	now := c.now()
	limit := time.Duration(float64(c.share.Burst) / c.share.Part) // owed beyond this: wait
	if ahead := c.owed[asker].Sub(now); ahead > limit {
		return &ShareError{Wait: ahead - limit}
	}
	return nil
}

// charge records that asker's analysis took took. c.mu is held.
func (c *Cache) charge(asker string, took time.Duration) {
	if c.share.Part <= 0 {
		return
	}
	now := c.now()
	owed := c.owed[asker]
	if owed.Before(now) {
		owed = now
	}
	c.owed[asker] = owed.Add(time.Duration(float64(took) / c.share.Part))
	if len(c.owed) > 4096 { // forget who owes nothing any more
		for a, t := range c.owed {
			if !t.After(now) {
				delete(c.owed, a)
			}
		}
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
