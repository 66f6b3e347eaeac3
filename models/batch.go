package models

import (
	"context"
	"sync"
	"time"
)

// batcher gathers the calls that arrive while the database is busy into one
// statement: a call made while fewer than max batches are under way starts
// one at once (a batch of one, no added wait), and calls that arrive
// meanwhile queue and go together in the next batch. Under load a round
// trip, a statement and a commit then serve many calls instead of one each;
// when idle nothing changes. Batches run on goroutines of their own, so
// that every caller stops waiting when its own context ends (a database
// that does not answer must not hold a request past its deadline).
type batcher[Req, Res any] struct {
	max  int // batches under way at once
	size int // calls in one batch at most
	// run executes one batch; it answers every call (res and err set).
	run func(ctx context.Context, calls []*call[Req, Res])
	// conflicts, when set, says whether two calls cannot share a batch (the
	// later one waits for the next).
	conflicts func(a, b Req) bool

	mu      sync.Mutex
	queue   []*call[Req, Res]
	running int
	largest int // the largest batch run so far (tests)
	runners sync.WaitGroup
}

type call[Req, Res any] struct {
	req  Req
	res  Res
	err  error
	done chan struct{} // closed once answered
}

// batchTimeout bounds one batch: it runs for many callers, so no one
// caller's context may cancel it.
const batchTimeout = 15 * time.Second

func newBatcher[Req, Res any](max, size int, run func(context.Context, []*call[Req, Res])) *batcher[Req, Res] {
	return &batcher[Req, Res]{max: max, size: size, run: run}
}

// do runs req in a batch and returns its answer, or ctx's error when ctx
// ends first. A call still queued is then dropped; a call already in a batch
// under way is left to it: it may still take effect, and its caller must
// treat the outcome as unknown.
func (b *batcher[Req, Res]) do(ctx context.Context, req Req) (Res, error) {
	c := b.put(req)
	select {
	case <-c.done:
		return c.res, c.err
	case <-ctx.Done():
	}
	b.mu.Lock()
	for i, q := range b.queue {
		if q == c {
			b.queue = append(b.queue[:i], b.queue[i+1:]...)
			break
		}
	}
	b.mu.Unlock()
	var zero Res
	return zero, ctx.Err()
}

// put queues req, starting a goroutine of batches if fewer than max run,
// and returns its call, for a caller who waits for it (see do), or not.
func (b *batcher[Req, Res]) put(req Req) *call[Req, Res] {
	c := &call[Req, Res]{req: req, done: make(chan struct{})}
	b.mu.Lock()
	b.queue = append(b.queue, c)
	if b.running < b.max {
		b.running++
		b.runners.Add(1)
		go b.batches()
	}
	b.mu.Unlock()
	return c
}

// batches runs batches from the queue while it holds calls.
func (b *batcher[Req, Res]) batches() {
	defer b.runners.Done()
	for {
		b.mu.Lock()
		batch := b.take()
		if len(batch) == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		b.largest = max(b.largest, len(batch))
		b.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
		b.run(ctx, batch)
		cancel()
		for _, c := range batch {
			close(c.done)
		}
	}
}

// take removes the next batch from the queue: in arrival order, at most
// size calls, skipping (for the next batch) a call that conflicts with one
// already taken. b.mu is held.
func (b *batcher[Req, Res]) take() []*call[Req, Res] {
	var batch []*call[Req, Res]
	rest := b.queue[:0]
	for _, c := range b.queue {
		if len(batch) == b.size || b.conflicts != nil && b.conflictsWith(batch, c.req) {
			rest = append(rest, c)
			continue
		}
		batch = append(batch, c)
	}
	clear(b.queue[len(rest):])
	b.queue = rest
	return batch
}

func (b *batcher[Req, Res]) conflictsWith(batch []*call[Req, Res], r Req) bool {
	for _, c := range batch {
		if b.conflicts(c.req, r) {
			return true
		}
	}
	return false
}
