package api

import (
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/variants"
)

// Copies of one keyed move sent at once each get the first answer or
// 409 idempotency_key_in_use, never a refusal judged after another copy
// applied the move; and a retry afterwards gets the applied move's answer,
// never a refusal kept under its key.
func TestIdempotencyKeyCopiesAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		e := newEnv(t, dbURL)
		tb := e.newTable("basic", 2, variants.Options{}, "copies")
		for burst := range 12 {
			a := tb.pick()
			seat := tb.local.Current()
			key := []string{"Idempotency-Key", "burst-" + strconv.Itoa(burst)}
			path := "/v1/games/" + tb.id + "/actions"
			answers := make([]resp, 8)
			var wg sync.WaitGroup
			for i := range answers {
				wg.Go(func() { answers[i] = e.with(t).req("POST", path, tb.tokens[seat], tb.request(a), key...) })
			}
			wg.Wait()
			var applied []byte
			for i, r := range answers {
				switch r.status {
				case http.StatusOK:
					if applied != nil && string(applied) != string(r.body) {
						t.Fatalf("burst %d: two different answers to one key", burst)
					}
					applied = r.body
				case http.StatusConflict:
					if p := r.problem(t); p.Code != codeIdempotencyKeyInUse {
						t.Fatalf("burst %d, copy %d: %s (%s), want the first answer or idempotency_key_in_use", burst, i, p.Code, p.Detail)
					}
				default:
					t.Fatalf("burst %d, copy %d: status %d %s", burst, i, r.status, truncate(string(r.body), 200))
				}
			}
			// Until the first copy's answer is kept a retry may still be told
			// the key is in use; then it gets that answer.
			var again resp
			for try := 0; try < 50; try++ {
				if again = e.req("POST", path, tb.tokens[seat], tb.request(a), key...); again.status != http.StatusConflict {
					break
				}
			}
			if again.status != http.StatusOK || applied != nil && string(again.body) != string(applied) {
				t.Fatalf("burst %d: a retry got %d %s", burst, again.status, truncate(string(again.body), 200))
			}
			if _, err := tb.local.Apply(a); err != nil {
				t.Fatal(err)
			}
			if tb.local.Over() {
				break
			}
		}
	})
}
