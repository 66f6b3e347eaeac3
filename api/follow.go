package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/play"
)

// This file is the API's one follower: every long-poll and every stream
// (a game's view, its events and chat, the lobby, a player's feed, a
// replay room) reads its feed through feed.Poll or feed.Stream, here. Each
// asks the caller's credential again on every wake (a token signed out or
// revoked meanwhile ends it), and every read is the feed's own, which
// decides what the caller may see.

// waitFor is what bounds the request's waiting: shutdown, and its caller's
// credential, asked again on each wake, and at once when the credential
// may have stopped working, as soon as that can be told (see
// watchCredential). done lets go of what it watches.
func (s *Server) waitFor(c *gin.Context) (w feed.Wait, done func()) {
	w = feed.Wait{Stop: s.shutdown, Still: s.stillFor(c)}
	if w.Still == nil {
		return w, func() {}
	}
	cw := s.watchCredential(callerOf(c))
	if cw == nil {
		return w, func() {}
	}
	w.Wake = cw.wake
	return w, cw.stop
}

// stillFor asks the caller's credential again (nil: nothing to ask).
func (s *Server) stillFor(c *gin.Context) func(ctx context.Context) error {
	by := callerOf(c)
	if by.Via == auth.None {
		return nil
	}
	watching, _ := c.Value(ctxStillWatching).(func(context.Context) error) // see readSpec
	return func(ctx context.Context) error {
		if !by.Offline() || watching != nil {
			var cancel context.CancelFunc
			ctx, cancel = s.storeCtx(ctx)
			defer cancel()
		}
		err := s.auth.Recheck(ctx, by)
		if err == nil && watching != nil {
			err = watching(ctx)
		}
		return err
	}
}

// poll answers a long-poll: try answers from the feed (fresh on the first
// and last asking, final once the wait is over); changed is the feed's
// signal.
func (s *Server) poll(c *gin.Context, changed func() <-chan struct{}, try func(ctx context.Context, fresh, final bool) (park.Answer, bool), wait time.Duration) {
	w, done := s.waitFor(c)
	a, err := feed.Poll(c.Request.Context(), changed, try, wait, w)
	done()
	if err != nil {
		s.fail(c, err)
		return
	}
	s.write(c, a)
}

// pageAnswer is a long-poll's answer of a feed's page: its entries, and
// where they leave the reader ({"events": [...], "last": N}).
func pageAnswer(p feed.Page) park.Answer {
	b := append(make([]byte, 0, 256), `{"events":[`...)
	for _, e := range p.Entries {
		b = append(comma(b), e.Data...)
	}
	b = strconv.AppendInt(append(b, `],"last":`...), p.Last.N, 10)
	return park.Answer{Status: http.StatusOK, ContentType: jsonType, Body: append(b, '}')}
}

// pollPage is poll over a source whose answer is its page (pageAnswer):
// ready once it holds an entry, or moved past ones the reader does not
// get, or the wait is over.
func (s *Server) pollPage(c *gin.Context, src feed.Source, after feed.Pos, wait time.Duration) {
	route := c.FullPath()
	s.poll(c, src.Changed, func(ctx context.Context, fresh, final bool) (park.Answer, bool) {
		p, err := src.Read(ctx, after, fresh)
		switch {
		case err != nil:
			return s.problem(ctx, route, err), true
		case len(p.Entries) == 0 && p.Last.N == after.N && !final:
			return park.Answer{}, false
		}
		return pageAnswer(p), true
	}, wait)
}

// longPoll answers a read of a game's view or events (spec says which, for
// whom and since when; see answer): at once, or, with a wait, once the
// game holds something new for spec or the wait runs out. A request that
// must wait is parked when it can (see tryPark), the same answer deciding
// for both; otherwise it waits on the game's table, holding nothing but the
// table's channel: no database connection, no lock, no state.
func (s *Server) longPoll(c *gin.Context, spec park.Spec, wait time.Duration) {
	id := c.Param("id")
	var t play.Follower
	if wait > 0 {
		if !play.ValidID(id) {
			s.fail(c, play.ErrNotFound)
			return
		}
		// Followed before the first read, so that a change between that
		// read and the wait still wakes it.
		t = s.games.Follow(id)
	}
	buf := getBuf()
	defer putBuf(buf)
	first, parked, waiting := true, false, false
	defer func() {
		if waiting {
			s.waiters.Add(-1)
		}
	}()
	changed := func() <-chan struct{} {
		if t == nil {
			return nil
		}
		_, ch := t.Latest()
		return ch
	}
	s.poll(c, changed, func(ctx context.Context, fresh, final bool) (park.Answer, bool) {
		var st *play.State
		var err error
		out := buf
		switch {
		case fresh && t != nil:
			rctx, cancel := s.storeCtx(ctx)
			st, err = t.Read(rctx)
			cancel()
		case fresh:
			st, err = s.load(ctx, id)
		default:
			// An answer that many woken waiters may share is rendered
			// once for all.
			st, _ = t.Latest()
			out = nil
		}
		a, ready := s.answer(spec, st, err, final || err != nil, out)
		if first {
			first = false
			if !ready && s.tryPark(c, t, st, wait, spec) {
				parked = true
				return a, true
			}
			// Not parked: it waits here, and counts among the waiters.
			waiting = !ready
			if waiting {
				s.waiters.Add(1)
			}
		}
		return a, ready
	}, wait)
	if t != nil && !parked { // a parked request's follower is the parker's
		t.Close()
	}
}

