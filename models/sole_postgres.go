package models

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// A replica that knows it is the only one on its database can trust a copy
// of a game that it keeps up to date itself: every change then passes
// through it, so the copy needs no database read to be current, and nobody
// is there to need its notifications. It knows this through an advisory
// lock (per schema, so that stores in other schemas never count):
//
//   - every replica holds the lock shared, on its listener's connection, for
//     as long as it runs;
//   - a replica that also gets it exclusively is alone, and is sole once it
//     has heard nothing from anyone for soleGrace;
//   - a replica that starts announces itself on the notification channel and
//     keeps asking for the shared lock, which it gets only once the sole one
//     has stopped trusting its copies and let go of the exclusive lock. A new
//     replica therefore serves nothing before the sole one knows of it.
//
// A sole replica also lets go, and waits soleCooldown before it tries again,
// when it hears of a change made by another replica: one that does not take
// part (an older version) or that lost its own connection for a moment.
// Losing its listener's connection ends a sole spell at once.

// The advisory lock's keys: 1214344802 ("Hanb") and the schema's hash.
const (
	soleShared    = "SELECT pg_try_advisory_lock_shared(1214344802, hashtext(current_schema()))"
	soleExclusive = "SELECT pg_try_advisory_lock(1214344802, hashtext(current_schema()))"
	soleUnlock    = "SELECT pg_advisory_unlock(1214344802, hashtext(current_schema()))"
	// soleHolder names the backend that holds the lock exclusively.
	soleHolder = `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
	AND classid = 1214344802 AND objid = hashtext(current_schema())::oid AND mode = 'ExclusiveLock' AND granted AND pid <> pg_backend_pid()`
)

// Timings of the protocol (variables for tests).
var (
	// soleRetry is how often a replica that is not sole tries the
	// exclusive lock.
	soleRetry = time.Second
	// soleGrace is how long a replica that got the exclusive lock must hear
	// of no other replica's change before it trusts being alone: a replica
	// that lost its connection but still writes announces itself by its
	// notifications within it.
	soleGrace = time.Second
	// soleCooldown is how long a replica does not try to be sole after it
	// heard of a change by another replica while it was.
	soleCooldown = time.Minute
	// soleJoinPause is how long a replica that let go for a starting one
	// waits before it tries the exclusive lock again: many of the starter's
	// polls for its shared lock (every soleJoinPoll).
	soleJoinPause = time.Second
	// soleJoinPatience is how long a starting replica asks a sole one to let
	// go before it ends that one's lock session itself (a process that is
	// frozen or cut off from the database cannot answer).
	soleJoinPatience = 10 * time.Second
)

// soleJoinPoll is how often a starting replica asks for its shared lock.
const soleJoinPoll = 25 * time.Millisecond

// soleState is what a store knows about being alone.
type soleState struct {
	// spell is 0 when the store is not sole, else the number of its current
	// sole spell: trust earned in one spell is not carried into the next,
	// whatever happened in between.
	spell  atomic.Uint64
	spells atomic.Uint64
}

func (s *soleState) begin() uint64 {
	n := s.spells.Add(1)
	s.spell.Store(n)
	return n
}

func (s *soleState) end() { s.spell.Store(0) }

// Sole returns 0 unless this store is, provably, the only one writing to its
// database; then it returns the number of the current sole spell. While it
// is sole, every change to any game is made through this store, and OnChange
// hears of it before the writing call returns.
func (s *Store) Sole() uint64 { return s.sole.spell.Load() }

