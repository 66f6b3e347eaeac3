package api

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// outage follows the database's failures as requests meet them, so that an
// outage is one story in the log (when it began, how many requests it
// refused, when it ended) and not a line per request, and so that clients
// are told to come back later the longer it lasts.
type outage struct {
	mu      sync.Mutex
	began   time.Time // zero: no outage
	last    time.Time // the latest failure
	logged  time.Time // the latest line about it
	refused int       // since that line
}

// quietEnd is how long without a failure ends an outage; logEvery spaces
// the lines while it lasts.
const (
	quietEnd = 10 * time.Second
	logEvery = 10 * time.Second
)

// failed records one request refused for the outage, logs when it should,
// and returns the seconds the client should wait: half the outage's age so
// far, between 1 and 30.
func (o *outage) failed(ctx context.Context, log *slog.Logger, now time.Time, err error) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.began.IsZero() || now.Sub(o.last) > quietEnd {
		if !o.began.IsZero() && o.refused > 0 {
			log.WarnContext(ctx, "database outage ended", "lasted", o.last.Sub(o.began).Round(time.Millisecond).String(), "refused", o.refused)
		}
		o.began, o.logged, o.refused = now, now, 0
		log.ErrorContext(ctx, "database unavailable: answering 503", "err", err.Error())
	}
	o.last = now
	o.refused++
	if now.Sub(o.logged) >= logEvery {
		log.ErrorContext(ctx, "database still unavailable", "for", now.Sub(o.began).Round(time.Second).String(), "refused", o.refused, "err", err.Error())
		o.logged, o.refused = now, 0
	}
	return min(max(int(now.Sub(o.began).Seconds()/2), 1), 30)
}
