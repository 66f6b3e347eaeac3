package web_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// breaker stands in for a server restart: trip ends every request in
// flight (the event streams among them) and answers 503 for a while.
type breaker struct {
	mu    sync.Mutex
	gen   context.Context
	stop  context.CancelFunc
	until time.Time
}

func newBreaker() *breaker {
	b := &breaker{}
	b.gen, b.stop = context.WithCancel(context.Background())
	return b
}

func (b *breaker) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		gen, down := b.gen, time.Now().Before(b.until)
		b.mu.Unlock()
		if down {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "restarting", http.StatusServiceUnavailable)
			return
		}
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		stop := context.AfterFunc(gen, cancel)
		defer stop()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (b *breaker) trip(d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.until = time.Now().Add(d)
	b.stop()
	b.gen, b.stop = context.WithCancel(context.Background())
}

// TestBrowserPhone: a five- and a six-player Odds and Evens table of bots, on a
// 390×844 phone, for a player with a long name: no sideways scroll; her hand
// and the clue buttons on one screen; every tap target at least 44×44; the
// rank clues say "odd" and "even"; the log keeps its scroll while moves come
// in; "reconnecting…" goes as soon as the server is back; the page's
// messages and its card counting speak of what the player can know.
func TestBrowserPhone(t *testing.T) {
	for _, n := range []int{5, 6} {
		t.Run(strconv.Itoa(n)+"players", func(t *testing.T) { phoneTable(t, n) })
	}
}

func phoneTable(t *testing.T, players int) {
	brk := newBreaker()
	base := startServerWith(t, filepath.Join(t.TempDir(), "hanabi.db"), brk.wrap)
	b := newBrowser(t, base)
	b.allow("status of 503")
	alice := b.player("alice")
	long := "BartholomewMaximilianWolfeschlegelsteinhausenbergerdorff"
	run(t, alice, "create",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.SendKeys(`input[type=search]`, "odds-and-evens-5", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#variant').value === 'odds-and-evens-5-suits'`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.SetValue(`#players`, strconv.Itoa(players), chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#players').dispatchEvent(new Event('change'))`, nil),
		chromedp.SendKeys(`#name`, long, chromedp.ByQuery))
	for s := 1; s < players; s++ {
		run(t, alice, "bot", chromedp.SetValue(`select[data-seat="`+strconv.Itoa(s)+`"]`, "hat", chromedp.ByQuery))
	}
	run(t, alice, "start",
		chromedp.Click(`details.advanced summary`, chromedp.ByQuery),
		chromedp.SendKeys(`#seed`, "phone-2", chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))

	var wide []string
	run(t, alice, "no sideways scroll", chromedp.Evaluate(`[document.documentElement.scrollWidth > 390 ? 'the page is ' + document.documentElement.scrollWidth + ' px wide' : '']
  .concat([...document.querySelectorAll('.table *')].filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.log, details:not([open]) > :not(summary)'))
    .map((e) => e.tagName + '.' + e.className + ' ends at ' + Math.round(e.getBoundingClientRect().right)))
  .filter(Boolean)`, &wide))
	if len(wide) > 0 {
		t.Errorf("wider than the phone: %v", wide)
	}
	eval(t, alice, "the rank clues say what they touch", `(() => {
  const one = document.querySelector('.hand.selected button[data-rank="1"]');
  const two = document.querySelector('.hand.selected button[data-rank="2"]');
  return one.textContent.includes('odd') && one.getAttribute('aria-label').includes('odd') && two.textContent.includes('even');
})()`)
	eval(t, alice, "hand and clue buttons on one screen", `(() => {
  const bottom = (sel) => Math.max(...[...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect().bottom));
  return window.scrollY === 0 && bottom('.hand.mine button') <= 844 && bottom('.hand.selected .clue-bar button') <= 844;
})()`)
	var small []string
	run(t, alice, "tap targets", chromedp.Evaluate(`[...document.querySelectorAll('.hand button, .controls button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => [b.getAttribute('aria-label') || b.textContent, b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([n, r]) => n + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`, &small))
	if len(small) > 0 {
		t.Errorf("tap targets under 44×44: %v", small)
	}
	checkAxe(t, alice, "phone table")
	if players == 5 {
		screenshot(t, alice, "table-5.png", 1280, 800)
		screenshot(t, alice, "table-phone-5.png", 390, 844)
	}
	run(t, alice, "viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))

	// Moves come in until the log scrolls; its scroll then stays put.
	prev := ""
	for i := 0; i < 3; i++ {
		move(t, alice, "alice", "discard", &prev)
	}
	run(t, alice, "wait for a turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	// The line at the top of the log's view stays there (not at the list's top).
	topLine := `(() => {
  const l = document.querySelector('.log'), top = l.getBoundingClientRect().top;
  const li = [...l.querySelectorAll('li')].find((e) => e.getBoundingClientRect().bottom > top + 4);
  return li.dataset.seq + '@' + Math.round(li.getBoundingClientRect().top - top);
})()`
	eval(t, alice, "the log scrolls", `(() => { const l = document.querySelector('.log'); l.scrollTop = 60; return l.scrollTop === 60; })()`)
	var before, after string
	run(t, alice, "the log's top line", chromedp.Evaluate(topLine, &before))
	v := version(t, alice)
	move(t, alice, "alice", "clue", &prev)
	waitTrue(t, alice, "the bots move", `Number(document.querySelector('#table').dataset.version) > `+strconv.Itoa(v+1))
	run(t, alice, "the log's top line again", chromedp.Evaluate(topLine, &after))
	if before != after {
		t.Errorf("the log's view moved: line@offset %s, then %s", before, after)
	}

	// The server "restarts": the page says so, and stops saying so once the
	// stream is back, while the game goes on.
	brk.trip(1500 * time.Millisecond)
	waitTrue(t, alice, "reconnecting", `document.querySelector('#status').textContent.includes('reconnecting')`)
	waitTrue(t, alice, "reconnected", `document.querySelector('#status').textContent === '' && document.querySelector('#table').dataset.status === 'active'`)

	// The page's words: no server jargon.
	var msg string
	run(t, alice, "messages", chromedp.Evaluate(`import('/assets/js/messages.js').then((m) => m.friendly({status: 409, code: 'stale_version'}))`, &msg, awaitPromise))
	if strings.Contains(msg, "version") || msg == "" {
		t.Errorf("stale version reads %q", msg)
	}
	// What each of her own cards can still be is the server's count
	// (candidates), shown as it comes; the page counts nothing itself.
	checkCandidates(t, alice, base)
	run(t, alice, "front", page.BringToFront())
}
