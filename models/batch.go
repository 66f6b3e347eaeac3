package models

import (
	"context"
	"sync"
	"time"
)

// batcher gathers the calls that arrive while the database is busy into one
// statement: a call made while fewer than max batches are under way runs at
// once (a batch of one, no added wait), and calls that arrive meanwhile queue
// and go together in the next batch. Under load a round trip, a statement
// and a commit then serve many calls instead of one each; when idle nothing
// changes. A batch runs on a goroutine that one of its callers starts, so
// that every caller, its leader too, stops waiting when its own context
// ends (a database that does not answer must not hold a request past its
// deadline); when it ends the next queued caller leads the next batch.
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
	largest int // the largest batch run so far (b.mu; tests)
}

type call[Req, Res any] struct {
	req Req
	res Res
	err error
	// done gets true when the call is answered, false when its caller is to
	// lead the next batch.
	done chan bool
	led  bool // handed the lead (b.mu); a call is handed it once at most
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
	// Room for both signals a call can get: the lead, then its answer
	// from a batch that another leader took it into meanwhile.
	c := &call[Req, Res]{req: req, done: make(chan bool, 2)}
	b.mu.Lock()
	b.queue = append(b.queue, c)
	lead := b.running < b.max
	if lead {
		b.running++
	}
	b.mu.Unlock()
	for {
		if lead {
			go b.lead(ctx)
		}
		select {
		case answered := <-c.done:
			if answered {
				return c.res, c.err
			}
			lead = true
		case <-ctx.Done():
			return b.abandon(c, ctx.Err())
		}
	}
}

// abandon takes c out of the queue for a caller that stops waiting. A call
// handed the lead passes it on, now or when the lead reaches it.
func (b *batcher[Req, Res]) abandon(c *call[Req, Res], err error) (Res, error) {
	var zero Res
	b.mu.Lock()
	queued := false
	for i, q := range b.queue {
		if q == c {
			b.queue = append(b.queue[:i], b.queue[i+1:]...)
			queued = true
			break
		}
	}
	select {
	case answered := <-c.done:
		if answered {
			b.mu.Unlock()
			return c.res, c.err
		}
		b.next()
		b.mu.Unlock()
		return zero, err
	default:
	}
	b.mu.Unlock()
	if !queued {
		// In a batch under way: nobody waits for its answer, but a lead
		// handed to it before the batch took it must still be passed on.
		go func() {
			for !<-c.done {
				b.mu.Lock()
				b.next()
				b.mu.Unlock()
			}
		}()
	}
	return zero, err
}

// lead runs one batch from the queue's head, then hands the lead to the
// next queued call, if any.
func (b *batcher[Req, Res]) lead(ctx context.Context) {
	b.mu.Lock()
	batch := b.take()
	b.largest = max(b.largest, len(batch))
	b.mu.Unlock()
	if len(batch) > 0 {
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), batchTimeout)
		b.run(bctx, batch)
		cancel()
		for _, c := range batch {
			c.done <- true
		}
	}
	b.mu.Lock()
	b.next()
	b.mu.Unlock()
}

// next hands the lead to the first queued call that has not had it, or
// gives it up when there is none. b.mu is held.
func (b *batcher[Req, Res]) next() {
	for _, c := range b.queue {
		if !c.led {
			c.led = true
			c.done <- false
			return
		}
	}
	b.running--
}

// take removes the next batch from the queue: in arrival order, at most
// size calls, skipping (for the next batch) a call that conflicts with one
// already taken. b.mu is held.
func (b *batcher[Req, Res]) take() []*call[Req, Res] {
	n := min(len(b.queue), b.size)
	if b.conflicts == nil {
		batch := make([]*call[Req, Res], n)
		copy(batch, b.queue)
		old := len(b.queue)
		b.queue = b.queue[:copy(b.queue, b.queue[n:])]
		clear(b.queue[len(b.queue):old])
		return batch
	}
	var batch []*call[Req, Res]
	rest := b.queue[:0]
	for _, c := range b.queue {
		if len(batch) == b.size || b.conflictsWith(batch, c.req) {
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
