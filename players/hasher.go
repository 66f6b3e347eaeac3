package players

import (
	"context"
	"runtime"
	"sync"

	"github.com/alexedwards/argon2id"
)

// Hashing's bounds: at most a quarter of the cores (at least one) hash at
// a time, so that sign-ins, however many, leave the rest to play; behind
// them wait at most QueueFirst checks of addresses that asked for few
// lately, and at most QueueLast of those that asked for many (see
// guard.ask), which go after. Past that a check is refused at
// once (Busy, 503 with Retry-After) rather than left to wait: a flood of
// guesses from many addresses keeps the second queue full, and a real
// sign-in beside it waits only in the first, for the hash under way.
const (
	QueueFirst = 16
	QueueLast  = 4
)

// hasher runs Argon2id within those bounds.
type hasher struct {
	params *argon2id.Params

	mu      sync.Mutex
	slots   int
	running int
	queues  [2][]chan struct{} // first, last
}

func newHasher(params *argon2id.Params) *hasher {
	return &hasher{params: params, slots: max(1, runtime.GOMAXPROCS(0)/4)}
}

var queueBounds = [2]int{QueueFirst, QueueLast}

// room says whether a check of this class (last: its address asks often)
// would be taken now: asked before its reservation is made, so
// that a flood refused here costs no store call.
func (h *hasher) room(last bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	q := queueIndex(last)
	return h.running < h.slots || len(h.queues[q]) < queueBounds[q]
}

func queueIndex(last bool) int {
	if last {
		return 1
	}
	return 0
}

// acquire takes a slot, waiting in its class's queue while the queue has
// room; ErrBusy when it has none.
func (h *hasher) acquire(ctx context.Context, last bool) error {
	h.mu.Lock()
	q := queueIndex(last)
	if h.running < h.slots && len(h.queues[0])+len(h.queues[1]) == 0 {
		h.running++
		h.mu.Unlock()
		return nil
	}
	if len(h.queues[q]) >= queueBounds[q] {
		h.mu.Unlock()
		return ErrBusy
	}
	turn := make(chan struct{})
	h.queues[q] = append(h.queues[q], turn)
	h.mu.Unlock()
	select {
	case <-turn:
		return nil
	case <-ctx.Done():
		h.mu.Lock()
		defer h.mu.Unlock()
		for i, c := range h.queues[q] {
			if c == turn {
				h.queues[q] = append(h.queues[q][:i], h.queues[q][i+1:]...)
				return ctx.Err()
			}
		}
		// The slot was handed over as the context ended: pass it on.
		h.handOver()
		return ctx.Err()
	}
}

func (h *hasher) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.handOver()
}

// handOver gives a slot that is let go to the first waiter of the first
// queue, else of the last; with none, it is free. h.mu is held.
func (h *hasher) handOver() {
	for q := range h.queues {
		if len(h.queues[q]) > 0 {
			next := h.queues[q][0]
			h.queues[q] = h.queues[q][1:]
			close(next)
			return
		}
	}
	h.running--
}

// hash is p's Argon2id hash in the PHC string format (its salt and costs
// in it).
func (h *hasher) hash(ctx context.Context, p string, last bool) (string, error) {
	if err := h.acquire(ctx, last); err != nil {
		return "", err
	}
	defer h.release()
	return argon2id.CreateHash(p, h.params)
}

// matches compares p with hash in constant time.
func (h *hasher) matches(ctx context.Context, p, hash string, last bool) (bool, error) {
	if err := h.acquire(ctx, last); err != nil {
		return false, err
	}
	defer h.release()
	return argon2id.ComparePasswordAndHash(p, hash)
}
