package api

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// cutStore is a store behind a silent network partition while cut is set:
// every call waits for its context to end, as a database that never answers
// (and raises no error) makes it.
type cutStore struct {
	play.Store
	cut atomic.Bool
}

func (s *cutStore) hang(ctx context.Context) error {
	if !s.cut.Load() {
		return nil
	}
	<-ctx.Done()
	return ctx.Err()
}

func (s *cutStore) CreateGame(ctx context.Context, g *play.GameRow, seats []play.Seat, key *play.Key) error {
	if err := s.hang(ctx); err != nil {
		return err
	}
	return s.Store.CreateGame(ctx, g, seats, key)
}

func (s *cutStore) GameVersion(ctx context.Context, id string) (play.Stamp, error) {
	if err := s.hang(ctx); err != nil {
		return play.Stamp{}, err
	}
	return s.Store.GameVersion(ctx, id)
}

func (s *cutStore) LoadGame(ctx context.Context, id string) (*play.Stored, error) {
	if err := s.hang(ctx); err != nil {
		return nil, err
	}
	return s.Store.LoadGame(ctx, id)
}

func (s *cutStore) Append(ctx context.Context, gameID string, a play.Append) error {
	if err := s.hang(ctx); err != nil {
		return err
	}
	return s.Store.Append(ctx, gameID, a)
}

// During a silent partition every request answers 503 with Retry-After
// within the store's deadline, a move too (which runs on past its client's
// hang-up): none hangs until its client gives up.
func TestPartitionAnswers503(t *testing.T) {
	var store *cutStore
	e := sqliteEnv(t, func(c *envConfig) {
		store = &cutStore{Store: c.Store}
		c.Store = store
		c.StoreTimeout = 300 * time.Millisecond
	})
	tb := e.newTable("basic", 2, variants.Options{}, "partition")
	store.cut.Store(true)
	for _, c := range []struct {
		name, method, path, token string
		body                      any
	}{
		{"create", "POST", "/v1/games", "", map[string]any{"variant": "basic", "players": 2}},
		{"read", "GET", "/v1/games/" + tb.id, tb.tokens[0], nil},
		{"events", "GET", "/v1/games/" + tb.id + "/events", "", nil},
		{"move", "POST", "/v1/games/" + tb.id + "/actions", tb.tokens[0], tb.request(tb.pick())},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
		start := time.Now()
		r := e.reqCtx(ctx, c.method, c.path, c.token, c.body)
		cancel()
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Fatalf("%s during a partition: status %d after %v, Retry-After %q: %s", c.name, r.status,
				time.Since(start).Round(time.Millisecond), r.header.Get("Retry-After"), truncate(string(r.body), 200))
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("%s: the 503 took %v", c.name, d)
		}
	}
	store.cut.Store(false)
	tb.act(tb.pick()) // the game goes on once the database answers
}
