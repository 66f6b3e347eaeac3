package web_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// catchUpWithin is how soon after the network returns (or a refresh
// fails) a board must show the game as it is.
const catchUpWithin = 2 * time.Second

// myTurnNow plays seat's turn on its page once the page says it is its
// turn at version, and checks that the server took the move.
func myTurnNow(t *testing.T, tb *table, seat int, ctx context.Context, version int64) {
	t.Helper()
	run(t, ctx, "her turn", chromedp.WaitVisible(`#table[data-my-turn="true"][data-version="`+itoa(int(version))+`"]`, chromedp.ByQuery))
	prev := ""
	if !move(t, ctx, "the seat", "clue", &prev) {
		t.Fatal("the game is over")
	}
	deadline := time.Now().Add(5 * time.Second)
	for tb.view(t, -1).Version <= version {
		if time.Now().After(deadline) {
			t.Fatal("the seat's move never reached the server")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserOffline: Carol's browser loses the network for 5 s while the
// two others move; once it is back, her board shows the game as it is
// within 2 s, and she plays her turn.
func TestBrowserOffline(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	b.allow("ERR_INTERNET_DISCONNECTED")
	b.allow("ERR_NETWORK_CHANGED")
	carol := b.player("carol")
	tb := newTable(t, base, "basic", 3, "offline")
	tb.sitDown(t, carol, 2)
	tb.move(t, 0)
	tb.move(t, 1)
	v := tb.view(t, -1).Version
	caughtUp(t, carol, v, 10*time.Second)
	myTurnNow(t, tb, 2, carol, v)

	run(t, carol, "offline", network.EmulateNetworkConditions(true, 0, -1, -1))
	off := time.Now()
	tb.move(t, 0)
	time.Sleep(time.Second)
	tb.move(t, 1)
	time.Sleep(5*time.Second - time.Since(off))
	v = tb.view(t, -1).Version
	run(t, carol, "online", network.EmulateNetworkConditions(false, 0, -1, -1))
	took := caughtUp(t, carol, v, catchUpWithin)
	t.Logf("caught up %v after the network returned", took.Round(time.Millisecond))
	if took > catchUpWithin {
		t.Errorf("the board caught up %v after the network returned, want within %v", took.Round(time.Millisecond), catchUpWithin)
	}
	waitTrue(t, carol, "no reconnecting…", `document.querySelector('#status').textContent === ''`)
	myTurnNow(t, tb, 2, carol, v)
}

// failOnce answers 502 to the next GET of a game's view (not a long-poll,
// not the events) that carries token, once armed.
type failOnce struct {
	mu     sync.Mutex
	token  string
	failed chan time.Time
}

func (f *failOnce) arm(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.token = token
	f.failed = make(chan time.Time, 1)
}

func (f *failOnce) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		hit := f.token != "" && r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/games/") &&
			strings.Count(r.URL.Path, "/") == 3 && r.URL.Query().Get("wait") == "" &&
			r.Header.Get("Authorization") == "Bearer "+f.token
		if hit {
			f.token = ""
			f.failed <- time.Now()
		}
		f.mu.Unlock()
		if hit {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// TestBrowserFailedRefresh: the one refresh that follows the move before
// Carol's turn answers 502; her board still shows her turn within 2 s,
// and she plays it.
func TestBrowserFailedRefresh(t *testing.T) {
	fault := &failOnce{}
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), fault.wrap)
	b := newBrowser(t, base)
	b.allow("status of 502")
	carol := b.player("carol")
	tb := newTable(t, base, "basic", 3, "failed-refresh")
	tb.sitDown(t, carol, 2)
	tb.move(t, 0)
	caughtUp(t, carol, tb.view(t, -1).Version, 10*time.Second)
	fault.arm(tb.tokens[2])
	tb.move(t, 1)
	v := tb.view(t, -1).Version
	var at time.Time
	select {
	case at = <-fault.failed:
	case <-time.After(10 * time.Second):
		t.Fatal("the page never refreshed its view after the move")
	}
	caughtUp(t, carol, v, catchUpWithin)
	took := time.Since(at)
	t.Logf("caught up %v after the failed refresh", took.Round(time.Millisecond))
	if took > catchUpWithin {
		t.Errorf("the board caught up %v after the failed refresh, want within %v", took.Round(time.Millisecond), catchUpWithin)
	}
	myTurnNow(t, tb, 2, carol, v)
}
