package web_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// viewsDown answers 502 to every GET of a game's view (not a long-poll,
// not the events) that carries token, while token is set.
type viewsDown struct {
	mu    sync.Mutex
	token string
}

func (f *viewsDown) set(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.token = token
}

func (f *viewsDown) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		down := f.token != "" && r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/games/") &&
			strings.Count(r.URL.Path, "/") == 3 && r.URL.Query().Get("wait") == "" &&
			r.Header.Get("Authorization") == "Bearer "+f.token
		f.mu.Unlock()
		if down {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// TestBrowserLogWaitsForBoard: the event of a move reaches Carol's page,
// but the view that shows it cannot be fetched for a while. Her log and
// her "last move" tell no move her board does not show yet; once the view
// comes, both tell it.
func TestBrowserLogWaitsForBoard(t *testing.T) {
	fault := &viewsDown{}
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), fault.wrap)
	b := newBrowser(t, base)
	b.allow("status of 502")
	carol := b.player("carol")
	tb := newTable(t, base, "basic", 3, "log-waits")
	tb.sitDown(t, carol, 2)
	tb.move(t, 0)
	caughtUp(t, carol, tb.view(t, -1).Version, 10*time.Second)
	waitTrue(t, carol, "the first move is logged", `document.querySelectorAll('#log-list li').length === 1`)

	fault.set(tb.tokens[2])
	tb.move(t, 1)
	v := tb.view(t, -1).Version
	waitTrue(t, carol, "the board cannot catch up", `document.querySelector('#status').textContent.includes('reconnecting')`)
	eval(t, carol, "the log tells only the move the board shows", `(() => {
  const lines = [...document.querySelectorAll('#log-list li')].map((li) => li.textContent);
  return lines.length === 1 && lines[0].startsWith('Player 1 ');
})()`)
	eval(t, carol, "so does the last move", `(document.querySelector('#last-move') || {textContent: ''}).textContent.includes(document.querySelector('#log-list li').textContent)`)

	fault.set("")
	caughtUp(t, carol, v, 10*time.Second)
	waitTrue(t, carol, "the log tells the second move", `(() => {
  const lines = [...document.querySelectorAll('#log-list li')].map((li) => li.textContent);
  return lines.length === 2 && lines[0].startsWith('Player 2 ') && document.querySelector('#last-move').textContent.includes(lines[0]);
})()`)
}
