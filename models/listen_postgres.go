package models

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// listener holds one dedicated connection that LISTENs for other replicas'
// changes and feeds them to the in-process notifier.
type listener struct {
	url      string
	instance string // notifications from this store are skipped
	notifier *notifier
	cancel   context.CancelFunc
	done     chan struct{}

	pid         atomic.Uint32 // backend of the current connection, for tests
	reconnected atomic.Int64  // successful reconnects after a lost connection
	// refuseUntil makes connecting fail until then (unix nanoseconds; tests).
	refuseUntil atomic.Int64
}

// While the listener is away, other replicas' changes reach nobody here:
// every failed attempt wakes every waiter to re-read its game, so the
// backoff's cap is also the longest a wake-up can be late.
const (
	listenBackoffMin = 50 * time.Millisecond
	listenBackoffMax = 500 * time.Millisecond
)

// listenIdleCheck is how long the listener waits quietly before it checks
// that its connection is alive (a variable for tests).
var listenIdleCheck = 30 * time.Second

// startListener connects and LISTENs before it returns, so that no change
// made after Open is missed, then keeps listening in a goroutine.
func startListener(ctx context.Context, url, instance string, n *notifier) (*listener, error) {
	l := &listener{url: url, instance: instance, notifier: n, done: make(chan struct{})}
	conn, err := l.connect(ctx)
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	go l.run(runCtx, conn)
	return l, nil
}

var errRefused = errors.New("listener: connecting refused for a test")

func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	if time.Now().UnixNano() < l.refuseUntil.Load() {
		return nil, errRefused
	}
	conn, err := pgx.Connect(ctx, l.url)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	l.pid.Store(conn.PgConn().PID())
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
				l.notifier.wakeAll()
				continue
			}
			conn = c
			backoff = listenBackoffMin
			l.reconnected.Add(1)
			// Notifications sent while we were away are lost: every waiter
			// re-reads its game.
			l.notifier.wakeAll()
		}
		n, err := l.wait(ctx, conn)
		if err != nil {
			closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
			conn.Close(closeCtx)
			cancel()
			conn = nil
			if ctx.Err() != nil || errors.Is(err, context.Canceled) {
				return
			}
			// The connection is gone, and with it any notification in
			// flight: wake everyone now rather than after the reconnect.
			l.notifier.wakeAll()
			continue
		}
		if inst, gameID := parsePayload(n.Payload); inst != l.instance {
			l.notifier.notify(gameID)
		}
	}
}

// wait returns the next notification. A connection that went quiet may be
// half-open (a dropped network path raises no error), so after a quiet
// spell it checks that the server still answers.
func (l *listener) wait(ctx context.Context, conn *pgx.Conn) (*pgconn.Notification, error) {
	for {
		waitCtx, cancel := context.WithTimeout(ctx, listenIdleCheck)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		if err == nil || ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
			return n, err
		}
		pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = conn.Ping(pingCtx)
		cancel()
		if err != nil {
			return nil, err
		}
	}
}

func (l *listener) stop() {
	l.cancel()
	<-l.done
}
