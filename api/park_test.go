package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

// parkEnv is a server whose listener lets long-polls park, as hanabi serve
// runs it.
func parkEnv(t testing.TB, tweak ...func(*envConfig)) *testEnv {
	t.Helper()
	return parkEnvHTTP(t, nil, tweak...)
}

// parkEnvHTTP is parkEnv with a hook that sets the http.Server up.
func parkEnvHTTP(t testing.TB, setup func(*http.Server), tweak ...func(*envConfig)) *testEnv {
	t.Helper()
	return startEnv(t, filepath.Join(t.TempDir(), "hanabi.db"), true, setup, tweak...)
}

func parkedCount(s *Server) int {
	return s.parker.Waiting()
}

// rawConn is one client connection on which requests are written by hand,
// so that a test controls keep-alive and sees exactly what comes back.
type rawConn struct {
	t  testing.TB
	c  net.Conn
	br *bufio.Reader
}

func dialRaw(t testing.TB, e *testEnv) *rawConn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(e.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{t: t, c: c, br: bufio.NewReader(c)}
}

func (r *rawConn) send(raw string) {
	r.t.Helper()
	if _, err := io.WriteString(r.c, raw); err != nil {
		r.t.Fatal(err)
	}
}

func (r *rawConn) read() (*http.Response, []byte) {
	r.t.Helper()
	res, body, err := r.readErr()
	if err != nil {
		r.t.Fatalf("read response: %v", err)
	}
	return res, body
}

