package api

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

// A seat token's expiry ends its follows when it comes, not at the next
// heartbeat (10 s) nor at its wait's end (20 s): with tokens that live a
// second (and the parser's 5 s leeway), a stream, and a long-poll served
// the ordinary way or parked, end within 9 s of the tokens' making, the
// long-poll with 401.
func TestExpiredTokenEndsItsFollows(t *testing.T) {
	t.Parallel() // seconds of waiting for the clock, sharing nothing
	eachServing(t, func(t *testing.T, parking bool) {
		t.Parallel()
		e := parkedEnv(t, parking, func(c *envConfig) { c.TokenTTL = time.Second })
		made := time.Now()
		tb := e.newTable("basic", 2, variants.Options{}, "expiry")
		var v GameView
		e.req("GET", "/v1/games/"+tb.id, tb.tokens[1], nil).json(t, &v)
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()

		streamed := make(chan time.Duration, 1)
		req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/v1/games/"+tb.id+"/events/ndjson", nil)
		req.Header.Set("Authorization", "Bearer "+tb.tokens[0])
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the stream: %v %v", res, err)
		}
		go func() {
			defer res.Body.Close()
			_, _ = io.Copy(io.Discard, res.Body)
			streamed <- time.Since(made)
		}()

		r := e.reqCtx(ctx, "GET", "/v1/games/"+tb.id+"?since="+itoa(int(v.Version))+"&wait=20s", tb.tokens[1], nil)
		polled := time.Since(made)
		if r.status != http.StatusUnauthorized || polled > 9*time.Second {
			t.Errorf("the long-poll: %d after %v, want 401 within 9 s", r.status, polled.Round(time.Millisecond))
		}
		took := <-streamed
		if took > 9*time.Second || ctx.Err() != nil {
			t.Errorf("the stream ended after %v, want within 9 s", took.Round(time.Millisecond))
		}
		t.Logf("the long-poll answered after %v, the stream ended after %v", polled.Round(time.Millisecond), took.Round(time.Millisecond))
	})
}
