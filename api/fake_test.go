package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/play"
)

// fakeGames is Games and Keys with no play and no database behind them: each
// call answers what the test put in err (nil: not found), or blocks until
// its context ends when block is set. It makes the HTTP layer testable
// alone.
type fakeGames struct {
	mu    sync.Mutex
	err   error
	block bool
	calls int
}

func (f *fakeGames) answer(ctx context.Context) error {
	f.mu.Lock()
	f.calls++
	err, block := f.err, f.block
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return ctx.Err()
	}
	if err == nil {
		return play.ErrNotFound
	}
	return err
}

func (f *fakeGames) Create(ctx context.Context, _ auth.Caller, _ play.NewGame) (*play.State, int, error) {
	return nil, -1, f.answer(ctx)
}

func (f *fakeGames) Join(ctx context.Context, _ string, _ auth.Caller, _, _ string, _ *play.Key) (int, *play.State, error) {
	return -1, nil, f.answer(ctx)
}

func (f *fakeGames) Say(ctx context.Context, _ string, _ auth.Caller, _, _ string) (*play.State, play.Line, error) {
	return nil, play.Line{}, f.answer(ctx)
}

func (f *fakeGames) Act(ctx context.Context, _ string, _ auth.Caller, _ play.Move) (*play.State, engine.Event, error) {
	return nil, engine.Event{}, f.answer(ctx)
}

func (f *fakeGames) Terminate(ctx context.Context, _ string, _ auth.Caller) (*play.State, engine.Event, error) {
	return nil, engine.Event{}, f.answer(ctx)
}

func (f *fakeGames) Vote(ctx context.Context, _ string, _ auth.Caller, _ bool) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Pause(ctx context.Context, _ string, _ auth.Caller) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Resume(ctx context.Context, _ string, _ auth.Caller) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Rearrange(ctx context.Context, _ string, _ auth.Caller, _ []int, _ play.Move) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Leave(ctx context.Context, _ string, _ auth.Caller, _ int, _ string) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) WriteNote(ctx context.Context, _ string, _ auth.Caller, _ int, _ string) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) SeatOf(ctx context.Context, _, _ string) (int, string, error) {
	return -1, "", f.answer(ctx)
}

func (f *fakeGames) SeatFor(ctx context.Context, _ string, _ auth.Caller, _ int) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Invitation(ctx context.Context, _ string, _ auth.Caller) (play.Invitation, error) {
	return play.Invitation{}, f.answer(ctx)
}

func (f *fakeGames) Rematch(ctx context.Context, _ string, _ auth.Caller) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) Load(ctx context.Context, _ string) (*play.State, error) {
	return nil, f.answer(ctx)
}

func (f *fakeGames) List(ctx context.Context, _ string, _ int, _ string) ([]play.Record, string, error) {
	return nil, "", f.answer(ctx)
}

func (f *fakeGames) Follow(string) play.Follower                      { return fakeTable{f} }
func (f *fakeGames) RecordedSeed(seed string) string                  { return seed }
func (f *fakeGames) Holds(context.Context, string, int, string) error { return nil }

func (f *fakeGames) Answered(context.Context, string, string, auth.Caller) (*play.Answer, error) {
	return nil, nil
}

func (f *fakeGames) Refused(context.Context, string, string, play.Answer) (*play.Answer, error) {
	return nil, nil
}

// storeProbe judges errors as the store does, with no database behind it.
type storeProbe struct{}

func (storeProbe) Ready(context.Context) error                     { return nil }
func (storeProbe) Count(context.Context) (map[string]int64, error) { return map[string]int64{}, nil }
func (storeProbe) Unavailable(err error) bool                      { return models.Unavailable(err) }

// fakeTable never changes; a read answers as f does.
type fakeTable struct{ f *fakeGames }

func (t fakeTable) Read(ctx context.Context) (*play.State, error) { return t.f.Load(ctx, "") }
func (fakeTable) Latest() (*play.State, <-chan struct{})          { return nil, nil }
func (fakeTable) Wait(ctx context.Context, _ int64) (*play.State, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
func (fakeTable) Close() {}

// fakeServer serves f alone.
func fakeServer(t *testing.T, f *fakeGames, tweak func(*Config)) (*Server, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	cfg := Config{Games: f, Keys: f, Secret: testSecret, Logger: slog.New(slog.NewTextHandler(logs, nil))}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return srv, logs
}

func fakeDo(t *testing.T, srv *Server, method, path, token, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, req)
	return w
}

