package models

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/hanabi-server/hanabi/play"
)

// publisher tells the other replicas which games changed. A NOTIFY inside
// the writing transaction would make Postgres serialise every such commit,
// its disk flush included, on the notification queue's lock: about one move
// per flush for the whole cluster. So writes commit without it, and one
// goroutine per store sends what changed since its last round, all of it in
// one short transaction that does not wait for the disk: a notification lost
// in a crash costs nothing, as every listener wakes all its waiters when its
// connection comes back.
type publisher struct {
	db      *pgxpool.Pool
	payload func(gameID string, st play.Stamp) string

	mu      sync.Mutex
	pending map[string]play.Stamp
	kick    chan struct{}
	done    chan struct{}
	stopped chan struct{}
}

func startPublisher(db *pgxpool.Pool, payload func(gameID string, st play.Stamp) string) *publisher {
	p := &publisher{
		db: db, payload: payload, pending: map[string]play.Stamp{},
		kick: make(chan struct{}, 1), done: make(chan struct{}), stopped: make(chan struct{}),
	}
	go p.run()
	return p
}

// publish queues a game's change to st, merged with any still queued;
// it never blocks the writer.
func (p *publisher) publish(gameID string, st play.Stamp) {
	p.mu.Lock()
	p.pending[gameID] = newest(p.pending[gameID], st)
	p.mu.Unlock()
	p.wake()
}

// wake has the next round run.
func (p *publisher) wake() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// newest is the stamp that says both a and b have happened.
func newest(a, b play.Stamp) play.Stamp {
	return play.Stamp{Version: max(a.Version, b.Version), NotesRev: max(a.NotesRev, b.NotesRev)}
}

func (p *publisher) run() {
	defer close(p.stopped)
	for {
		select {
		case <-p.kick:
		case <-p.done:
			p.flush() // what was committed before Close still goes out
			return
		}
		p.flush()
	}
}

const notifySQL = `SELECT set_config('synchronous_commit', 'off', true), count(pg_notify($1, x))
FROM unnest($2::text[]) AS x`

func (p *publisher) flush() {
	p.mu.Lock()
	if len(p.pending) == 0 {
		p.mu.Unlock()
		return
	}
	sent := p.pending
	p.pending = make(map[string]play.Stamp, len(sent))
	payloads := make([]string, 0, len(sent))
	for id, st := range sent {
		payloads = append(payloads, p.payload(id, st))
	}
	p.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// One statement, so one round trip and its own transaction: set_config
	// (local to that transaction) spares its commit the wait for the disk.
	_, err := p.db.Exec(ctx, notifySQL, notifyChannel, payloads)
	if err != nil {
		// Try once more on the next round rather than lose the wake-up.
		p.mu.Lock()
		for id, st := range sent {
			p.pending[id] = newest(p.pending[id], st)
		}
		p.mu.Unlock()
		select {
		case <-p.done:
		case <-time.After(100 * time.Millisecond):
			p.wake()
		}
	}
}

func (p *publisher) stop() {
	select {
	case <-p.done:
	default:
		close(p.done)
	}
	<-p.stopped
}
