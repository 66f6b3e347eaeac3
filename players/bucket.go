package players

import "time"

// Limit is a bucket of Burst, refilled one every Every.
type Limit struct {
	Every time.Duration
	Burst int
}

// A bucket is kept as one time, its theoretical arrival time (the generic
// cell rate algorithm): each token taken moves it Every later, starting
// from now; it holds Burst tokens when that time is not after now, none
// when it is Burst×Every or more after now.

// full: nothing taken lately.
func (l Limit) full(tat, now time.Time) bool { return !tat.After(now) }

// wait is how long until a bucket at tat holds a token (0: now).
func (l Limit) wait(tat, now time.Time) time.Duration {
	return max(0, later(tat, now).Add(l.Every).Sub(now)-time.Duration(l.Burst)*l.Every)
}

// take is the bucket with one token fewer; the caller checked wait.
func (l Limit) take(tat, now time.Time) time.Time {
	return later(tat, now).Add(l.Every)
}

// give is the bucket with one token more (never more than full).
func (l Limit) give(tat, now time.Time) time.Time {
	if back := tat.Add(-l.Every); back.After(now) {
		return back
	}
	return time.Time{}
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
