package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/api/park"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

// A stream is GET /games/{id}/events asked for as Server-Sent Events or as
// NDJSON: the events after the caller's last one, then each new one as it
// happens, until game_over. Like a long-poll it follows the game's table
// (see follow) and waits on its one signal; its events are those of the
// list, rendered once per viewer and version (renderEvents), which every
// stream of that viewer then writes out.

// heartbeatEvery is how often an idle stream sends a comment, below the
// 15 s the contract promises, so that proxies keep idle connections open.
const heartbeatEvery = 10 * time.Second

// streamWriteTimeout bounds each write to a stream: a client that stops
// reading is dropped instead of holding its goroutine forever.
const streamWriteTimeout = 30 * time.Second

type streamFormat int

const (
	notStream streamFormat = iota
	sseStream
	ndjsonStream
)

// streamFormatOf picks the stream the Accept header asks for, the first
// one named winning; anything else gets the list.
func streamFormatOf(accept string) streamFormat {
	for _, part := range strings.Split(accept, ",") {
		media, params, _ := strings.Cut(part, ";")
		if refused(params) {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(media)) {
		case "text/event-stream":
			return sseStream
		case "application/x-ndjson":
			return ndjsonStream
		}
	}
	return notStream
}

// streamRoutes are the operations whose every answer is a stream.
var streamRoutes = map[string]bool{"/v1/games/:id/events/sse": true, "/v1/games/:id/events/ndjson": true,
	"/v1/me/events/sse": true, "/v1/me/events/ndjson": true, "/v1/lobby/events/sse": true, "/v1/lobby/events/ndjson": true,
	"/v1/rooms/:id/events/sse": true, "/v1/rooms/:id/events/ndjson": true}

// isStream tells a request answered by a stream: one to a stream's own
// operation, or one that asks getEvents for a stream by its Accept.
func isStream(c *gin.Context) bool {
	return streamRoutes[c.FullPath()] || streamFormatOf(c.GetHeader("Accept")) != notStream
}

// refused says whether media type parameters carry q=0.
func refused(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q == 0
		}
	}
	return false
}

// streamHub is the server's part of the streams: how many are open, and
// the clock of their heartbeats (tests bring one).
type streamHub struct {
	open   atomic.Int64
	ticker atomic.Pointer[func(time.Duration) (<-chan time.Time, func())] // nil: time's
}

// encodedEvent is an event as viewer may see it, encoded: a game's (seq)
// or a chat line (line, after the game's event seq). cursor, when set, is
// its SSE id instead of seq.
type encodedEvent struct {
	seq    int
	line   int
	typ    string
	data   []byte
	cursor string
}

// renderKey names a game's events as one viewer may see them.
type renderKey struct {
	game    string
	version int64
	viewer  int
}

