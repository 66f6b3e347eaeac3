package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/internal/accept"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
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
func streamFormatOf(header string) streamFormat {
	for media := range accept.Taken(header) {
		switch media {
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

// streamHub is the server's part of the streams: how many are open, and
// the clock of their heartbeats (tests bring one).
type streamHub struct {
	open   atomic.Int64
	ticker atomic.Pointer[func(time.Duration) (<-chan time.Time, func())] // nil: time's
}

// encodedEvent is an event as viewer may see it, encoded: a game's (seq)
// or a chat line (line, after the game's event seq).
type encodedEvent struct {
	seq  int
	line int
	typ  string
	data []byte
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
			data, typ := appendEvent(nil, st.Config, i+1, ev, st.Seats, viewer, st.Game.Over(), e.Auto, e.WhyFor(st.Config, viewer, st.Game.Over()))
			out = append(out, encodedEvent{seq: i + 1, typ: typ, data: data})
		}
		if r, over := g.Result(); over && !st.EndLogged {
			out = append(out, encodedEvent{seq: len(st.Log) + 1, typ: "game_over", data: appendGameOver(nil, len(st.Log)+1, g.Turn(), r)})
		}
		if st.Next != "" {
			seq := len(out) + 1
			out = append(out, encodedEvent{seq: seq, typ: "next_game", data: appendNextGame(nil, seq, g.Turn(), st.Next)})
		}
		return out, nil
	})
}

// eventsJSON is the page of st's events after after, as viewer may see
// them: those the streams send (renderEvents), in a list; with its chat
// lines after chatAfter among them (chatAfter < 0: no chat), but those
// of the players muted.
func (s *Server) eventsJSON(st *play.State, after, viewer, chatAfter int, muted players.Mutes) ([]byte, error) {
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

// frames writes a stream's entries, framed as its format frames them (see
// appendFrame).
type frames struct {
	format streamFormat
	write  func([]byte) bool
	gone   <-chan struct{}
	buf    []byte
}

func (f *frames) Send(entries []feed.Entry) bool {
	f.buf = f.buf[:0]
	for i := range entries {
		f.buf = appendFrame(f.buf, f.format, &entries[i])
	}
	ok := f.write(f.buf)
	f.buf = trim(f.buf)
	return ok
}

func (f *frames) Beat() bool {
	f.buf = appendFrame(f.buf[:0], f.format, nil)
	return f.write(f.buf)
}

func (f *frames) Gone() <-chan struct{} { return f.gone }

// appendFrame appends e as the stream's format frames it: an SSE event (its
// position as its id, its type, its data) or a line of NDJSON. Without e, a
// heartbeat: a comment for SSE and an empty line for NDJSON, which readers
// of either skip. A position with a second part (a game's chat line among
// its events) is written "<seq>.<line>", for Last-Event-ID.
func appendFrame(b []byte, format streamFormat, e *feed.Entry) []byte {
	switch {
	case e == nil && format == sseStream:
		return append(b, ": keep-alive\n\n"...)
	case e == nil:
		return append(b, '\n')
	case format == ndjsonStream:
		return append(append(b, e.Data...), '\n')
	}
	b = strconv.AppendInt(append(b, "id: "...), e.Pos.N, 10)
	if e.Pos.Sub >= 0 {
		b = strconv.AppendInt(append(b, '.'), e.Pos.Sub, 10)
	}
	b = append(append(append(b, "\nevent: "...), e.Type...), "\ndata: "...)
	return append(append(b, e.Data...), "\n\n"...)
}
