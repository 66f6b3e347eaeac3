package models

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hanabi-server/hanabi/play"
)

// listener holds one dedicated connection that LISTENs for other replicas'
// changes and passes them to the store's listener (see Store.Listen). A
// notification only wakes waiters sooner: no read trusts having heard of
// every change, so a lost or late one costs a wake-up's delay, never a
// stale answer.
type listener struct {
	config   *pgx.ConnConfig
	instance string // notifications from this store are skipped
	schema   string // notifications from stores of other schemas too
	hear     func(gameID string, st play.Stamp)
	log      *slog.Logger
	cancel   context.CancelFunc
	done     chan struct{}

	pid         atomic.Uint32 // backend of the current connection, for tests
	reconnected atomic.Int64  // successful reconnects after a lost connection
	// refuseUntil makes connecting fail until then (unix nanoseconds; tests).
	refuseUntil atomic.Int64
}

// While the listener is away, other replicas' changes reach nobody here:
// every failed attempt tells that any game may have changed, so that every
// waiter re-reads its game, and the backoff's cap is also the longest a
// wake-up can be late.
const (
	listenBackoffMin = 50 * time.Millisecond
	listenBackoffMax = 500 * time.Millisecond
)

// listenIdleCheck is how long the listener waits quietly before it checks
// that its connection is alive (a variable for tests).
var listenIdleCheck = 30 * time.Second

// startListener connects and LISTENs before it returns, so that no change
// made after Open is missed; then it keeps listening in a goroutine.
func startListener(ctx context.Context, config *pgx.ConnConfig, instance string, hear func(string, play.Stamp), log *slog.Logger) (*listener, error) {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l := &listener{config: config, instance: instance, hear: hear, log: log, done: make(chan struct{})}
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
	conn, err := pgx.ConnectConfig(ctx, l.config.Copy())
	if err != nil {
		return nil, err
	}
	err = conn.QueryRow(ctx, "SELECT current_schema()").Scan(&l.schema)
	if err == nil {
		_, err = conn.Exec(ctx, "LISTEN "+notifyChannel)
	}
	if err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	l.pid.Store(conn.PgConn().PID())
	return conn, nil
}

// payload is what this store sends when gameID changed to st.
func (l *listener) payload(gameID string, st play.Stamp) string {
	return payload(l.schema, l.instance, gameID, st)
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
				continue
			}
			conn = c
			backoff = listenBackoffMin
			l.reconnected.Add(1)
			l.log.Info("listening for other replicas' changes again")
			// Notifications sent while we were away are lost: every waiter
			// re-reads its game.
			l.hear("", play.Stamp{})
		}
		err := l.listen(ctx, conn)
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
		// Any notification in flight is lost: wake everyone now rather
		// than after the reconnect.
		l.hear("", play.Stamp{})
	}
}

// listen handles notifications on conn until the connection fails or ctx
// ends.
func (l *listener) listen(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := l.wait(ctx, conn, listenIdleCheck)
		if err != nil {
			return err
		}
		if n == nil {
			continue // the connection answered its check
		}
		schema, inst, gameID, st := parsePayload(n.Payload)
		if inst == l.instance && schema == l.schema {
			continue
		}
		if schema != "" && schema != l.schema {
			continue // another schema's games: nothing of ours
		}
		if gameID != "" {
			l.hear(gameID, st)
		}
	}
}

// wait returns the next notification, or nil after d. A connection that
// went quiet may be half-open (a dropped network path raises no error), so
// after a quiet spell of listenIdleCheck it checks that the server still
// answers.
func (l *listener) wait(ctx context.Context, conn *pgx.Conn, d time.Duration) (*pgconn.Notification, error) {
	waitCtx, cancel := context.WithTimeout(ctx, d)
	n, err := conn.WaitForNotification(waitCtx)
	cancel()
	if err == nil || ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
		return n, err
	}
	if d < listenIdleCheck {
		return nil, nil
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	err = conn.Ping(pingCtx)
	cancel()
	return nil, err
}

func (l *listener) stop() {
	l.cancel()
	<-l.done
}
