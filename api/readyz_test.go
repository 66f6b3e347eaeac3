package api

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/models"
)

// probeCounter is a store that counts its readiness writes.
type probeCounter struct {
	*models.Store
	writes atomic.Int64
}

func (p *probeCounter) ProbeWrite(ctx context.Context) error {
	p.writes.Add(1)
	return p.Store.ProbeWrite(ctx)
}

// However often /readyz is asked, from however many clients at once, a
// replica writes to the database for it at most once a second; a second
// later it probes again.
func TestReadyzWritesOnceASecond(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		st := &probeCounter{Store: openStore(t, dbURL)}
		e := newEnv(t, dbURL, func(c *envConfig) { c.Store = st })
		start := time.Now()
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 25 {
					if r := e.req("GET", "/readyz", "", nil); r.status != http.StatusOK {
						t.Errorf("readyz: %d", r.status)
					}
				}
			})
		}
		wg.Wait()
		seconds := int64(time.Since(start)/time.Second) + 1
		if n := st.writes.Load(); n < 1 || n > seconds {
			t.Fatalf("200 probes in %v wrote %d times", time.Since(start), n)
		}
		before := st.writes.Load()
		time.Sleep(time.Second + 50*time.Millisecond)
		e.expect(e.req("GET", "/v1/readyz", "", nil), http.StatusOK)
		if st.writes.Load() != before+1 {
			t.Fatalf("a probe a second later wrote %d times", st.writes.Load()-before)
		}
	})
}
