package models

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/play"
)

// listener holds one connection that LISTENs for every change, hands each
// to the store's listener in commit order, and sends the store's barriers.
// A lost connection ends a listening (an epoch): what was heard in it
// proves nothing in the next.
type listener struct {
	config   *pgx.ConnConfig
	schema   string // notifications from stores of other schemas are skipped
	barriers string // the channel of this store's barriers
	hear     func(string, play.Stamp)
	// hearPlayer is told the player each player event was written for,
	// or "" when any may have been (the listening was lost).
	hearPlayer func(string)
	log        *slog.Logger
	cancel     context.CancelFunc
	done       chan struct{}

	// The listening under way (0 while away), and the barrier's rounds,
	// numbered from 1 as taken, by the listening or by an append batch (see
	// take): next is the next one's, asked the newest a reader waits for, out
	// the listening's own round out (one at a time; 0: none) and when it was
	// sent, back the newest come back. changed is closed when back moves or a
	// listening ends; wake ends the listening's wait for a notification.
	mu                                    sync.Mutex
	epoch, epochs, next, asked, out, back uint64
	sentAt                                time.Time
	changed                               chan struct{}
	wake                                  context.CancelFunc
	pid                                   atomic.Uint32 // backend of the current connection, for tests
	reconnected, refuseUntil              atomic.Int64  // reconnects; connecting fails until then (unix ns; tests)
}

// While the listener is away, every failed attempt tells that any game may
// have changed (every waiter re-reads): the backoff's cap is the longest a
// wake-up can be late. A reader waits for a barrier no longer than
// barrierLate, and one that arrives while a round has been out that long
// asks the store at once. A round out for barrierLost means the connection
// is gone, however quiet. After listenIdleCheck of quiet, a round checks
// that the connection is alive. listenerConfig, when set, changes the
// listener's connection settings (tests: a proxy of its own).
var (
	listenBackoffMin = 50 * time.Millisecond
	listenBackoffMax = 500 * time.Millisecond
	barrierLate      = 500 * time.Millisecond
	barrierLost      = 5 * time.Second
	listenIdleCheck  = 30 * time.Second
	listenerConfig   func(*pgx.ConnConfig)
	errRefused       = errors.New("listener: connecting refused for a test")
	errBarrierLost   = errors.New("listener: a barrier did not come back")
)

// startListener connects and LISTENs before it returns, then keeps
// listening in a goroutine.
func startListener(ctx context.Context, config *pgx.ConnConfig, hear func(string, play.Stamp), hearPlayer func(string), log *slog.Logger) (*listener, error) {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if config = config.Copy(); listenerConfig != nil {
		listenerConfig(config)
	}
	l := &listener{config: config, barriers: "hanabi_barrier_" + play.NewID()[:12], hear: hear, hearPlayer: hearPlayer, log: log,
		done: make(chan struct{}), changed: make(chan struct{}), wake: func() {}, next: 1}
	conn, err := l.connect(ctx)
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	go l.run(runCtx, conn)
	return l, nil
}

// connect connects and LISTENs, and starts a listening.
func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	if time.Now().UnixNano() < l.refuseUntil.Load() {
		return nil, errRefused
	}
	ctx, cancel := context.WithTimeout(ctx, barrierLost)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, l.config.Copy())
	if err != nil {
		return nil, err
	}
	err = conn.QueryRow(ctx, "SELECT current_schema()").Scan(&l.schema)
	if err == nil { // a barrier changes nothing: it need not wait for the disk
		_, err = conn.Exec(ctx, "SET synchronous_commit = off; LISTEN "+notifyChannel+"; LISTEN "+playersChannel+"; LISTEN "+l.barriers)
	}
	if err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	l.pid.Store(conn.PgConn().PID())
	l.mu.Lock()
	l.epochs++
	l.epoch = l.epochs
	l.mu.Unlock()
	return conn, nil
}

func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	defer close(l.done)
	backoff := listenBackoffMin
	for {
		for conn == nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, listenBackoffMax)
			c, err := l.connect(ctx)
			if err != nil {
				l.hear("", play.Stamp{})
				l.hearPlayer("")
				continue
			}
			conn, backoff = c, listenBackoffMin
			l.reconnected.Add(1)
			l.log.Info("listening for other replicas' changes again")
			l.hear("", play.Stamp{}) // what was sent meanwhile is lost
			l.hearPlayer("")
		}
		err := l.listen(ctx, conn)
		l.mu.Lock() // the listening ends, and its round out with it
		l.epoch, l.out = 0, 0
		close(l.changed)
		l.changed = make(chan struct{})
		l.mu.Unlock()
		if ctx.Err() == nil {
			l.log.Warn("lost the connection that listens for other replicas' changes; reconnecting", "err", err.Error())
		}
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
		conn = nil
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return
		}
		l.hear("", play.Stamp{}) // what was in flight is lost: wake everyone now
		l.hearPlayer("")
	}
}

