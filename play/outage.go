package play

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Outage follows the database's failures as requests and the sweeper meet
// them, so that an outage is one story in the log (when it began, every
// logEvery how many requests it refused, when it ended) and not a line per
// failure, and so that clients are told to come back later the longer it
// lasts. One is shared by the whole process.
type Outage struct {
	active  atomic.Bool
	mu      sync.Mutex
	began   time.Time // zero: no outage
	last    time.Time // the latest failure
	logged  time.Time // the latest line about it
	refused int       // since that line
	total   int       // in the whole outage
}

// logEvery spaces the lines while an outage lasts; quietEnd without a
// failure ends one.
const (
	logEvery = 10 * time.Second
	quietEnd = 10 * time.Second
)

// Failed records one failure of the outage, logs when it should, and
// returns the seconds a client should wait: half the outage's age so far,
// between 1 and 30.
func (o *Outage) Failed(ctx context.Context, log *slog.Logger, now time.Time, err error) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.began.IsZero() && now.Sub(o.last) > quietEnd {
		// Nothing said it ended (no sweeper ran), but nothing failed for
		// a while: that one is over, and this is another.
		o.endLocked(ctx, log, o.last)
	}
	if o.began.IsZero() {
		o.began, o.logged, o.refused, o.total = now, now, 0, 0
		o.active.Store(true)
		log.ErrorContext(ctx, "database unavailable: answering 503", "err", err.Error())
	}
	o.last = now
	o.refused++
	o.total++
	if now.Sub(o.logged) >= logEvery {
		log.ErrorContext(ctx, "database still unavailable", "for", now.Sub(o.began).Round(time.Second).String(), "refused", o.refused, "err", err.Error())
		o.logged, o.refused = now, 0
	}
	return min(max(int(now.Sub(o.began).Seconds()/2), 1), 30)
}

// Active reports whether an outage is being told.
func (o *Outage) Active() bool { return o.active.Load() }

// Served records work that the database served (a sweep, a readiness
// probe's write): it ends the outage, if one was told, with one line.
func (o *Outage) Served(ctx context.Context, log *slog.Logger) {
	if !o.active.Load() {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.endLocked(ctx, log, time.Now())
}

// endLocked ends the outage at end: when work was served again, or, when
// nothing said so, at its last failure. Its line counts every refusal.
func (o *Outage) endLocked(ctx context.Context, log *slog.Logger, end time.Time) {
	if o.began.IsZero() {
		return
	}
	log.WarnContext(ctx, "database outage ended", "lasted", end.Sub(o.began).Round(time.Millisecond).String(), "refused", o.total)
	o.began = time.Time{}
	o.active.Store(false)
}