// TestProblemsAlone: play's refusals and the database's failures become
// their problems, statuses and headers, with no play or database behind
// the server.
func TestProblemsAlone(t *testing.T) {
	readOnly := &pgconn.PgError{Code: "25006", Message: "cannot execute INSERT in a read-only transaction"}
	cases := []struct {
		name   string
		err    error
		status int
		code   string
	}{
		{"not your turn", play.ErrNotYourTurn, http.StatusConflict, codeNotYourTurn},
		{"stale version", play.ErrStaleVersion, http.StatusConflict, codeStaleVersion},
		{"illegal", engine.ErrNoNoteTokens, http.StatusUnprocessableEntity, codeIllegalAction},
		{"key in use", play.ErrKeyTaken, http.StatusConflict, codeIdempotencyKeyInUse},
		{"read-only database", readOnly, http.StatusServiceUnavailable, codeUnavailable},
		{"deadline", context.DeadlineExceeded, http.StatusServiceUnavailable, codeUnavailable},
		{"unknown", errors.New("pq: relation games does not exist"), http.StatusInternalServerError, codeInternal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeGames{err: c.err}
			srv, logs := fakeServer(t, f, func(cfg *Config) { cfg.Probe = storeProbe{} })
			token, err := srv.auth.SeatToken(auth.Anonymous(""), "g1", 0, "occ")
			if err != nil {
				t.Fatal(err)
			}
			w := fakeDo(t, srv, "POST", "/v1/games/g1/actions", token, `{"type":"play","card":0}`)
			if w.Code != c.status || !strings.Contains(w.Body.String(), `"code":"`+c.code+`"`) {
				t.Fatalf("%d %s, want %d %s", w.Code, w.Body, c.status, c.code)
			}
			if f.calls != 1 {
				t.Fatalf("%d calls of play", f.calls)
			}
			retry, _ := strconv.Atoi(w.Header().Get("Retry-After"))
			if (c.status == http.StatusServiceUnavailable) != (retry >= 1) {
				t.Fatalf("Retry-After %q on a %d", w.Header().Get("Retry-After"), w.Code)
			}
			if strings.Contains(w.Body.String(), "relation") || strings.Contains(w.Body.String(), "read-only") {
				t.Fatalf("the answer names the database's internals: %s", w.Body)
			}
			if c.code == codeInternal && !strings.Contains(logs.String(), "relation games") {
				t.Fatalf("an internal error is not logged: %s", logs)
			}
		})
	}
}

// TestDeadlineAlone: a play call that never returns by itself (a database
// behind a silent partition) is cut at the store deadline and answered 503
// with Retry-After, for a write and for a read; the outage is logged once.
func TestDeadlineAlone(t *testing.T) {
	f := &fakeGames{block: true}
	srv, logs := fakeServer(t, f, func(c *Config) { c.StoreTimeout = 100 * time.Millisecond })
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/v1/games", `{"variant":"basic","players":2}`},
		{"GET", "/v1/games/g1", ""},
		{"GET", "/v1/games/g1?since=0&wait=5s", ""},
		{"GET", "/v1/games", ""},
	} {
		start := time.Now()
		w := fakeDo(t, srv, r.method, r.path, "", r.body)
		if d := time.Since(start); w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || d > 2*time.Second {
			t.Fatalf("%s %s: %d (Retry-After %q) after %s", r.method, r.path, w.Code, w.Header().Get("Retry-After"), d)
		}
	}
	if n := errorLines(logs); n != 1 {
		t.Fatalf("%d WARN or ERROR lines for one outage:\n%s", n, logs)
	}
}

func (f *fakeGames) Spoiled(ctx context.Context, _ auth.Caller, _ string) error { return f.answer(ctx) }

func (f *fakeGames) DealInPlayAt(ctx context.Context, _ auth.Caller, _ string) (string, error) {
	return "", f.answer(ctx)
}