// listen hands on conn's notifications and sends the rounds asked for,
// until the connection fails or ctx ends.
func (l *listener) listen(ctx context.Context, conn *pgx.Conn) error {
	mine := l.barriers + "." // the tag of a round a batch of this store carries
	for {
		round, out, wait, cancel := l.round(ctx)
		if round != 0 {
			sendCtx, done := context.WithTimeout(ctx, barrierLost)
			_, err := conn.Exec(sendCtx, "SELECT pg_notify($1, $2)", l.barriers, strconv.FormatUint(round, 10))
			if done(); err != nil {
				cancel()
				return err
			}
		}
		n, err := conn.WaitForNotification(wait)
		quiet := errors.Is(wait.Err(), context.DeadlineExceeded)
		cancel()
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil && out && quiet:
			return errBarrierLost
		case err != nil && quiet:
			// A connection that went quiet may be half-open (a dropped
			// network path raises no error): a round must come back.
			l.mu.Lock()
			l.asked = l.next
			l.mu.Unlock()
		case errors.Is(err, context.Canceled): // woken: a barrier is asked for
		case err != nil:
			return err
		case n.Channel == l.barriers:
			l.came(n.Payload)
		case n.Channel == playersChannel:
			if schema, id, ok := strings.Cut(n.Payload, "/"); ok && schema == l.schema {
				l.hearPlayer(id)
			}
		default:
			schema, tag, games := parsePayload(n.Payload)
			if schema != "" && schema != l.schema {
				continue // another schema's games
			}
			for _, g := range games {
				l.hear(g.id, g.st)
			}
			if r, ok := strings.CutPrefix(tag, mine); ok {
				l.came(r) // after its batch's games, which it proves heard too
			}
		}
	}
}

// round is the round to send now (0: none), whether one is out, and the
// wait for a notification: until the round out is lost, or, with none out,
// until a quiet spell's check or a reader asks for a round (wake). Rounds
// are sent when a reader waits for one not yet taken: while append batches
// go, theirs serve (see take).
func (l *listener) round(ctx context.Context) (round uint64, out bool, wait context.Context, cancel context.CancelFunc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.asked >= l.next && l.out == 0 {
		round, l.out, l.sentAt = l.next, l.next, time.Now()
		l.next++
	}
	d := listenIdleCheck
	if out = l.out != 0; out {
		d = max(barrierLost-time.Since(l.sentAt), time.Millisecond)
	}
	if wait, cancel = context.WithTimeout(ctx, d); !out {
		l.wake = cancel
	}
	return round, out, wait, cancel
}

// came notes round r (a payload's number) back.
func (l *listener) came(r string) {
	n, _ := strconv.ParseUint(r, 10, 64)
	l.mu.Lock()
	defer l.mu.Unlock()
	if n == l.out {
		l.out = 0
	}
	if n > l.back && n < l.next {
		l.back = n
		close(l.changed)
		l.changed = make(chan struct{})
	}
}

// take gives an append batch a round to carry, as the tag of its
// notification (see appendBatch), at no cost of a transaction of its own;
// failed, when the batch failed, has the listening send one instead.
func (l *listener) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next++
	return l.barriers + "." + strconv.FormatUint(l.next-1, 10)
}

func (l *listener) failed() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.asked = max(l.asked, l.next)
	l.wake()
}

// barrier waits for a round taken after the call to come back (see
// play.Store.Barrier): a notification queued at its commit, which Postgres
// delivers after every one queued before it; readers waiting meanwhile
// share it.
func (l *listener) barrier(ctx context.Context) (uint64, error) {
	l.mu.Lock()
	e := l.epoch
	if e == 0 || l.out != 0 && time.Since(l.sentAt) > barrierLate {
		l.mu.Unlock()
		return 0, play.ErrNoBarrier
	}
	want := l.next
	if l.asked < want {
		l.asked = want
		l.wake()
	}
	timer := time.NewTimer(barrierLate)
	defer timer.Stop()
	for l.epoch == e && l.back < want {
		ch := l.changed
		l.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-timer.C:
			return 0, play.ErrNoBarrier
		}
		l.mu.Lock()
	}
	defer l.mu.Unlock()
	if l.epoch != e {
		return 0, play.ErrNoBarrier
	}
	return e, nil
}

func (l *listener) stop() {
	l.cancel()
	<-l.done
}
