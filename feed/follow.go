package feed

import (
	"context"
	"time"
)

// Pos is a reader's position in a feed: every entry after it is new to
// it. N is the feed's sequence (an event's seq, an id, a version); Sub a
// second one that a feed interleaves with the first (a game's chat lines
// among its events), -1 when the reader does not follow it.
type Pos struct {
	N, Sub int64
}

// Entry is one entry of a feed, rendered: its position (a reader who has
// it is at Pos), its type and its data.
type Entry struct {
	Pos  Pos
	Type string
	Data []byte
}

// Page is what one read of a feed answers: the entries after the reader's
// position, and where they leave it (past entries it was not given too:
// the lines of players it muted). More: a full page, read again at once.
// End: nothing will ever follow (a finished game's events).
type Page struct {
	Entries []Entry
	Last    Pos
	More    bool
	End     bool
}

// Source is a feed as one reader follows it.
type Source interface {
	// Changed is a channel closed at the feed's next change; the follower
	// takes it before each read.
	Changed() <-chan struct{}
	// Read is the page after after. fresh asks for the store of record
	// rather than what this replica last heard: the follower asks it so on
	// its first read and on a wait's last, so that "nothing new" is never
	// said from memory alone. An error ends the reader's follow.
	Read(ctx context.Context, after Pos, fresh bool) (Page, error)
}

// Wait is what bounds a follow, besides its context: the server's
// shutdown (a long-poll answers as if its wait ran out, a stream ends),
// and Still, asked on every wake, which stops a reader whose credential no
// longer works. Wake, when set, is a signal of the credential's own (its
// player signed out, say): a channel closed at its next change, on which
// Still is asked at once, not at the feed's next change or heartbeat. It
// is asked for a channel as the follow begins and after each closing; a
// caller that must not miss a change from before that hands out first a
// channel it took earlier (as api.waitFor does).
type Wait struct {
	Stop  <-chan struct{}
	Still func(ctx context.Context) error
	Wake  func() <-chan struct{}
}

func (w Wait) still(ctx context.Context) error {
	if w.Still == nil {
		return nil
	}
	return w.Still(ctx)
}

func (w Wait) wake() <-chan struct{} {
	if w.Wake == nil {
		return nil // never closes
	}
	return w.Wake()
}

// Poll is a long-poll: try is asked at once (fresh), then after each
// change of changed, until it is ready, or the wait runs out or Stop
// closes, when it is asked a last time (fresh and final) and must answer.
// A context ended answers its error; so does a Still that fails.
func Poll[A any](ctx context.Context, changed func() <-chan struct{}, try func(ctx context.Context, fresh, final bool) (A, bool), wait time.Duration, w Wait) (A, error) {
	var zero A
	ch, wake := changed(), w.wake()
	if a, ready := try(ctx, true, wait <= 0); ready {
		return a, nil
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		final, woken := false, false
		select {
		case <-ch:
		case <-wake:
			woken, wake = true, w.wake()
		case <-timer.C:
			final = true
		case <-w.Stop:
			final = true
		case <-ctx.Done():
			return zero, ctx.Err()
		}
		if err := w.still(ctx); err != nil {
			return zero, err
		}
		if woken {
			continue // the credential holds; the feed has not changed
		}
		ch = changed()
		if a, ready := try(ctx, final, final); ready {
			return a, nil
		}
	}
}

// Out is where a stream's entries go. Send and Beat report false once the
// reader has gone; Gone is closed then.
type Out interface {
	Send(entries []Entry) bool
	Beat() bool
	Gone() <-chan struct{}
}

// Stream follows src for a reader: first, the page its follower read
// (fresh) after taking changed, then each new entry as it comes, with a
// heartbeat at every tick of beat while nothing comes, until a page says
// End, a read or Still fails, or Stop closes (ended true: the stream came
// to its end), or the reader goes (false). beaten, when set, runs after
// each heartbeat.
func Stream(ctx context.Context, src Source, first Page, changed <-chan struct{}, out Out, beat <-chan time.Time, beaten func(), w Wait) (ended bool) {
	page, ch, wake := first, changed, w.wake()
	for {
		if len(page.Entries) > 0 && !out.Send(page.Entries) {
			return false
		}
		if page.End {
			return true
		}
		if !page.More {
			if ended, stop := waitChange(ctx, ch, &wake, out, beat, beaten, w); stop {
				return ended
			}
		}
		ch = src.Changed()
		var err error
		if page, err = src.Read(ctx, page.Last, false); err != nil {
			return true
		}
	}
}

// waitChange waits for ch, beating meanwhile, and asks Still on every
// wake (and on each closing of *wake, which it takes again); stop says
// the stream is over (and ended how).
func waitChange(ctx context.Context, ch <-chan struct{}, wake *<-chan struct{}, out Out, beat <-chan time.Time, beaten func(), w Wait) (ended, stop bool) {
	for {
		select {
		case <-ch:
			return true, w.still(ctx) != nil
		case <-*wake:
			*wake = w.wake()
		case <-beat:
			if !out.Beat() {
				return false, true
			}
			if beaten != nil {
				beaten()
			}
		case <-out.Gone():
			return false, true
		case <-w.Stop:
			return true, true
		case <-ctx.Done():
			return false, true
		}
		if w.still(ctx) != nil {
			return true, true
		}
	}
}
