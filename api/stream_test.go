package api

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/variants"
)

// frame is one thing read from a stream: an event, or a heartbeat.
type frame struct {
	id, event string
	data      []byte
	beat      bool
}

// stream reads a stream response on a goroutine of its own; frames arrive
// on its channel, which closes when the server ends the stream.
type stream struct {
	res    *http.Response
	frames chan frame
	cancel context.CancelFunc
}

// openStream opens a game's event stream: at its own operation's path for
// one stream type, at getEvents' (chosen by Accept, as clients of API v1.2
// ask) for any other accept.
func (e *testEnv) openStream(id, token, accept string, headers ...string) *stream {
	e.t.Helper()
	return e.openStreamAt(streamPath(accept), id, token, accept, headers...)
}

// streamPath is the events' operation that answers accept with a stream.
func streamPath(accept string) string {
	switch accept {
	case "text/event-stream":
		return "/events/sse"
	case "application/x-ndjson":
		return "/events/ndjson"
	}
	return "/events"
}

func (e *testEnv) openStreamAt(path, id, token, accept string, headers ...string) *stream {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.t.Cleanup(cancel)
	r, err := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/games/"+id+path+queryOf(headers), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	r.Header.Set("Accept", accept)
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] != "?" {
			r.Header.Set(headers[i], headers[i+1])
		}
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		e.t.Fatalf("open stream: %v", err)
	}
	s := &stream{res: res, frames: make(chan frame, 4096), cancel: cancel}
	if res.StatusCode != http.StatusOK {
		close(s.frames)
		return s
	}
	go s.read(res.Header.Get("Content-Type") == "text/event-stream")
	return s
}

// queryOf takes a "?" pseudo-header as the query string.
func queryOf(headers []string) string {
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "?" {
			return "?" + headers[i+1]
		}
	}
	return ""
}

func (s *stream) read(sse bool) {
	defer close(s.frames)
	defer s.res.Body.Close()
	br := bufio.NewReader(s.res.Body)
	var f frame
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimSuffix(line, "\n")
		if !sse {
			if line == "" {
				s.frames <- frame{beat: true}
			} else {
				s.frames <- frame{data: []byte(line)}
			}
			continue
		}
		switch {
		case line == "":
			if f.id != "" || f.data != nil {
				s.frames <- f
			}
			f = frame{}
		case strings.HasPrefix(line, ":"):
			s.frames <- frame{beat: true}
		case strings.HasPrefix(line, "id: "):
			f.id = line[4:]
		case strings.HasPrefix(line, "event: "):
			f.event = line[7:]
		case strings.HasPrefix(line, "data: "):
			f.data = []byte(line[6:])
		}
	}
}

// next waits for the next frame; ok is false once the stream has ended.
func (s *stream) next(t *testing.T) (frame, bool) {
	t.Helper()
	select {
	case f, ok := <-s.frames:
		return f, ok
	case <-time.After(10 * time.Second):
		t.Fatal("no frame from the stream in 10 s")
		return frame{}, false
	}
}

// rest reads frames until the stream ends.
func (s *stream) rest(t *testing.T) []frame {
	t.Helper()
	var out []frame
	for {
		f, ok := s.next(t)
		if !ok {
			return out
		}
		out = append(out, f)
	}
}

func eventList(t *testing.T, e *testEnv, id, token string, after int) [][]byte {
	t.Helper()
	r := e.req("GET", "/v1/games/"+id+"/events?after="+itoa(after), token, nil)
	e.expect(r, http.StatusOK)
	var page struct {
		Events []json.RawMessage `json:"events"`
	}
	r.json(t, &page)
	out := make([][]byte, len(page.Events))
	for i, ev := range page.Events {
		out[i] = ev
	}
	return out
}