// joinSole takes the shared lock on conn, announcing this replica until a
// sole one lets go of the exclusive lock.
func (l *listener) joinSole(ctx context.Context, conn *pgx.Conn) error {
	start := time.Now()
	for attempt := 0; ; attempt++ {
		var ok bool
		if err := conn.QueryRow(ctx, soleShared).Scan(&ok); err != nil {
			return err
		}
		if ok {
			return nil
		}
		if attempt%20 == 0 {
			// The sole replica lets go when it hears this; it is sent again
			// now and then, in case it was sole-to-be and not listening for it.
			if _, err := conn.Exec(ctx, "SELECT pg_notify($1, $2)", notifyChannel, l.payload("")); err != nil {
				return err
			}
		}
		if time.Since(start) > soleJoinPatience {
			if err := l.endHolder(ctx, conn); err != nil {
				return err
			}
			start = time.Now()
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the sole replica to let go: %w", ctx.Err())
		case <-time.After(soleJoinPoll):
		}
	}
}

// endHolder ends the session of a replica that holds the exclusive lock and
// does not answer: its lock goes with it, and it finds its listener gone.
func (l *listener) endHolder(ctx context.Context, conn *pgx.Conn) error {
	var pid int32
	err := conn.QueryRow(ctx, soleHolder).Scan(&pid)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	l.logger().Warn("the sole replica did not let go of its lock; ending its lock session", "backend", pid, "after", soleJoinPatience.String())
	_, err = conn.Exec(ctx, "SELECT pg_terminate_backend($1)", pid)
	return err
}

// tryExclusive asks for the exclusive lock without waiting.
func tryExclusive(ctx context.Context, conn *pgx.Conn) (bool, error) {
	var ok bool
	err := conn.QueryRow(ctx, soleExclusive).Scan(&ok)
	return ok, err
}

// letGo ends a sole spell (or the grace before one) and gives up the
// exclusive lock, in that order: by the time another replica can start,
// this one trusts nothing it has not checked.
func (l *listener) letGo(ctx context.Context, conn *pgx.Conn) error {
	l.sole.end()
	l.graceUntil = time.Time{}
	if !l.exclusive {
		return nil
	}
	l.exclusive = false
	_, err := conn.Exec(ctx, soleUnlock)
	return err
}

// soleTick moves the protocol on at the listener's own pace: try the lock,
// or become sole once the grace has passed. It returns how long the
// listener may wait before the next tick.
func (l *listener) soleTick(ctx context.Context, conn *pgx.Conn, now time.Time) (time.Duration, error) {
	switch {
	case l.sole.spell.Load() != 0:
		return listenIdleCheck, nil
	case l.exclusive && !now.Before(l.graceUntil):
		l.sole.begin()
		return listenIdleCheck, nil
	case l.exclusive:
		return l.graceUntil.Sub(now), nil
	case now.Before(l.cooldownUntil):
		return min(l.cooldownUntil.Sub(now), listenIdleCheck), nil
	}
	ok, err := tryExclusive(ctx, conn)
	if err != nil {
		return 0, err
	}
	if ok {
		l.exclusive = true
		l.graceUntil = now.Add(soleGrace)
		return soleGrace, nil
	}
	return soleRetry, nil
}

// heard handles what the listener heard from another replica of this
// schema: a start (game "") or a change. Either ends a sole spell and holds
// off the next try: for a moment after a start (the starter polls for its
// shared lock), for soleCooldown after a change.
func (l *listener) heard(ctx context.Context, conn *pgx.Conn, gameID string, now time.Time) error {
	if !l.exclusive && l.sole.spell.Load() == 0 {
		return nil
	}
	// A starting replica needs a moment to take its shared lock before
	// this one tries again.
	l.cooldownUntil = now.Add(soleJoinPause)
	if gameID != "" {
		l.cooldownUntil = now.Add(soleCooldown)
		l.logger().Warn("another replica changed a game while this one held the sole-writer lock; every read is checked for a while", "game", gameID, "for", soleCooldown.String())
	}
	return l.letGo(ctx, conn)
}

// SetLogger gives the store a logger for what it does on its own (the
// sole-writer protocol); without one it logs nothing.
func (s *Store) SetLogger(log *slog.Logger) {
	if s.listener != nil {
		s.listener.log.Store(log)
	}
}
