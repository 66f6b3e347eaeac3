package api

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// TestSameTurnRace sends one turn's move from many goroutines at once, same
// move and different moves: exactly one applies, the others get 409, and the
// log has neither a gap nor a duplicate.
func TestSameTurnRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("basic", 3, variants.Options{}, "race")
		const racers = 16
		for round := range 6 {
			seat := tb.local.Current()
			// Clues only, so that no race ends the game early.
			var legal []engine.Action
			for _, a := range tb.local.LegalActions(nil) {
				if a.IsClue() {
					legal = append(legal, a)
				}
			}
			version := int64(2 + round)
			var wg sync.WaitGroup
			statuses := make([]int, racers)
			codes := make([]string, racers)
			start := make(chan struct{})
			for i := range racers {
				a := legal[0]
				if round%2 == 1 {
					a = legal[i%len(legal)] // different moves racing for one turn
				}
				body := tb.request(a)
				if round >= 4 {
					body["version"] = version
				}
				wg.Go(func() {
					<-start
					r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[seat], body)
					statuses[i] = r.status
					if r.status != 200 {
						codes[i] = r.problem(t).Code + ":" + r.problem(t).Detail
					}
				})
			}
			close(start)
			wg.Wait()
			won := 0
			for i, st := range statuses {
				switch {
				case st == 200:
					won++
				case st == 409 && (strings.HasPrefix(codes[i], "not_your_turn:") || strings.HasPrefix(codes[i], "stale_version:")):
				default:
					t.Fatalf("round %d racer %d: %d %s %v", round, i, st, codes[i], statuses)
				}
			}
			if won != 1 {
				t.Fatalf("round %d: %d racers won", round, won)
			}
			// Mirror whichever move won.
			stored, err := e.store.LoadGame(context.Background(), tb.id)
			if err != nil {
				t.Fatal(err)
			}
			log := stored.Log
			if len(log) != round+1 {
				t.Fatalf("round %d: log has %d entries", round, len(log))
			}
			for i, a := range log {
				if a.Seq != i {
					t.Fatalf("log entry %d has seq %d", i, a.Seq)
				}
			}
			if _, err := tb.local.Apply(log[round].Action); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestVersionPreconditions(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "versions")
	path := "/v1/games/" + tb.id + "/actions"
	a := tb.request(tb.pick())
	// The game is at version 1 (one join).
	r := e.req("POST", path, tb.tokens[0], a, "If-Match", `"7"`)
	e.expect(r, http.StatusPreconditionFailed)
	if p := r.problem(t); p.Code != "precondition_failed" {
		t.Fatal(p)
	}
	a["version"] = 7
	r = e.req("POST", path, tb.tokens[0], a)
	e.expect(r, http.StatusConflict)
	if p := r.problem(t); p.Code != "stale_version" {
		t.Fatal(p)
	}
	// The ETag of a GET works as If-Match.
	tag := e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).header.Get("ETag")
	delete(a, "version")
	r = e.req("POST", path, tb.tokens[0], a, "If-Match", tag)
	e.expect(r, http.StatusOK)
	tb.local.Apply(tb.pickFrom(a))
	// The same request again is now stale: a retry never acts twice.
	r = e.req("POST", path, tb.tokens[0], a, "If-Match", tag)
	e.expect(r, http.StatusPreconditionFailed)
	a2 := tb.request(tb.pick())
	a2["version"] = 2
	r = e.req("POST", path, tb.tokens[1], a2)
	e.expect(r, http.StatusOK)
	r = e.req("POST", path, tb.tokens[1], a2)
	e.expect(r, http.StatusConflict)
	if p := r.problem(t); p.Code != "stale_version" {
		t.Fatal(p)
	}
}

// pickFrom turns a request body back into the engine action it stands for.
func (tb *table) pickFrom(body map[string]any) engine.Action {
	for _, a := range tb.local.LegalActions(nil) {
		m := tb.request(a)
		if m["type"] == body["type"] && m["card"] == body["card"] && m["target"] == body["target"] &&
			m["color"] == body["color"] && m["rank"] == body["rank"] {
			return a
		}
	}
	tb.e.t.Fatalf("no legal action matches %v", body)
	return engine.Action{}
}