// TestStreamWholeGame: a whole game read through the stream, as SSE by a
// seat and as NDJSON by the public, is exactly the event list, byte for
// byte; each stream ends after game_over; no seat learns its own cards.
func TestStreamWholeGame(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := startEnv(t, dbURL, true, nil)
		tb := e.newTable("farbrausch2", 3, variants.Options{}, "stream-whole")
		sse := e.openStream(tb.id, tb.tokens[1], "text/event-stream")
		nd := e.openStream(tb.id, "", "application/x-ndjson")
		if sse.res.StatusCode != 200 || nd.res.StatusCode != 200 {
			t.Fatalf("statuses %d %d", sse.res.StatusCode, nd.res.StatusCode)
		}
		if ct := sse.res.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Errorf("SSE Content-Type %q", ct)
		}
		if ct := nd.res.Header.Get("Content-Type"); ct != "application/x-ndjson" {
			t.Errorf("NDJSON Content-Type %q", ct)
		}
		for !tb.local.Over() {
			tb.act(tb.pick())
		}
		own := tb.ownCards(1)
		got := sse.rest(t)
		want := eventList(t, e, tb.id, tb.tokens[1], 0)
		if len(got) != len(want) || len(want) != tb.local.Turn()+1 {
			t.Fatalf("SSE gave %d events, the list %d, the game had %d turns", len(got), len(want), tb.local.Turn())
		}
		for i, f := range got {
			var ev Event
			if err := json.Unmarshal(f.data, &ev); err != nil {
				t.Fatal(err)
			}
			if string(f.data) != string(want[i]) || f.id != itoa(i+1) || f.event != ev.Type {
				t.Fatalf("SSE event %d: id %s event %s data %s; the list has %s", i, f.id, f.event, f.data, want[i])
			}
			if l := leaks(t, f.data, own); len(l) > 0 {
				t.Fatalf("seat 1's stream names its own cards at %v", l)
			}
		}
		if got[len(got)-1].event != "game_over" {
			t.Errorf("last event %s", got[len(got)-1].event)
		}
		pub := nd.rest(t)
		wantPub := eventList(t, e, tb.id, "", 0)
		if len(pub) != len(wantPub) {
			t.Fatalf("NDJSON gave %d events, the list %d", len(pub), len(wantPub))
		}
		for i, f := range pub {
			if string(f.data) != string(wantPub[i]) {
				t.Fatalf("NDJSON event %d: %s; the list has %s", i, f.data, wantPub[i])
			}
		}
		// A stream opened on a finished game gives what is left and ends.
		late := e.openStream(tb.id, "", "text/event-stream", "?", "after="+itoa(len(want)-2))
		if fs := late.rest(t); len(fs) != 2 || fs[1].event != "game_over" {
			t.Errorf("late stream: %d frames", len(fs))
		}
		waitFor(t, func() bool { return e.srv.streams.open.Load() == 0 })
	})
}