func (r *rawConn) readErr() (*http.Response, []byte, error) {
	_ = r.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(r.br, nil)
	if err != nil {
		return nil, nil, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	return res, body, err
}

func getReq(path, token string, headers ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "GET %s HTTP/1.1\r\nHost: test\r\n", path)
	if token != "" {
		fmt.Fprintf(&b, "Authorization: Bearer %s\r\n", token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		fmt.Fprintf(&b, "%s: %s\r\n", headers[i], headers[i+1])
	}
	b.WriteString("\r\n")
	return b.String()
}

// sameHeaders compares two answers' headers, but for Date.
func sameHeaders(t *testing.T, what string, got, want http.Header) {
	t.Helper()
	g, w := got.Clone(), want.Clone()
	g.Del("Date")
	w.Del("Date")
	keys := func(h http.Header) []string {
		var out []string
		for k, v := range h {
			out = append(out, k+": "+strings.Join(v, ", "))
		}
		slices.Sort(out)
		return out
	}
	if gk, wk := keys(g), keys(w); !slices.Equal(gk, wk) {
		t.Fatalf("%s: headers\n%v\nwant (the ordinary answer's)\n%v", what, gk, wk)
	}
}

// TestParkedAnswers: parked long-polls (a seat's state, the public state,
// events) are answered on a change with exactly what the ordinary path
// sends, headers included; a seat still sees only its own view; the
// connection stays open for the next request.
func TestParkedAnswers(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("farbrausch", 2, variants.Options{}, "parked")
	seat1 := dialRaw(t, e)
	seat1.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10s", tb.tokens[1], "Origin", "https://example.org"))
	public := dialRaw(t, e)
	public.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10s", ""))
	events := dialRaw(t, e)
	events.send(getReq("/v1/games/"+tb.id+"/events?after=0&wait=10s", tb.tokens[0]))
	waitFor(t, func() bool { return parkedCount(e.srv) == 3 && e.srv.waiting() == 3 })
	tb.act(tb.pick())

	check := func(name string, rc *rawConn, path, token string, headers ...string) []byte {
		res, body := rc.read()
		if res.StatusCode != http.StatusOK || res.Close {
			t.Fatalf("%s: %d close=%v %s", name, res.StatusCode, res.Close, body)
		}
		// Asked as the parked request was, which took no gzip.
		want := e.req("GET", path, token, nil, append(headers, "Accept-Encoding", "identity")...)
		e.expect(want, http.StatusOK)
		sameHeaders(t, name, res.Header, want.header)
		if string(body) != string(want.body) {
			t.Fatalf("%s: body\n%s\nwant\n%s", name, body, want.body)
		}
		return body
	}
	view := check("seat 1", seat1, "/v1/games/"+tb.id+"?since=1", tb.tokens[1], "Origin", "https://example.org")
	check("public", public, "/v1/games/"+tb.id+"?since=1", "")
	check("events", events, "/v1/games/"+tb.id+"/events?after=0", tb.tokens[0])
	// Seat 1's answer hides seat 1's own cards and shows seat 0's.
	var g GameView
	resp{body: view}.json(t, &g)
	for _, h := range g.Hands {
		for _, c := range h.Cards {
			if own := h.Seat == 1; own != (c.Suit == nil && c.Rank == nil) {
				t.Fatalf("seat 1's parked answer shows seat %d card %+v", h.Seat, c)
			}
		}
	}
	// Keep-alive: the same connection serves the next request.
	seat1.send(getReq("/v1/games/"+tb.id, tb.tokens[1]))
	if res, body := seat1.read(); res.StatusCode != http.StatusOK || string(body) != string(view) {
		t.Fatalf("next request on the kept connection: %d %s", res.StatusCode, body)
	}
	waitFor(t, func() bool { return e.srv.waiting() == 0 && parkedCount(e.srv) == 0 })
}

// TestParkedKeepAliveIdle: a connection kept after a parked answer waits
// for its next request as long as any idle connection (IdleTimeout), not
// just ReadHeaderTimeout, and then gets ReadHeaderTimeout for the request.
func TestParkedKeepAliveIdle(t *testing.T) {
	e := parkEnvHTTP(t, func(hs *http.Server) {
		hs.ReadHeaderTimeout = 100 * time.Millisecond
		hs.IdleTimeout = 5 * time.Second
	})
	tb := e.newTable("basic", 2, variants.Options{}, "parked-idle")
	rc := dialRaw(t, e)
	for range 3 { // the same connection parks again and again
		rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=100ms", ""))
		if res, _ := rc.read(); res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		time.Sleep(300 * time.Millisecond) // idle, longer than ReadHeaderTimeout
	}
	rc.send(getReq("/v1/games/"+tb.id, ""))
	if res, _ := rc.read(); res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	// A request that starts but does not finish gets ReadHeaderTimeout.
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=50ms", ""))
	rc.read()
	rc.send("GET /v1/games/" + tb.id + " HTTP/1.1\r\n")
	start := time.Now()
	_ = rc.c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := rc.br.ReadByte(); err == nil {
		t.Fatal("a half-sent request was answered")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a half-sent request held the connection %s", d)
	}
}

// TestParkedIdleEnds: a connection kept after a parked answer is closed
// when it stays idle past IdleTimeout, and at Shutdown.
func TestParkedIdleEnds(t *testing.T) {
	e := parkEnvHTTP(t, func(hs *http.Server) { hs.IdleTimeout = 200 * time.Millisecond })
	tb := e.newTable("basic", 2, variants.Options{}, "parked-idle-ends")
	idle := dialRaw(t, e)
	kept := dialRaw(t, e)
	// From before the request: its answer comes after the 50 ms wait, and
	// the idle time runs from the answer, so that a machine however busy
	// never closes it sooner than this measures.
	start := time.Now()
	for _, rc := range []*rawConn{idle, kept} {
		rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=50ms", ""))
		rc.read()
	}
	_ = idle.c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := idle.br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection: %v, want EOF", err)
	}
	if d := time.Since(start); d < 200*time.Millisecond || d > 2*time.Second {
		t.Fatalf("idle connection closed %s after its request, want about 250ms (a 50 ms wait, then 200 ms idle)", d)
	}
	// kept parks once more, so that it is freshly idle when Shutdown comes.
	kept.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10ms", ""))
	kept.read()
	if err := e.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	_ = kept.c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := kept.br.ReadByte(); err != io.EOF {
		t.Fatalf("kept connection after Shutdown: %v, want EOF", err)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Fatalf("Shutdown closed an idle connection after %s", d)
	}
}