// TestLongPollWakesUp: a waiting GET of the state and of the events answers
// within milliseconds of the change, on every backend.
func TestLongPollWakesUp(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("farbrausch", 2, variants.Options{}, "wake")
		type result struct {
			r    resp
			done time.Time
		}
		state := make(chan result, 1)
		events := make(chan result, 1)
		public := make(chan result, 1)
		go func() {
			r := e.req("GET", "/v1/games/"+tb.id+"?since=1&wait=10s", tb.tokens[1], nil)
			state <- result{r, time.Now()}
		}()
		go func() {
			r := e.req("GET", "/v1/games/"+tb.id+"/events?after=0&wait=10s", tb.tokens[0], nil)
			events <- result{r, time.Now()}
		}()
		tag := e.req("GET", "/v1/games/"+tb.id, "", nil).header.Get("ETag")
		go func() {
			r := e.req("GET", "/v1/games/"+tb.id+"?wait=10s", "", nil, "If-None-Match", tag)
			public <- result{r, time.Now()}
		}()
		waitFor(t, func() bool { return e.srv.waiting() == 3 })
		acted := time.Now()
		tb.act(tb.pick())
		for name, ch := range map[string]chan result{"state": state, "events": events, "public": public} {
			select {
			case res := <-ch:
				if res.r.status != 200 {
					t.Fatalf("%s: %d %s", name, res.r.status, res.r.body)
				}
				if d := res.done.Sub(acted); d > time.Second {
					t.Errorf("%s answered %s after the change", name, d)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s long-poll did not wake", name)
			}
		}
		var g GameView
		r := e.req("GET", "/v1/games/"+tb.id+"?since=1", tb.tokens[1], nil)
		r.json(t, &g)
		if g.Version != 2 {
			t.Fatalf("version %d", g.Version)
		}
		if !slices.Contains(r.header.Values("Vary"), "Authorization, Accept-Encoding") || r.header.Get("Cache-Control") != "private, no-cache" {
			t.Fatalf("headers %v", r.header)
		}
		// Nothing changes: after the wait, the view as it is (200, the same
		// version and ETag), as the events long-poll answers an empty list;
		// 304 only to an If-None-Match that matches, at once or after a wait.
		tag1 := r.header.Get("ETag")
		start := time.Now()
		r = e.req("GET", "/v1/games/"+tb.id+"?since=2&wait=150ms", tb.tokens[1], nil)
		e.expect(r, http.StatusOK)
		if d := time.Since(start); d < 150*time.Millisecond {
			t.Fatalf("answered after %s, before the wait ran out", d)
		}
		var same GameView
		r.json(t, &same)
		if same.Version != 2 || r.header.Get("ETag") != tag1 {
			t.Fatalf("a quiet wait answered version %d, ETag %s; want 2, %s", same.Version, r.header.Get("ETag"), tag1)
		}
		r = e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil, "If-None-Match", tag1)
		e.expect(r, http.StatusNotModified)
		start = time.Now()
		r = e.req("GET", "/v1/games/"+tb.id+"?since=2&wait=100ms", tb.tokens[1], nil, "If-None-Match", tag1)
		e.expect(r, http.StatusNotModified)
		if d := time.Since(start); d < 100*time.Millisecond || len(r.body) != 0 || r.header.Get("ETag") != tag1 {
			t.Fatalf("a quiet wait with If-None-Match: after %s, body %q, ETag %s", d, r.body, r.header.Get("ETag"))
		}
		// ETags differ per viewer.
		if tag0 := e.req("GET", "/v1/games/"+tb.id, tb.tokens[0], nil).header.Get("ETag"); tag0 == tag1 || tag0 == "" {
			t.Fatalf("seat 0 and seat 1 share ETag %q", tag0)
		}
		r = e.req("GET", "/v1/games/"+tb.id+"/events?after=1&wait=100ms", "", nil)
		e.expect(r, http.StatusOK)
		var evs EventsResponse
		r.json(t, &evs)
		if len(evs.Events) != 0 || evs.Version != 2 {
			t.Fatalf("events after a quiet wait: %+v", evs)
		}
		if n := e.srv.waiting(); n != 0 {
			t.Fatalf("%v waiters left", n)
		}
	})
}

// TestLongPollCap: the server caps wait.
func TestLongPollCap(t *testing.T) {
	e := sqliteEnv(t, func(c *envConfig) { c.MaxWait = 100 * time.Millisecond })
	tb := e.newTable("basic", 2, variants.Options{}, "cap")
	start := time.Now()
	r := e.req("GET", "/v1/games/"+tb.id+"?since=1&wait=1h", "", nil)
	e.expect(r, http.StatusOK)
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("waited %s past a cap of 100ms", d)
	}
}

// TestClientGoesAway: a long-poll whose client hangs up stops waiting.
func TestClientGoesAway(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "away")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		e.reqCtx(ctx, "GET", "/v1/games/"+tb.id+"?since=1&wait=10s", "", nil)
		close(done)
	}()
	waitFor(t, func() bool { return e.srv.waiting() == 1 })
	cancel()
	<-done
	waitFor(t, func() bool { return e.srv.waiting() == 0 })
	waitFor(t, func() bool { return e.follows.open.Load() == 0 })
}

// TestShutdownReleasesLongPolls: Shutdown answers every waiting long-poll at
// once, and later waits do not wait.
func TestShutdownReleasesLongPolls(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "shutdown")
	const n = 8
	statuses := make(chan int, n)
	for i := range n {
		path := "/v1/games/" + tb.id + "?since=1&wait=10s"
		if i%2 == 1 {
			path = "/v1/games/" + tb.id + "/events?after=0&wait=10s"
		}
		go func() { statuses <- e.req("GET", path, "", nil).status }()
	}
	waitFor(t, func() bool { return e.srv.waiting() == n })
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for range n {
		select {
		case st := <-statuses:
			if st != http.StatusOK {
				t.Fatalf("released long-poll answered %d", st)
			}
		case <-time.After(3 * time.Second):
			t.Fatal("a long-poll outlived shutdown")
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("release took %s", d)
	}
	// An action in flight still completes; new long-polls answer at once.
	tb.act(tb.pick())
	start = time.Now()
	e.expect(e.req("GET", "/v1/games/"+tb.id+"?since=2&wait=10s", "", nil), http.StatusOK)
	if time.Since(start) > time.Second {
		t.Fatal("a long-poll waited after shutdown")
	}
	e.expect(e.req("GET", "/readyz", "", nil), http.StatusServiceUnavailable)
}