// TestStreamResume: a stream starts after ?after or, winning over it,
// Last-Event-ID, and then follows the game live.
func TestStreamResume(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		e := parkedEnv(t, parking)
		tb := e.newTable("basic", 2, variants.Options{}, "stream-resume")
		for range 10 {
			tb.act(tb.pick())
		}
		cases := []struct {
			name, accept, query, lastID string
			first                       int
		}{
			{"sse from the start", "text/event-stream", "", "", 1},
			{"sse after", "text/event-stream", "after=7", "", 8},
			{"sse Last-Event-ID wins", "text/event-stream", "after=7", "4", 5},
			{"ndjson Last-Event-ID", "application/x-ndjson", "", "9", 10},
			{"ndjson at the end waits", "application/x-ndjson", "after=10", "", 11},
			{"first listed type wins", "application/x-ndjson, text/event-stream", "after=2", "", 3},
		}
		var streams []*stream
		for _, c := range cases {
			var h []string
			if c.query != "" {
				h = append(h, "?", c.query)
			}
			if c.lastID != "" {
				h = append(h, "Last-Event-ID", c.lastID)
			}
			accept := c.accept
			s := e.openStream(tb.id, tb.tokens[0], accept, h...)
			if s.res.StatusCode != 200 {
				t.Fatalf("%s: status %d", c.name, s.res.StatusCode)
			}
			streams = append(streams, s)
		}
		tb.act(tb.pick()) // event 11, live
		for i, c := range cases {
			s := streams[i]
			for want := c.first; want <= 11; want++ {
				f, ok := s.next(t)
				if !ok {
					t.Fatalf("%s: ended before seq %d", c.name, want)
				}
				var ev Event
				if err := json.Unmarshal(f.data, &ev); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				if ev.Seq != want {
					t.Fatalf("%s: seq %d, want %d", c.name, ev.Seq, want)
				}
			}
			s.cancel()
		}
		for _, bad := range []string{"x", "-1", "99999999999", "1000000000", "+5"} {
			for _, path := range []string{"/events/sse", "/events/ndjson"} {
				r := e.req("GET", "/v1/games/"+tb.id+path, "", nil, "Last-Event-ID", bad)
				e.expect(r, http.StatusBadRequest)
				r.problem(t)
			}
			r := e.req("GET", "/v1/games/"+tb.id+"/events", "", nil, "Accept", "text/event-stream", "Last-Event-ID", bad)
			e.expect(r, http.StatusBadRequest)
			r.problem(t)
		}
	})
}

// TestStreamRefusals: the stream's errors are the list's, answered before
// any event is written.
func TestStreamRefusals(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "stream-refusals")
	other := e.newTable("basic", 2, variants.Options{}, "stream-other")
	cases := []struct {
		name, id, token string
		status          int
	}{
		{"unknown game", "0123456789abcdef0123456789abcdef", "", 404},
		{"malformed id", "nope", "", 404},
		{"forged token", tb.id, "not-a-token", 401},
		{"another game's token", tb.id, other.tokens[0], 403},
	}
	for _, c := range cases {
		for _, accept := range []string{"text/event-stream", "application/x-ndjson"} {
			r := e.req("GET", "/v1/games/"+c.id+"/events", c.token, nil, "Accept", accept)
			if r.status != c.status {
				t.Fatalf("%s (%s): status %d, want %d", c.name, accept, r.status, c.status)
			}
			r.problem(t)
			r = e.req("GET", "/v1/games/"+c.id+streamPath(accept), c.token, nil)
			if r.status != c.status {
				t.Fatalf("%s (%s): status %d, want %d", c.name, streamPath(accept), r.status, c.status)
			}
			r.problem(t)
		}
	}
	if n := e.srv.streams.open.Load(); n != 0 {
		t.Errorf("%d streams open after refusals", n)
	}
}

// fakeTicker is a heartbeat clock that ticks when the test says so.
type fakeTicker struct {
	mu    sync.Mutex
	chans []chan time.Time
	asked []time.Duration
}

func (f *fakeTicker) new(d time.Duration) (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan time.Time, 1)
	f.chans = append(f.chans, c)
	f.asked = append(f.asked, d)
	return c, func() {}
}

func (f *fakeTicker) tick() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.chans {
		select {
		case c <- time.Now():
		default:
		}
	}
}

func (f *fakeTicker) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.chans)
}

