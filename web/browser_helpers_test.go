package web_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/hanabi-server/hanabi/api"
	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/models"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// chromiumPath finds the browser the tests drive: $HANABI_CHROMIUM, else
// Debian's chromium (.ci/browser-deps.sh installs it). Without one the tests
// skip, saying so, except in CI, where they must run.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HANABI_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium found; .ci/browser-deps.sh installs it")
	}
	t.Skip("no chromium found (apt-get install chromium, or set HANABI_CHROMIUM); skipping the browser tests")
	return ""
}

// startServer runs the whole API, page included, on a real listener.
func startServer(t *testing.T, dbURL string) string {
	t.Helper()
	return startServerWith(t, dbURL, nil)
}

// startServerWith is startServer with the handler wrapped by wrap (nil: as it is).
func startServerWith(t *testing.T, dbURL string, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	storetest.SeedSQLite(t, dbURL, models.Open)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	store, err := models.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { store.Close() })
	// Accounts and their history, as the server runs them: a table of
	// signed-in players that names no seed gets its next shared deal.
	history := players.NewHistory(store)
	dealsInPlay := func(ctx context.Context, id string) ([]string, error) {
		return history.DealsInPlay(ctx, players.Player{ID: id})
	}
	games, err := play.New(play.Config{Store: store, Bots: bots.List(), Seeds: history.NextSeed, DealKey: []byte("browser-test-deal-key"), DealsInPlay: dealsInPlay})
	if err != nil {
		t.Fatalf("new games: %v", err)
	}
	replayRooms := rooms.NewRooms(store, games, nil)
	replayRooms.SetDealsInPlay(dealsInPlay)
	srv, err := api.New(ctx, api.Config{
		Games: games, Keys: games, Probe: games, Bots: games.Bots(), Stats: games.Stats(),
		Accounts: players.New(players.Config{Store: store}), History: history, Feed: players.NewFeed(store), Lobby: rooms.NewLobby(store, nil),
		Rooms: replayRooms, Watchers: rooms.NewWatchers(store, nil), Online: rooms.NewOnline(store, nil),
		Secret: []byte("browser-test-secret-browser-test-secret"), MaxWait: 30 * time.Second,
	})
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		hs.Close()
		_ = games.Shutdown(ctx)
	})
	return hs.URL
}

// browser runs the players' browsers: each player gets a browser context
// of its own (its own storage, as another person's computer would have).
type browser struct {
	t    *testing.T
	exe  string
	base string

	mu       sync.Mutex
	problems []string
	allowed  []string
}

// allow lets problems that contain s pass: what a test provokes on purpose
// (a server that answers 503 while it is "restarting").
func (b *browser) allow(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.allowed = append(b.allowed, s)
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	b := &browser{t: t, exe: chromiumPath(t), base: base}
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, p := range b.problems {
			t.Error(p)
		}
	})
	return b
}

func (b *browser) problem(format string, args ...any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := fmt.Sprintf(format, args...)
	// An analysis still under way answers 503 with Retry-After, and the
	// page asks again as told (analysis.js): under the race detector a
	// finished game's analysis can outlast the server's wait, and Chromium
	// logs every such answer. A 429 is the same wait for one asker's
	// analysis before: each one's analyses run one at a time (the page
	// asks again after the Retry-After it is given).
	if (strings.Contains(p, "503 (Service Unavailable)") || strings.Contains(p, "429 (Too Many Requests)")) && strings.HasSuffix(p, "/analysis") {
		return
	}
	for _, a := range b.allowed {
		if strings.Contains(p, a) {
			return
		}
	}
	b.problems = append(b.problems, p)
}

// player opens a browser of its own for one person: a browser context of
// the one Chromium the package's tests share (see chromium), with storage
// and cookies of its own, as another person's computer would have. Every
// console error or warning, uncaught exception, failed load and request to
// another host is recorded and fails the test at its end.
func (b *browser) player(name string) context.Context {
	b.t.Helper()
	root := chromium(b.t, b.exe)
	// chromedp's own WithNewBrowserContext opens its tab in no window, which
	// headless Chromium refuses ("no browser is open"): the context and its
	// first tab, in a window of its own, are made here.
	exec := cdp.WithExecutor(root, chromedp.FromContext(root).Browser)
	id, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(exec)
	if err != nil {
		b.t.Fatalf("%s: a browser context: %v", name, err)
	}
	tab, err := target.CreateTarget("about:blank").WithBrowserContextID(id).WithNewWindow(true).Do(exec)
	if err != nil {
		b.t.Fatalf("%s: a tab: %v", name, err)
	}
	ctx, cancel := chromedp.NewContext(root, chromedp.WithTargetID(tab))
	b.t.Cleanup(func() {
		cancel()
		_ = target.DisposeBrowserContext(id).Do(exec)
	})
	// Its other tabs (see tab) open in the same context.
	chromedp.FromContext(ctx).BrowserContextID = id
	b.watch(ctx, name)
	return ctx
}