// TestParkedTimeout: a parked long-poll whose wait runs out gets what the
// ordinary path answers, on time: the unchanged view (or 304 to an
// If-None-Match that matches it), or an empty page of events.
func TestParkedTimeout(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "parked-timeout")
	rc := dialRaw(t, e)
	start := time.Now()
	// Two requests in one write: the second is read ahead with the first.
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=200ms", tb.tokens[0]) +
		getReq("/v1/games/"+tb.id+"/events?after=1&wait=100ms", ""))
	res, body := rc.read()
	if d := time.Since(start); d < 200*time.Millisecond || d > 2*time.Second {
		t.Fatalf("answered after %s, want 200ms", d)
	}
	// Asked as the parked request was, which took no gzip.
	want := e.req("GET", "/v1/games/"+tb.id+"?since=1", tb.tokens[0], nil, "Accept-Encoding", "identity")
	e.expect(want, http.StatusOK)
	if res.StatusCode != http.StatusOK || string(body) != string(want.body) {
		t.Fatalf("status %d, body %s", res.StatusCode, body)
	}
	sameHeaders(t, "200", res.Header, want.header)
	// The second request was read ahead with the first; it is served too.
	res, body = rc.read()
	if res.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != `{"events":[],"version":1,"chat_last":null}` {
		t.Fatalf("events after a quiet wait: %d %s", res.StatusCode, body)
	}
	// With an If-None-Match that matches: 304, as the ordinary path answers.
	tag := want.header.Get("ETag")
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=100ms", tb.tokens[0], "If-None-Match", tag))
	res, body = rc.read()
	want = e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil, "If-None-Match", tag, "Accept-Encoding", "identity")
	e.expect(want, http.StatusNotModified)
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Fatalf("status %d, body %q", res.StatusCode, body)
	}
	sameHeaders(t, "304", res.Header, want.header)
	waitFor(t, func() bool { return e.srv.waiting() == 0 })
}

// TestParkedShutdown: Shutdown answers parked long-polls at once and closes
// their connections; later long-polls do not wait.
func TestParkedShutdown(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "parked-shutdown")
	var conns []*rawConn
	for i := range 6 {
		rc := dialRaw(t, e)
		path := "/v1/games/" + tb.id + "?since=1&wait=10s"
		if i%2 == 1 {
			path = "/v1/games/" + tb.id + "/events?after=0&wait=10s"
		}
		rc.send(getReq(path, ""))
		conns = append(conns, rc)
	}
	waitFor(t, func() bool { return parkedCount(e.srv) == 6 })
	start := time.Now()
	if err := e.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, rc := range conns {
		res, _ := rc.read()
		if res.StatusCode != http.StatusOK || !res.Close {
			t.Fatalf("released long-poll: %d close=%v", res.StatusCode, res.Close)
		}
		if _, err := rc.br.ReadByte(); err != io.EOF {
			t.Fatalf("connection still open after the release: %v", err)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("release took %s", d)
	}
	if n := e.srv.waiting(); n != 0 {
		t.Fatalf("%d waiters after shutdown", n)
	}
	start = time.Now()
	e.expect(e.req("GET", "/v1/games/"+tb.id+"?since=1&wait=10s", "", nil), http.StatusOK)
	if time.Since(start) > time.Second {
		t.Fatal("a long-poll waited after shutdown")
	}
}

// TestParkedClientGoesAway: a parked long-poll whose client hangs up stops
// counting as a waiter and lets go of the game's subscription.
func TestParkedClientGoesAway(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "parked-away")
	rc := dialRaw(t, e)
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10s", ""))
	waitFor(t, func() bool { return parkedCount(e.srv) == 1 })
	rc.c.Close()
	waitFor(t, func() bool { return e.srv.waiting() == 0 && parkedCount(e.srv) == 0 })
	waitFor(t, func() bool { return e.follows.open.Load() == 0 })
	// A client gone unnoticed is found when its answer is written.
	rc = dialRaw(t, e)
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10s", ""))
	waitFor(t, func() bool { return parkedCount(e.srv) == 1 })
	rc.c.Close()
	tb.act(tb.pick())
	waitFor(t, func() bool { return e.srv.waiting() == 0 && parkedCount(e.srv) == 0 })
}

// TestParkedConnectionClose: a request that asks for Connection: close gets
// it after its parked answer.
func TestParkedConnectionClose(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "parked-close")
	rc := dialRaw(t, e)
	rc.send(getReq("/v1/games/"+tb.id+"?since=1&wait=10s", "", "Connection", "close"))
	waitFor(t, func() bool { return parkedCount(e.srv) == 1 })
	tb.act(tb.pick())
	res, _ := rc.read()
	if res.StatusCode != http.StatusOK || !res.Close {
		t.Fatalf("%d close=%v", res.StatusCode, res.Close)
	}
	if _, err := rc.br.ReadByte(); err != io.EOF {
		t.Fatalf("connection still open: %v", err)
	}
}