// stream serves src to the request as a stream in format from after: the
// first page read fresh, then each new entry as it comes, until the feed
// ends, the caller's credential stops working, the client goes or the
// server shuts down. A feed that refuses its first read is answered as a
// problem, before any stream begins. Behind the parking listener the
// stream takes its connection over and goes on in a goroutine of its own
// (see park.Taken); else it holds its handler. release runs once the
// stream is done with src; beaten after each heartbeat, given the stream's
// own context (a taken-over stream's outlives the handler's).
func (s *Server) stream(c *gin.Context, src feed.Source, after feed.Pos, format streamFormat, release func(), beaten func(*gin.Context)) {
	if s.shuttingDown() {
		release()
		s.fail(c, errShuttingDown)
		return
	}
	w, unwatch := s.waitFor(c) // before anything is read or sent
	done := func() {
		unwatch()
		release()
	}
	ctx := c.Request.Context()
	ch := src.Changed()
	first, err := src.Read(ctx, after, true)
	if err != nil {
		done()
		s.fail(c, err)
		return
	}
	s.streams.open.Add(1)
	if tk, taken := s.parker.TakeOver(c.Writer, c.Request, streamWriteTimeout); taken {
		setStreamHeaders(c.Writer.Header(), format)
		c.Set(ctxParked, true) // observed when it ends, below
		o := park.Outcome{Route: c.FullPath(), Path: c.Request.URL.Path, Client: clientIP(c),
			Seat: seatOf(c), Start: c.GetTime(ctxStart), Status: http.StatusOK}
		if tk.Start(http.StatusOK, c.Writer.Header()) != nil {
			tk.Release(false)
			s.streams.open.Add(-1)
			done()
			o.Status = 499 // the client has gone
			s.answered(ctx, http.MethodGet, o)
			return
		}
		// The handler returns now; the stream goes on in a goroutine of
		// its own, which owns src.
		cc := c.Copy()
		cc.Request = c.Request.WithContext(context.WithoutCancel(ctx))
		go func() {
			defer s.streams.open.Add(-1)
			defer done()
			out := &frames{format: format, write: func(b []byte) bool { return tk.Write(b) == nil }, gone: tk.Gone()}
			tk.Release(s.follow(cc, src, first, ch, out, beaten, w))
			s.answered(cc.Request.Context(), http.MethodGet, o)
		}()
		return
	}
	defer s.streams.open.Add(-1)
	defer done()
	write, ok := s.startStream(c, format)
	if !ok {
		return
	}
	s.follow(c, src, first, ch, &frames{format: format, write: write, gone: ctx.Done()}, beaten, w)
}

// follow runs a stream's loop (feed.Stream) with the server's heartbeat,
// bounded by w (see waitFor).
func (s *Server) follow(c *gin.Context, src feed.Source, first feed.Page, ch <-chan struct{}, out feed.Out, beaten func(*gin.Context), w feed.Wait) bool {
	beat, stopBeat := s.streams.tick(heartbeatEvery)
	defer stopBeat()
	var onBeat func()
	if beaten != nil {
		onBeat = func() { beaten(c) }
	}
	return feed.Stream(c.Request.Context(), src, first, ch, out, beat, onBeat, w)
}

// startStream answers 200 with a stream's headers, and returns how its
// frames are written: each write flushed at once and bounded by its own
// deadline (the server's WriteTimeout is for answers, not for streams);
// false once the client has gone.
func (s *Server) startStream(c *gin.Context, format streamFormat) (write func([]byte) bool, ok bool) {
	setStreamHeaders(c.Writer.Header(), format)
	rc := http.NewResponseController(c.Writer)
	// The request is read; only writes matter now.
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	c.Status(http.StatusOK)
	c.Writer.WriteHeaderNow()
	if rc.Flush() != nil {
		return nil, false
	}
	return func(frames []byte) bool {
		_, err := c.Writer.Write(frames)
		return err == nil && rc.Flush() == nil && rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) == nil
	}, true
}

// from reads where a reader of a feed is: the query parameter name (after,
// or since), or, for a stream, Last-Event-ID when sent, which wins; given
// is false when it names none. wait is a long-poll's.
func (s *Server) from(c *gin.Context, name string, stream bool) (pos int64, given bool, wait time.Duration, err error) {
	_, given = c.GetQuery(name)
	if pos, err = int64Query(c, name); err != nil {
		return 0, false, 0, err
	}
	if vals, sent := c.Request.Header["Last-Event-Id"]; stream && sent {
		last, err := position(vals[0])
		return last, true, 0, err
	}
	if !stream {
		wait, err = s.waitQuery(c)
	}
	return pos, given, wait, err
}

// position reads a Last-Event-ID that a feed of one position wrote (the
// lobby's, a player's, a room's): its entry's id, which grows past what a
// game's event numbers reach, up to the 18 digits that ?after= takes.
func position(raw string) (int64, error) {
	if len(raw) == 0 || len(raw) > 18 || strings.IndexFunc(raw, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, badRequest("Last-Event-ID must be an event's id, got %q", truncate(raw, 32))
	}
	return strconv.ParseInt(raw, 10, 64)
}

// load reads game id, within the deadline of one request's database work.
func (s *Server) load(ctx context.Context, id string) (*play.State, error) {
	// A request that does not wait has its deadline already
	// (storeDeadline), and a second one no sooner would only cost a
	// context hung on the request's.
	if d, ok := ctx.Deadline(); !ok || time.Until(d) > s.cfg.StoreTimeout {
		var cancel context.CancelFunc
		ctx, cancel = s.storeCtx(ctx)
		defer cancel()
	}
	return s.games.Load(ctx, id)
}