// shared is the Chromium every player runs in. Starting one costs about
// two seconds of CPU, a browser context next to nothing, and the tests
// open some sixty players.
var shared struct {
	once sync.Once
	ctx  context.Context // its first tab, kept open
	err  error
	stop func()
}

// chromium starts the shared Chromium on first use; TestMain stops it.
func chromium(t *testing.T, exe string) context.Context {
	t.Helper()
	shared.once.Do(func() {
		// Not t.TempDir: it outlives the test, and Chromium's helpers may
		// still write there for a moment after the browser is gone.
		dir, err := os.MkdirTemp("", "hanabi-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe),
			chromedp.NoSandbox, // CI runs as root
			chromedp.DisableGPU,
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(1280, 800),
		)
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(quietErrorf))
		shared.ctx, shared.err = ctx, chromedp.Run(ctx)
		shared.stop = func() {
			cancel()
			cancelAlloc()
			for range 20 {
				if os.RemoveAll(dir) == nil {
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	})
	if shared.err != nil {
		t.Fatalf("start chromium: %v", shared.err)
	}
	return shared.ctx
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// quietErrorf is chromedp's error log without its notes on DOM events it
// does not follow (a <dialog> in the top layer), which are no errors of the page.
func quietErrorf(format string, args ...any) {
	if strings.Contains(format, "unhandled") || strings.Contains(fmt.Sprint(args...), "unhandled") {
		return
	}
	log.Printf(format, args...)
}

// tab opens another tab in player's browser: same storage, same person.
func (b *browser) tab(player context.Context, name string) context.Context {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(player)
	b.t.Cleanup(cancel)
	b.watch(ctx, name)
	return ctx
}

// watch records every console error or warning, uncaught exception, failed
// load and request to another host of one tab.
func (b *browser) watch(ctx context.Context, name string) {
	b.t.Helper()
	host := mustHost(b.t, b.base)
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeWarning {
				var args []string
				for _, a := range e.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				b.problem("%s: console %s: %s", name, e.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			b.problem("%s: uncaught: %s", name, e.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.LevelError {
				b.problem("%s: browser log: %s %s", name, e.Entry.Text, e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			u, err := url.Parse(e.Request.URL)
			if err != nil || (u.Scheme != "data" && u.Host != host) {
				b.problem("%s: request to another host: %s", name, e.Request.URL)
			}
		}
	})
	if err := chromedp.Run(ctx, network.Enable(), cdplog.Enable(), chromedp.EmulateViewport(1280, 800)); err != nil {
		b.t.Fatalf("%s: enable: %v", name, err)
	}
}

func mustHost(t *testing.T, base string) string {
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		if dir := os.Getenv("HANABI_SCREENSHOTS"); dir != "" {
			var buf []byte
			shot, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if chromedp.Run(shot, chromedp.CaptureScreenshot(&buf)) == nil {
				_ = os.WriteFile(filepath.Join(dir, "failure.png"), buf, 0o644)
			}
		}
		t.Fatalf("%s: %v", what, err)
	}
}

// screenshot writes the page to $HANABI_SCREENSHOTS/name when that is set
// (the README's pictures are taken this way).
func screenshot(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	dir := os.Getenv("HANABI_SCREENSHOTS")
	if dir == "" {
		return
	}
	var buf []byte
	run(t, ctx, "screenshot", chromedp.EmulateViewport(w, h), chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&buf))
	if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 800))
}

// onStore runs fn as a subtest on one store, named for it: Postgres when
// want is "postgres" and its URL is set, else SQLite. A browser test
// drives the page, whose every request the api package's tests make on
// both stores; the browser tests share the two stores between them, so
// that the suite's slowest package stays well within CI's time.
func onStore(t *testing.T, want string, fn func(t *testing.T, dbURL string)) {
	t.Helper()
	if want == "postgres" && os.Getenv(storetest.Env) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, storetest.PostgresURL(t, "web_")) })
		return
	}
	t.Run("sqlite", func(t *testing.T) { fn(t, filepath.Join(t.TempDir(), "hanabi.db")) })
}