func (h *streamHub) tick(d time.Duration) (<-chan time.Time, func()) {
	if f := h.ticker.Load(); f != nil {
		return (*f)(d)
	}
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// setTicker replaces the heartbeat clock (tests).
func (h *streamHub) setTicker(f func(time.Duration) (<-chan time.Time, func())) { h.ticker.Store(&f) }

// renderEvents is st's events as viewer may see them, encoded once for
// the lists and the streams, however many ask: the game's log replayed
// from the deal, an event an entry, and the game_over event of a game its
// cards ended. The log is the truth, so events are derived, never stored;
// seq numbers them from 1, so events[i] has seq i+1.
func (s *Server) renderEvents(st *play.State, viewer int) ([]encodedEvent, error) {
	return s.events.get(renderKey{game: st.ID, version: st.Version, viewer: viewer}, func() ([]encodedEvent, error) {
		out := make([]encodedEvent, 0, st.EventCount())
		if st.EventCount() == 0 {
			return out, nil
		}
		g, err := engine.NewSeeded(*st.Config, st.Seed)
		if err != nil {
			return nil, fmt.Errorf("game %s: deal: %w", st.ID, err)
		}
		for i, e := range st.Log {
			ev, err := g.Apply(e.Action)
			if err != nil {
				return nil, fmt.Errorf("game %s: stored action %d does not replay: %w", st.ID, i, err)
			}
			data, typ := appendEvent(nil, st.Config, i+1, ev, st.Seats, viewer, st.Game.Over(), e.Auto)
			out = append(out, encodedEvent{seq: i + 1, typ: typ, data: data})
		}
		if r, over := g.Result(); over && !st.EndLogged {
			out = append(out, encodedEvent{seq: len(st.Log) + 1, typ: "game_over", data: appendGameOver(nil, len(st.Log)+1, g.Turn(), r)})
		}
		return out, nil
	})
}

// eventsJSON is the page of st's events after after, as viewer may see
// them: those the streams send (renderEvents), in a list; with its chat
// lines after chatAfter among them (chatAfter < 0: no chat), but those
// of the players muted.
func (s *Server) eventsJSON(st *play.State, after, viewer, chatAfter int, muted string) ([]byte, error) {
	evs, err := s.renderEvents(st, viewer)
	if err != nil {
		return nil, err
	}
	b := append(make([]byte, 0, 256), `{"events":[`...)
	for _, ev := range withChat(evs, after, st, chatAfter, muted) {
		b = append(comma(b), ev.data...)
	}
	b = append(b, `],"version":`...)
	b = strconv.AppendInt(b, st.Version, 10)
	b = append(b, `,"chat_last":`...)
	b = appendIntOrNull(b, max(chatAfter, st.ChatLines), chatAfter >= 0)
	return append(b, '}'), nil
}

// follow holds game id's table for a waiter, and reads the game: the
// table is followed before the read, so that a change between the read
// and the wait still wakes it. Close t when done (t is nil for an id no
// game can have).
func (s *Server) follow(ctx context.Context, id string) (t play.Follower, st *play.State, err error) {
	if !play.ValidID(id) {
		return nil, nil, play.ErrNotFound
	}
	t = s.games.Follow(id)
	ctx, cancel := s.storeCtx(ctx)
	defer cancel()
	st, err = t.Read(ctx)
	return t, st, err
}

// stillAllowed says whether the request's token still works: a stream ends
// when it expires, no longer names a seat of the game, or names an
// occupancy that ended (its seat was left).
func (s *Server) stillAllowed(c *gin.Context, st *play.State) bool {
	if err := s.auth.Recheck(c.Request.Context(), callerOf(c)); err != nil {
		return false
	}
	_, err := s.admit(c, st, park.Events)
	return err == nil
}

// lastEventID reads Last-Event-ID, with which a reconnecting client resumes;
// it wins over ?after.
func lastEventID(c *gin.Context, after int) (int, error) {
	n, _, err := lastEventIDs(c, after, -1)
	return n, err
}

// lastEventIDs reads Last-Event-ID as a stream with the chat writes it,
// "<seq>.<line>" (the last game event and the last chat line sent), or
// "<seq>" alone; each part wins over its query parameter.
func lastEventIDs(c *gin.Context, after, chatAfter int) (int, int, error) {
	vals, sent := c.Request.Header["Last-Event-Id"]
	if !sent {
		return after, chatAfter, nil
	}
	raw := vals[0]
	seq, line, chat := strings.Cut(raw, ".")
	n, err := digits(seq)
	if err == nil && chat {
		chatAfter, err = digits(line)
	}
	if err != nil {
		return 0, 0, badRequest("Last-Event-ID must be an event's seq, or seq.line with the chat, got %q", truncate(raw, 32))
	}
	return n, chatAfter, nil
}

// digits reads 1–9 decimal digits.
func digits(s string) (int, error) {
	if len(s) == 0 || len(s) > 9 || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(s)
}

// streamEvents answers an events request as a stream (see getEvents).
func (s *Server) streamEvents(c *gin.Context, after int, format streamFormat) {
	chatAfter, err := chatQuery(c)
	if err == nil {
		after, chatAfter, err = lastEventIDs(c, after, chatAfter)
	}
	var muted string
	if err == nil && chatAfter >= 0 {
		muted, err = s.muted(c)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.shuttingDown() {
		s.fail(c, errShuttingDown)
		return
	}
	ctx := c.Request.Context()
	t, st, err := s.follow(ctx, c.Param("id"))
	defer func() {
		if t != nil { // nil too once a taken-over stream holds it
			t.Close()
		}
	}()
	if err != nil {
		s.fail(c, err)
		return
	}
	viewer, err := s.admit(c, st, park.Events)
	if err != nil {
		s.fail(c, err)
		return
	}

	s.streams.open.Add(1)
	if tk, taken := s.parker.TakeOver(c.Writer, c.Request, streamWriteTimeout); taken {
		setStreamHeaders(c.Writer.Header(), format)
		c.Set(ctxParked, true) // observed when it ends, below
		o := park.Outcome{Route: c.FullPath(), Path: c.Request.URL.Path, Client: c.ClientIP(),
			Seat: seatOf(c), Start: c.GetTime(ctxStart), Status: http.StatusOK}
		if tk.Start(http.StatusOK, c.Writer.Header()) != nil {
			tk.Release(false)
			s.streams.open.Add(-1)
			o.Status = 499 // the client has gone
			s.answered(ctx, http.MethodGet, o)
			return
		}
		// The handler returns now; the stream goes on in a goroutine of
		// its own, which owns the follower.
		cc := c.Copy()
		cc.Request = c.Request.WithContext(context.WithoutCancel(ctx))
		held := t
		t = nil
		go func() {
			defer s.streams.open.Add(-1)
			defer held.Close()
			write := func(frames []byte) bool { return tk.Write(frames) == nil }
			tk.Release(s.pumpEvents(cc, held, st, viewer, after, chatAfter, muted, format, streamOut{write: write, done: tk.Gone()}))
			s.answered(cc.Request.Context(), http.MethodGet, o)
		}()
		return
	}
	defer s.streams.open.Add(-1)
	write, ok := s.startStream(c, format)
	if !ok {
		return
	}
	s.pumpEvents(c, t, st, viewer, after, chatAfter, muted, format, streamOut{write: write, done: ctx.Done()})
}

// streamOut is where a stream's frames go: write sends them at once,
// false once the client has gone; done is closed when the client goes.
type streamOut struct {
	write func([]byte) bool
	done  <-chan struct{}
}

// pumpEvents writes st's events after sent (and its chat after chatSent)
// to out, then each new one as the game goes on, until game_over, the
// token stops working, the client goes or the server shuts down. ended
// says the stream came to its natural end.
func (s *Server) pumpEvents(c *gin.Context, t play.Follower, st *play.State, viewer, sent, chatSent int, muted string, format streamFormat, out streamOut) (ended bool) {
	beat, stopBeat := s.streams.tick(heartbeatEvery)
	defer stopBeat()
	var frames []byte
	send := func() bool {
		ok := out.write(frames)
		frames = trim(frames)
		return ok
	}
	for {
		evs, err := s.renderEvents(st, viewer)
		if err != nil {
			s.log.Error("stream: events do not render", "game", st.ID, "err", err.Error())
			return false
		}
		if items := withChat(evs, sent, st, chatSent, muted); len(items) > 0 || chatSent >= 0 && chatSent < st.ChatLines {
			for _, ev := range items {
				if ev.typ == "chat" {
					chatSent = ev.line
				} else {
					sent = ev.seq
				}
				if chatSent >= 0 {
					// The frame's id is both cursors, for Last-Event-ID.
					ev.cursor = strconv.Itoa(sent) + "." + strconv.Itoa(chatSent)
				}
				frames = appendFrame(frames, format, &ev)
			}
			if chatSent >= 0 {
				chatSent = max(chatSent, st.ChatLines) // muted lines too are past
			}
			if len(frames) > 0 && !send() {
				return false
			}
		}
		if n := len(evs); n > 0 && evs[n-1].typ == "game_over" && sent >= evs[n-1].seq && chatSent < 0 {
			return true // a reader of the chat hears what is said after the game too
		}
		// Wait on the table for a newer snapshot, beating meanwhile; the
		// token is asked again on every wake, and of every snapshot.
		for {
			cur, changed := t.Latest()
			if cur.Version > st.Version || chatSent >= 0 && cur.ChatLines > chatSent {
				st = cur
				break
			}
			select {
			case <-changed:
			case <-beat:
				if frames = appendFrame(frames, format, nil); !send() {
					return false
				}
				s.seenAtTable(c, shadowOf(c)) // a signed-in spectator still watches
			case <-out.done:
				return false
			case <-s.shutdown:
				return true
			}
			if !s.stillAllowed(c, st) {
				return true
			}
		}
		if !s.stillAllowed(c, st) {
			return true
		}
	}
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

// trim empties a buffer for reuse, and lets go of one that a backlog grew:
// a stream lives long, and most of its writes are one small event.
func trim(b []byte) []byte {
	if cap(b) > 4<<10 {
		return nil
	}
	return b[:0]
}

// setStreamHeaders sets what every stream's answer says of itself.
func setStreamHeaders(h http.Header, format streamFormat) {
	if format == sseStream {
		h.Set("Content-Type", "text/event-stream")
	} else {
		h.Set("Content-Type", "application/x-ndjson")
	}
	h.Set("Cache-Control", "private, no-cache")
	h.Set("Vary", "Authorization, Accept")
	h.Set("X-Accel-Buffering", "no") // a buffering proxy would hold the events back
}

// appendFrame appends ev as the stream's format frames it: an SSE event (id, type
// and data) or a line of NDJSON. Without ev, a heartbeat: a comment for
// SSE and an empty line for NDJSON, which readers of either skip.
func appendFrame(b []byte, format streamFormat, ev *encodedEvent) []byte {
	switch {
	case ev == nil && format == sseStream:
		return append(b, ": keep-alive\n\n"...)
	case ev == nil:
		return append(b, '\n')
	case format == ndjsonStream:
		return append(append(b, ev.data...), '\n')
	}
	if ev.cursor != "" {
		b = append(append(b, "id: "...), ev.cursor...)
	} else {
		b = strconv.AppendInt(append(b, "id: "...), int64(ev.seq), 10)
	}
	b = append(append(append(b, "\nevent: "...), ev.typ...), "\ndata: "...)
	return append(append(b, ev.data...), "\n\n"...)
}