// TestStreamHeartbeat: an idle stream sends a comment (SSE) or an empty line
// (NDJSON) on each beat of its clock, which beats at least every 15 s.
func TestStreamHeartbeat(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		e := parkedEnv(t, parking)
		clock := &fakeTicker{}
		e.srv.streams.setTicker(clock.new)
		tb := e.newTable("basic", 2, variants.Options{}, "stream-beat")
		sse := e.openStream(tb.id, tb.tokens[0], "text/event-stream")
		nd := e.openStream(tb.id, tb.tokens[1], "application/x-ndjson")
		waitFor(t, func() bool { return clock.count() == 2 })
		for _, d := range clock.asked {
			if d <= 0 || d > 15*time.Second {
				t.Fatalf("heartbeat every %v", d)
			}
		}
		for range 3 {
			clock.tick()
			for _, s := range []*stream{sse, nd} {
				if f, ok := s.next(t); !ok || !f.beat {
					t.Fatalf("want a heartbeat, got %+v (open %v)", f, ok)
				}
			}
		}
		tb.act(tb.pick())
		for _, s := range []*stream{sse, nd} {
			if f, ok := s.next(t); !ok || f.beat || !strings.Contains(string(f.data), `"seq":1`) {
				t.Fatalf("want event 1, got %+v", f)
			}
		}
	})
}

// TestStreamEndsWithToken: a seat's stream ends when its token expires,
// while the public stream of the same game goes on.
func TestStreamEndsWithToken(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		var now atomic.Int64
		now.Store(time.Now().UnixNano())
		clock := &fakeTicker{}
		e := parkedEnv(t, parking, func(c *envConfig) {
			c.Now = func() time.Time { return time.Unix(0, now.Load()) }
			c.TokenTTL = time.Hour
		})
		e.srv.streams.setTicker(clock.new)
		tb := e.newTable("basic", 2, variants.Options{}, "stream-token")
		seat := e.openStream(tb.id, tb.tokens[0], "text/event-stream")
		pub := e.openStream(tb.id, "", "text/event-stream")
		waitFor(t, func() bool { return clock.count() == 2 })
		now.Add(int64(2 * time.Hour))
		clock.tick()
		if fs := seat.rest(t); len(fs) > 1 {
			t.Fatalf("the expired seat's stream sent %d frames before ending", len(fs))
		}
		if f, ok := pub.next(t); !ok || !f.beat {
			t.Fatalf("the public stream: %+v %v", f, ok)
		}
		// A new stream with the expired token is refused outright.
		r := e.req("GET", "/v1/games/"+tb.id+"/events", tb.tokens[0], nil, "Accept", "text/event-stream")
		e.expect(r, http.StatusUnauthorized)
	})
}

// TestStreamEndsWhenTheSeatIsLeft: leaving a seat kills its token at once,
// and so its stream, while the public's goes on with the seat_left event.
func TestStreamEndsWhenTheSeatIsLeft(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		e := parkedEnv(t, parking, func(c *envConfig) { c.Bots = bots.List() })
		tb := e.newTable("basic", 2, variants.Options{}, "stream-leave")
		seat := e.openStream(tb.id, tb.tokens[1], "application/x-ndjson")
		pub := e.openStream(tb.id, "", "application/x-ndjson")
		e.expect(e.req("DELETE", "/v1/games/"+tb.id+"/seats/1", tb.tokens[1], nil), http.StatusNoContent)
		if fs := seat.rest(t); len(fs) > 1 {
			t.Fatalf("the left seat's stream sent %d frames before ending", len(fs))
		}
		f, ok := pub.next(t)
		if !ok || !strings.Contains(string(f.data), `"seat_left"`) {
			t.Fatalf("the public stream: %+v %v", f, ok)
		}
	})
}

// TestStreamShutdown: Shutdown ends every stream at once, and a stream asked
// for afterwards is refused with 503.
func TestStreamShutdown(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		e := parkedEnv(t, parking)
		tb := e.newTable("basic", 2, variants.Options{}, "stream-shutdown")
		var ss []*stream
		for i := range 6 {
			accept := "text/event-stream"
			if i%2 == 1 {
				accept = "application/x-ndjson"
			}
			ss = append(ss, e.openStream(tb.id, tb.tokens[i%2], accept))
		}
		waitFor(t, func() bool { return e.srv.streams.open.Load() == 6 })
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		start := time.Now()
		if err := e.srv.Shutdown(ctx); err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			s.rest(t)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("streams took %v to end", d)
		}
		waitFor(t, func() bool { return e.srv.streams.open.Load() == 0 })
		r := e.req("GET", "/v1/games/"+tb.id+"/events", "", nil, "Accept", "text/event-stream")
		e.expect(r, http.StatusServiceUnavailable)
	})
}

