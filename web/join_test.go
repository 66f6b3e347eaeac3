package web_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hanabi-server/hanabi/engine"
)

// slowJoin answers a seat taken from the browser 0.3 s late, as a slow
// network would: the page's wait for the lobby, begun before the seat was
// taken, then comes back before the seat's token does. Seats taken through
// the API by the test are answered at once.
func slowJoin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/seats") || !strings.Contains(r.UserAgent(), "Chrome") {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		time.Sleep(300 * time.Millisecond)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

// seedStartingAt is a seed under which a game of hanab.live's rules for
// players starts with seat, the n-th such seed.
func seedStartingAt(t *testing.T, players, seat, n int) string {
	t.Helper()
	cfg := engine.Config{Rules: engine.RulesHanabLive, Players: players}
	for i := 0; i < 1000; i++ {
		seed := "join-before-full-" + strconv.Itoa(i)
		if cfg.FirstSeat(seed) == seat {
			if n == 0 {
				return seed
			}
			n--
		}
	}
	t.Fatal("no seed starts with seat", seat)
	return ""
}

// notItsView records, from the moment it is installed, every moment the
// page draws seat 1's table with cards of the others' it does not show:
// the table of a seat drawn from a view that is not that seat's.
const notItsView = `(() => {
  window.notItsView = [];
  const check = () => {
    const t = document.querySelector('#table[data-seat="1"]');
    if (t && t.querySelector('.hand.other .card.own')) window.notItsView.push(t.dataset.version);
  };
  new MutationObserver(check).observe(document.querySelector('#app'), { childList: true, subtree: true });
  return true;
})()`

// TestBrowserJoinBeforeFull: Bob takes a seat from the invite link of a
// three-seat table that is not full yet; Cara takes the last one at once,
// or 0.3, 0.7, 1.5 or 3 s later, which starts the game with Bob to play.
// Every time, within a second of the start, Bob's page shows the others'
// cards and offers exactly the moves the server lists for him, and at no
// moment does it draw his seat's table from a view that is not his.
func TestBrowserJoinBeforeFull(t *testing.T) {
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), slowJoin)
	bob := newBrowser(t, base).player("bob")
	for i, delay := range []time.Duration{0, 300 * time.Millisecond, 700 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second} {
		t.Run(delay.String(), func(t *testing.T) {
			var created struct {
				Game  struct{ ID string } `json:"game"`
				Token string              `json:"token"`
			}
			apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "no-variant", "players": 3, "name": "Alice", "seed": seedStartingAt(t, 3, 1, i)}, &created)
			id := created.Game.ID
			run(t, bob, "bob takes a seat",
				chromedp.Navigate(base+"/?game="+id),
				chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
				chromedp.SetValue(`#join-name`, "Bob", chromedp.ByQuery),
				chromedp.Click(`#join-game`, chromedp.ByQuery),
				chromedp.Poll(`[...document.querySelectorAll('.lobby .who')].some((e) => e.textContent === 'Bob — you')`, nil, chromedp.WithPollingTimeout(10*time.Second)))
			eval(t, bob, "watch the table", notItsView)
			time.Sleep(delay)
			var joined struct {
				Token string `json:"token"`
			}
			apiDo(t, base, "POST", "/games/"+id+"/seats", "", map[string]any{"name": "Cara"}, &joined)
			var shown bool
			err := chromedp.Run(bob, chromedp.Poll(`(() => {
  const t = document.querySelector('#table[data-seat="1"][data-my-turn="true"]');
  return !!t && t.querySelectorAll('.hand.other .card.face').length === 10
    && t.querySelectorAll('button[data-action=play]:not([aria-disabled=true])').length === 5;
})()`, &shown, chromedp.WithPollingTimeout(time.Second), chromedp.WithPollingInterval(20*time.Millisecond)))
			if err != nil {
				var state string
				_ = chromedp.Run(bob, chromedp.Evaluate(`(() => { const t = document.querySelector('#table'); return t ? 'seat ' + t.dataset.seat + ' version ' + t.dataset.version + ' my turn ' + t.dataset.myTurn + ', ' + t.querySelectorAll('.hand.other .card.face').length + ' of the others’ cards shown' : document.querySelector('#app').textContent.slice(0, 200); })()`, &state))
				t.Fatalf("a second after the start Bob's page shows: %s", state)
			}
			checkOffered(t, bob, base, id, seatToken(t, bob))
			var wrong []string
			run(t, bob, "the views drawn", chromedp.Evaluate(`window.notItsView`, &wrong))
			if len(wrong) > 0 {
				t.Errorf("Bob's seat was drawn from another's view at versions %v", wrong)
			}
		})
	}
}