// TestParkedHoldNoGoroutine: parked long-polls hold no goroutine each, and
// one move answers them all through the ordinary client.
func TestParkedHoldNoGoroutine(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "parked-many")
	tr := &http.Transport{MaxIdleConnsPerHost: 300}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	before := runtime.NumGoroutine()
	const n = 200
	got := make(chan int, n)
	for i := range n {
		token := ""
		if i%2 == 1 {
			token = tb.tokens[i%4/2]
		}
		go func() {
			req, _ := http.NewRequest("GET", e.url+"/v1/games/"+tb.id+"?since=1&wait=10s", nil)
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := client.Do(req)
			if err != nil {
				got <- -1
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			got <- res.StatusCode
		}()
	}
	waitFor(t, func() bool { return parkedCount(e.srv) == n })
	// The clients hold three goroutines each (caller, reader, writer); the
	// server's side should add next to none.
	time.Sleep(50 * time.Millisecond)
	if extra := runtime.NumGoroutine() - before - 3*n; extra > n/4 {
		t.Fatalf("%d goroutines beyond the clients' for %d parked long-polls", extra, n)
	}
	tb.act(tb.pick())
	for range n {
		select {
		case st := <-got:
			if st != http.StatusOK {
				t.Fatalf("waiter got %d", st)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a parked long-poll was not answered")
		}
	}
}

// BenchmarkParkedWake: one move answers 500 parked long-polls of its game
// (a third of them seats, the rest public) on kept-alive connections. The
// time runs from the move's request to the last answer read.
func BenchmarkParkedWake(b *testing.B) {
	e := parkEnv(b)
	const n = 500
	conns := make([]*rawConn, n)
	for i := range conns {
		conns[i] = dialRaw(b, e)
	}
	var tb *table
	games := 0
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if tb == nil || tb.local.Over() {
			games++
			tb = e.newTable("basic", 2, variants.Options{}, fmt.Sprintf("bench-wake-%d", games))
		}
		path := fmt.Sprintf("/v1/games/%s?since=%d&wait=30s", tb.id, tb.local.Turn()+1)
		for i, rc := range conns {
			token := ""
			if i%3 == 1 {
				token = tb.tokens[i%2]
			}
			rc.send(getReq(path, token))
		}
		for parkedCount(e.srv) < n {
			time.Sleep(time.Millisecond)
		}
		b.StartTimer()
		tb.act(tb.pick())
		var wg sync.WaitGroup
		var failed atomic.Int64
		for _, rc := range conns {
			wg.Go(func() {
				if res, _, err := rc.readErr(); err != nil || res.StatusCode != http.StatusOK {
					failed.Add(1)
				}
			})
		}
		wg.Wait()
		if failed.Load() > 0 {
			b.Fatalf("%d long-polls not answered 200", failed.Load())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/waiter")
}

// TestParkedEventsPerViewer: parked events long-polls of different seats,
// woken by one move, each get the events as their own seat may see them: in
// Cow & Pig a clue's value reaches its giver only, however many others
// waited on the same change.
func TestParkedEventsPerViewer(t *testing.T) {
	e := parkEnv(t)
	tb := e.newTable("cow-pig-5-suits", 3, variants.Options{}, "parked-viewers")
	for tb.local.Turn() < 2 || !tb.pick().IsClue() {
		tb.act(tb.pick())
	}
	after := len(eventList(t, e, tb.id, "", 0))
	giver := tb.local.Current()
	// Every seat but the giver first, then the public, then the giver.
	var order []int
	for s := range 3 {
		if s != giver {
			order = append(order, s)
		}
	}
	order = append(order, -1, giver)
	conns := make([]*rawConn, len(order))
	for i, s := range order {
		tok := ""
		if s >= 0 {
			tok = tb.tokens[s]
		}
		conns[i] = dialRaw(t, e)
		conns[i].send(getReq("/v1/games/"+tb.id+"/events?after="+itoa(after)+"&wait=10s", tok))
		waitFor(t, func() bool { return parkedCount(e.srv) == i+1 })
	}
	tb.act(tb.pick())
	for i, s := range order {
		tok := ""
		if s >= 0 {
			tok = tb.tokens[s]
		}
		res, body := conns[i].read()
		want := e.req("GET", "/v1/games/"+tb.id+"/events?after="+itoa(after), tok, nil)
		if res.StatusCode != http.StatusOK || string(body) != string(want.body) {
			t.Errorf("viewer %d: parked answer %d\n%s\nwant\n%s", s, res.StatusCode, body, want.body)
		}
	}
}