// TestStreamOutlivesServerTimeouts: the http.Server's read and write
// timeouts are for answers; a stream lives past them (hanabi serve sets both).
func TestStreamOutlivesServerTimeouts(t *testing.T) {
	e := startEnv(t, t.TempDir()+"/hanabi.db", true, func(hs *http.Server) {
		hs.ReadTimeout = 200 * time.Millisecond
		hs.WriteTimeout = 200 * time.Millisecond
	})
	tb := e.newTable("basic", 2, variants.Options{}, "stream-timeouts")
	s := e.openStream(tb.id, tb.tokens[0], "application/x-ndjson")
	time.Sleep(500 * time.Millisecond) // past both timeouts
	tb.act(tb.pick())
	if f, ok := s.next(t); !ok || !strings.Contains(string(f.data), `"seq":1`) {
		t.Fatalf("after the server's timeouts: %+v %v", f, ok)
	}
}

// TestStreamNoLeak: thousands of events through streams that end by
// game_over or by the client leave no stream, goroutine, watcher or store
// subscription behind, and the rendered events stay bounded.
func TestStreamNoLeak(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		e := parkedEnv(t, parking)
		before := runtime.NumGoroutine()
		events := 0
		for g := range 4 {
			tb := e.newTable("basic", 2, variants.Options{}, "stream-leak-"+itoa(g))
			var keep, quit []*stream
			for i := range 10 {
				accept := "text/event-stream"
				if i%2 == 1 {
					accept = "application/x-ndjson"
				}
				keep = append(keep, e.openStream(tb.id, tb.tokens[i%2], accept))
				quit = append(quit, e.openStream(tb.id, "", accept))
			}
			for !tb.local.Over() {
				tb.act(tb.pick())
				if tb.local.Turn() == 5 {
					for _, q := range quit {
						q.cancel()
					}
				}
			}
			for _, s := range keep {
				n := len(s.rest(t))
				if n != tb.local.Turn()+1 {
					t.Fatalf("game %d: %d events streamed, %d turns", g, n, tb.local.Turn())
				}
				events += n
			}
		}
		if events < 2000 {
			t.Fatalf("only %d events", events)
		}
		waitFor(t, func() bool { return e.srv.streams.open.Load() == 0 })
		waitFor(t, func() bool { return e.follows.open.Load() == 0 })
		http.DefaultClient.CloseIdleConnections()
		waitFor(t, func() bool { return runtime.NumGoroutine() <= before+4 })
		e.srv.events.mu.Lock()
		cached := len(e.srv.events.m)
		e.srv.events.mu.Unlock()
		if cached > 1024 {
			t.Errorf("%d rendered versions kept", cached)
		}
	})
}

func TestStreamFormatOf(t *testing.T) {
	cases := map[string]streamFormat{
		"":                                    notStream,
		"application/json":                    notStream,
		"*/*":                                 notStream,
		"text/event-stream":                   sseStream,
		"Text/Event-Stream; charset=utf-8":    sseStream,
		"application/x-ndjson":                ndjsonStream,
		"text/event-stream;q=0, */*":          notStream,
		"text/event-stream;q=0.5":             sseStream,
		"application/json, text/event-stream": sseStream,
		"application/x-ndjson, text/event-stream": ndjsonStream,
	}
	for accept, want := range cases {
		if got := streamFormatOf(accept); got != want {
			t.Errorf("%q: %d, want %d", accept, got, want)
		}
	}
}

