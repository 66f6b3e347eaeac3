package players

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"

	"github.com/alexedwards/argon2id"
)

// Hashing's bounds: at most a quarter of the cores (at least one) hash at
// a time, so that sign-ins, however many, leave the rest to play; behind
// them wait at most QueueFirst checks of addresses that asked for few
// lately, and at most QueueLast of those that asked for many (see
// guard.ask), which go after and leave the slot to rest after each (see
// matches). A check takes its place before anything else is done for it
// (its buckets, its account read), so that no more checks than these
// reach the store at once. Past that a check is refused at once (Busy,
// 503 with Retry-After) rather than left to wait: a flood of guesses from
// many addresses keeps the second queue full, and a real sign-in beside it
// waits only in the first, for the hash under way.
const (
	QueueFirst = 16
	QueueLast  = 4
	// QueueWait bounds a check's wait for its slot, well within a
	// request's store deadline: past it the check is Busy too, never an
	// outage of the database.
	QueueWait = 2 * time.Second
)

var queueBounds = [2]int{QueueFirst, QueueLast}

// hasher runs Argon2id within those bounds.
type hasher struct {
	params *argon2id.Params

	mu      sync.Mutex
	slots   int
	running int                // slots held, or handed to a ticket
	queues  [2][]chan struct{} // first, last: the tickets that wait
}

func newHasher(params *argon2id.Params) *hasher {
	return &hasher{params: params, slots: max(1, runtime.GOMAXPROCS(0)/4)}
}

// ticket is a place taken in the hasher: a slot, or a place in a queue.
type ticket struct {
	h    *hasher
	q    int
	turn chan struct{} // closed when the slot is the ticket's
	last bool
}

func queueIndex(last bool) int {
	if last {
		return 1
	}
	return 0
}

// enter takes a place for a check of this class (last: its address asks
// often): a free slot, or the end of its class's queue; ErrBusy when that
// is full.
func (h *hasher) enter(last bool) (*ticket, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := &ticket{h: h, q: queueIndex(last), turn: make(chan struct{}), last: last}
	if h.running < h.slots && len(h.queues[0])+len(h.queues[1]) == 0 {
		h.running++
		close(t.turn)
		return t, nil
	}
	if len(h.queues[t.q]) >= queueBounds[t.q] {
		return nil, ErrBusy
	}
	h.queues[t.q] = append(h.queues[t.q], t.turn)
	return t, nil
}

// wait waits for the ticket's slot, QueueWait at most (then ErrBusy).
func (t *ticket) wait(ctx context.Context) error {
	select {
	case <-t.turn:
		return nil
	default:
	}
	timer := time.NewTimer(QueueWait)
	defer timer.Stop()
	select {
	case <-t.turn:
		return nil
	case <-timer.C:
		return ErrBusy
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return ErrBusy
		}
		return ctx.Err()
	}
}

// leave gives the ticket's place up: its slot to the next ticket, or its
// place in its queue.
func (t *ticket) leave() {
	h := t.h
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-t.turn:
		h.handOver()
		return
	default:
	}
	for i, c := range h.queues[t.q] {
		if c == t.turn {
			h.queues[t.q] = append(h.queues[t.q][:i], h.queues[t.q][i+1:]...)
			return
		}
	}
}

// handOver gives a slot that is let go to the first ticket of the first
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
// in it), in the ticket's slot.
func (t *ticket) hash(ctx context.Context, p string) (string, error) {
	if err := t.wait(ctx); err != nil {
		return "", err
	}
	return argon2id.CreateHash(p, t.h.params)
}

// matches compares p with hash in constant time, in the ticket's slot.
func (t *ticket) matches(ctx context.Context, p, hash string) (bool, error) {
	if err := t.wait(ctx); err != nil {
		return false, err
	}
	start := time.Now()
	ok, err := argon2id.ComparePasswordAndHash(p, hash)
	if t.last {
		// The slot rests for half the hash: checks that a flood's
		// addresses ask for take at most two thirds of a core, and the
		// requests around them the rest of it.
		time.Sleep(time.Since(start) / 2)
	}
	return ok, err
}