// TestHTTPServerShutdown drives the real sequence of hanabi serve: api
// Shutdown then http.Server.Shutdown, with long-polls waiting.
func TestHTTPServerShutdown(t *testing.T) {
	e := sqliteEnv(t)
	tb := e.newTable("basic", 2, variants.Options{}, "http-shutdown")
	hs := &http.Server{Handler: e.srv.Handler()}
	ts, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ts)
	url := "http://" + ts.Addr().String()
	got := make(chan int, 4)
	for range 4 {
		go func() {
			res, err := http.Get(url + "/v1/games/" + tb.id + "?since=1&wait=10s")
			if err != nil {
				got <- -1
				return
			}
			res.Body.Close()
			got <- res.StatusCode
		}()
	}
	waitFor(t, func() bool { return e.srv.waiting() == 4 })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := hs.Shutdown(ctx); err != nil {
		t.Fatalf("http shutdown: %v", err)
	}
	for range 4 {
		if st := <-got; st != http.StatusOK {
			t.Fatalf("long-poll got %d", st)
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("shutdown took %s", d)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 5s")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// TestTwoReplicas: two servers on one Postgres database; a long-poll on one
// is woken by an action taken through the other, and a race for one turn
// across them has one winner.
func TestTwoReplicas(t *testing.T) {
	dbURL := postgresURL(t)
	a := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	b := newEnv(t, dbURL, func(c *envConfig) { c.Secret = nil })
	tb := a.newTable("farbrausch2", 2, variants.Options{}, "replicas")
	done := make(chan resp, 1)
	go func() { done <- b.req("GET", "/v1/games/"+tb.id+"?since=1&wait=10s", tb.tokens[1], nil) }()
	waitFor(t, func() bool { return b.srv.waiting() == 1 })
	acted := time.Now()
	tb.act(tb.pick())
	select {
	case r := <-done:
		b.expect(r, http.StatusOK)
		if d := time.Since(acted); d > 2*time.Second {
			t.Fatalf("woken %s after the change", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the other replica's long-poll was not woken")
	}
	// The same turn through both replicas at once.
	seat := tb.local.Current()
	var legal []engine.Action
	for _, act := range tb.local.LegalActions(nil) {
		if act.IsClue() {
			legal = append(legal, act)
		}
	}
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		e := a
		if i%2 == 1 {
			e = b
		}
		body := tb.request(legal[i%len(legal)])
		wg.Go(func() { statuses[i] = e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[seat], body).status })
	}
	wg.Wait()
	won := 0
	for _, st := range statuses {
		if st == 200 {
			won++
		} else if st != 409 {
			t.Fatalf("statuses %v", statuses)
		}
	}
	if won != 1 {
		t.Fatalf("%d winners: %v", won, statuses)
	}
}

// countingStore counts LoadGame calls.
type countingStore struct {
	*models.Store
	loads atomic.Int64
}

func (c *countingStore) LoadGame(ctx context.Context, id string) (*play.Stored, error) {
	c.loads.Add(1)
	return c.Store.LoadGame(ctx, id)
}

// TestManyWaitersOneLoad: long-polls waiting on one game are woken by one
// move and answered from one database read, not one each.
func TestManyWaitersOneLoad(t *testing.T) {
	e := sqliteEnv(t)
	cs := &countingStore{Store: e.store.(*models.Store)}
	games, err := play.New(play.Config{Store: cs})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(context.Background(), Config{Games: games, Keys: games, Probe: games, Secret: testSecret, MaxWait: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = srv.Shutdown(context.Background())
		_ = games.Shutdown(context.Background())
	})
	e.hs.Config.Handler = srv.Handler()
	e.srv = srv
	tb := e.newTable("basic", 2, variants.Options{}, "many-waiters")
	const n = 60
	got := make(chan int, n)
	for i := range n {
		token := ""
		if i%3 == 1 {
			token = tb.tokens[1]
		}
		go func() { got <- e.req("GET", "/v1/games/"+tb.id+"?since=1&wait=10s", token, nil).status }()
	}
	waitFor(t, func() bool { return srv.waiting() == n })
	before := cs.loads.Load()
	tb.act(tb.pick())
	for range n {
		select {
		case st := <-got:
			if st != http.StatusOK {
				t.Fatalf("waiter got %d", st)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a waiter was not woken")
		}
	}
	// The move itself may read once; the watcher reads once per change.
	if loads := cs.loads.Load() - before; loads > 3 {
		t.Fatalf("%d waiters woken by one move caused %d loads", n, loads)
	}
}