// A stream's own operation streams whatever the client's Accept says, and
// for as long as the game lasts: neither the request's deadline for its
// database work nor compression cuts it short.
func TestStreamOperationsNeedNoAccept(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.StoreTimeout = 150 * time.Millisecond })
	tb := e.newTable("basic", 2, variants.Options{}, "stream-no-accept")
	seen := 0
	for _, c := range []struct{ path, ctype string }{
		{"/events/sse", "text/event-stream"},
		{"/events/ndjson", "application/x-ndjson"},
	} {
		s := e.openStreamAt(c.path, tb.id, tb.tokens[0], "", "Accept-Encoding", "gzip", "?", "after="+itoa(seen))
		if s.res.StatusCode != http.StatusOK || s.res.Header.Get("Content-Type") != c.ctype || s.res.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s: %d %q %q", c.path, s.res.StatusCode, s.res.Header.Get("Content-Type"), s.res.Header.Get("Content-Encoding"))
		}
		time.Sleep(300 * time.Millisecond) // past the store deadline
		ev := tb.act(tb.pick())
		f, ok := s.next(t)
		if !ok {
			t.Fatalf("%s: the stream ended before the move", c.path)
		}
		var got Event
		if err := json.Unmarshal(f.data, &got); err != nil || got.Seq != ev.Event.Seq {
			t.Fatalf("%s: %s, want seq %d (%v)", c.path, f.data, ev.Event.Seq, err)
		}
		seen = got.Seq
		s.cancel()
	}
}

// eachServing runs f on a server whose streams are served the ordinary way,
// and on one whose streams take their connections over (park.Taken), as
// hanabi serve runs them.
func eachServing(t *testing.T, f func(t *testing.T, parking bool)) {
	t.Run("served", func(t *testing.T) { f(t, false) })
	t.Run("taken over", func(t *testing.T) { f(t, true) })
}

// parkedEnv is sqliteEnv, with parking (and streams taken over) or without.
func parkedEnv(t *testing.T, parking bool, tweak ...func(*envConfig)) *testEnv {
	return startEnv(t, filepath.Join(t.TempDir(), "hanabi.db"), parking, nil, tweak...)
}

// TestStreamTakesItsConnectionOver: behind the parking listener a stream
// answers on its connection taken over (no handler left waiting), ends a
// finished game's stream as a whole chunked answer, and leaves the
// connection alive for the client's next request.
func TestStreamTakesItsConnectionOver(t *testing.T) {
	eachServing(t, func(t *testing.T, parking bool) {
		var hijacked atomic.Int64
		e := startEnv(t, filepath.Join(t.TempDir(), "hanabi.db"), parking, func(hs *http.Server) {
			hs.ConnState = func(_ net.Conn, st http.ConnState) {
				if st == http.StateHijacked {
					hijacked.Add(1)
				}
			}
		})
		tb := e.newTable("basic", 2, variants.Options{}, "stream-taken")
		for !tb.local.Over() {
			tb.act(tb.pick())
		}
		client := &http.Client{Transport: &http.Transport{}}
		defer client.CloseIdleConnections()
		var reused []bool
		get := func(path string) []byte {
			trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { reused = append(reused, i.Reused) }}
			r, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", e.url+path, nil)
			r.Header.Set("Authorization", "Bearer "+tb.tokens[0])
			res, err := client.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body) // an unfinished chunked answer fails here
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %v", path, res.StatusCode, err)
			}
			return body
		}
		lines := strings.Count(string(get("/v1/games/"+tb.id+"/events/ndjson?after=0")), "\n")
		if lines != tb.local.Turn()+1 {
			t.Errorf("%d events streamed, %d turns", lines, tb.local.Turn())
		}
		get("/v1/games/" + tb.id + "/events/sse?after=0")
		if len(reused) != 2 || !reused[1] {
			t.Errorf("connections reused: %v", reused)
		}
		if got := hijacked.Load() > 0; got != parking {
			t.Errorf("parking %v: %d connections taken over", parking, hijacked.Load())
		}
	})
}
