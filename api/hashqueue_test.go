package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/hanabi-server/hanabi/players"
)

// A flood of sign-ins from many addresses meets a bounded hashing queue:
// past it, 503 busy with Retry-After at once, logged as what it is (no
// "database unavailable"), while a real sign-in from an address that has
// not failed goes before the flood's and passes. Hashing costs here a
// fiftieth of a real hash (2 MiB, one pass), so that the test's own
// slowness under the race detector stays within its bounds.
func TestSignInFloodMeetsABoundedQueue(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		logs := &syncBuffer{}
		e := newEnv(t, dbURL, logTo(logs), func(c *envConfig) {
			ps := c.Store.(interface {
				players.Store
				Counters() players.Counters
			})
			c.Accounts = players.New(players.Config{Store: ps, Counters: ps.Counters(),
				Hash: &argon2id.Params{Memory: 2 * 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}})
		})
		e.signUp("Alice", "correct horse", false)
		var busy, other atomic.Int64
		var slowBusy atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		// Fewer flood addresses than the first queue holds: their first
		// checks (before they ask often) never fill it, whatever this
		// machine's speed, and the owner's place in it is certain.
		for a := range players.QueueFirst - 4 {
			flood := e.from(t, fmt.Sprintf("127.0.5.%d", 10+a))
			wg.Go(func() {
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					start := time.Now()
					r := flood.req("POST", "/v1/sessions", "", map[string]any{"name": "user" + strconv.Itoa(a*100+i), "password": "wrong horse"})
					switch r.status {
					case http.StatusServiceUnavailable:
						if p := r.problem(t); p.Code != codeBusy || r.header.Get("Retry-After") == "" {
							t.Errorf("a refused sign-in: %+v, Retry-After %q", p, r.header.Get("Retry-After"))
						}
						busy.Add(1)
						if time.Since(start) > 500*time.Millisecond {
							slowBusy.Add(1)
						}
						time.Sleep(10 * time.Millisecond)
					case http.StatusUnauthorized, http.StatusTooManyRequests:
					default:
						other.Add(1)
					}
				}
			})
		}
		time.Sleep(300 * time.Millisecond)
		owner := e.from(t, "127.0.5.200")
		start := time.Now()
		token, r := owner.signIn("Alice", "correct horse")
		took := time.Since(start)
		close(stop)
		wg.Wait()
		if token == "" || took > 3*time.Second {
			t.Errorf("the owner's sign-in beside the flood: %d in %v", r.status, took)
		}
		if busy.Load() == 0 || other.Load() > 0 || slowBusy.Load() > busy.Load()/10 {
			t.Errorf("the flood: %d busy (%d of them slow), %d other answers", busy.Load(), slowBusy.Load(), other.Load())
		}
		if strings.Contains(logs.String(), "database unavailable") {
			t.Errorf("the flood was logged as an outage:\n%s", logs.String())
		}
	})
}
