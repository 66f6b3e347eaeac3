package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// tableState says what the page shows: "finished" once the result is up,
// "turn:<version>" when it is this page's seat to act at a version other
// than prev, else "".
func tableState(prev string) string {
	return `(() => {
  const t = document.querySelector('#table');
  if (!t) return '';
  if (t.dataset.status === 'finished' && document.querySelector('#result')) return 'finished';
  if (t.dataset.myTurn === 'true' && t.dataset.version !== '` + prev + `') return 'turn:' + t.dataset.version;
  return '';
})()`
}

// pickMove finds the button a player will click: a play of a card that its
// holder knows to be playable, else by preference a discard of the oldest
// card, else a clue, else a play (or, with prefer, that action first).
// Only enabled buttons count: the page enables legal moves only (a button
// that cannot be used now says so with aria-disabled, and keeps its focus).
func pickMove(prefer string) string {
	return `(() => {
  const all = (a) => [...document.querySelectorAll('button[data-action=' + a + ']:not([aria-disabled=true])')];
  // A card that is playable whatever it is, by what its holder knows.
  const height = (suit) => Number(document.querySelector('.pile[data-suit="' + suit + '"]').dataset.height);
  for (const b of all('play')) {
    const card = document.querySelector('.hand.mine .card[data-card="' + b.dataset.card + '"]');
    const suits = card.dataset.suits.split(' '), ranks = card.dataset.ranks.split(' ').map(Number);
    if (suits.every((s) => ranks.every((r) => height(s) + 1 === r))) {
      return 'button[data-action=play][data-card="' + b.dataset.card + '"]';
    }
  }
  const order = ['` + prefer + `', 'discard', 'clue', 'play'].filter(Boolean);
  for (const a of order) {
    const bs = all(a);
    if (bs.length === 0) continue;
    const b = a === 'discard' ? bs[bs.length - 1] : bs[0];
    const d = b.dataset;
    return a === 'clue'
      ? 'button[data-action=clue][data-target="' + d.target + '"]' + (d.color ? '[data-color="' + d.color + '"]' : '[data-rank="' + d.rank + '"]')
      : 'button[data-action=' + a + '][data-card="' + d.card + '"]';
  }
  return '';
})()`
}

// move waits until it is the page's turn (or the game is over) and clicks one
// legal move. It returns false once the game is over.
func move(t *testing.T, ctx context.Context, who, prefer string, prev *string) bool {
	t.Helper()
	var state string
	// A tab in the background gets no animation frames: bring it forward.
	run(t, ctx, who+": wait for a turn", page.BringToFront(),
		chromedp.Poll(tableState(*prev), &state, chromedp.WithPollingTimeout(25*time.Second)))
	if state == "finished" {
		return false
	}
	*prev = strings.TrimPrefix(state, "turn:")
	var picked string
	run(t, ctx, who+": pick", chromedp.Evaluate(pickMove(prefer), &picked))
	if picked == "" {
		t.Fatalf("%s: no enabled move on its turn", who)
	}
	// A view that arrives between finding the button and clicking it redraws
	// the table: the node may be gone (find the button again), or the click,
	// made at the button's place, may land beside it (click again once the
	// page shows the same turn for a while; a move on its way is not sent
	// twice, the page is busy until it is answered). The click is taken once
	// the page no longer offers the turn (busy with the move, or past it).
	taken := `(() => { const t = document.querySelector('#table'); return !t || t.dataset.myTurn !== 'true' || t.dataset.version !== '` + *prev + `'; })()`
	for attempt := 1; ; attempt++ {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := chromedp.Run(cctx, chromedp.Click(picked, chromedp.ByQuery))
		cancel()
		if err == nil {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err = chromedp.Run(wctx, chromedp.Poll(taken, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
			cancel()
			if err == nil {
				break
			}
			t.Logf("%s: the click on %s made no move within 5 s; clicking again", who, picked)
			err = errors.New("no node moved")
		}
		if attempt == 3 || !strings.Contains(err.Error(), "node") {
			t.Fatalf("%s: click %s: %v", who, picked, err)
		}
	}
	// The move is made once the page shows the server's answer: a newer
	// version. A move refused gives the turn back at the same version (and
	// says why); the caller, which goes on to read the server or to wait for
	// another seat's turn, would otherwise wait for a move never made.
	answered := `(() => {
  const t = document.querySelector('#table');
  if (!t || t.dataset.version !== '` + *prev + `') return 'moved';
  if (t.dataset.myTurn !== 'true') return '';
  const toast = document.querySelector('#toast:not([hidden])');
  return 'refused: ' + (toast ? toast.textContent : 'the turn is offered again');
})()`
	var outcome string
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	err := chromedp.Run(wctx, chromedp.Poll(answered, &outcome, chromedp.WithPollingInterval(50*time.Millisecond)))
	cancel()
	if err != nil {
		t.Fatalf("%s: the page never showed the answer to its move (%s): %v", who, picked, err)
	}
	if outcome != "moved" {
		t.Fatalf("%s: the move %s was not made: %s", who, picked, outcome)
	}
	return true
}

// text waits for sel and reads its text in one step, so that a redraw
// between finding and reading cannot lose the node.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	run(t, ctx, "read "+sel, chromedp.Poll(`(document.querySelector('`+sel+`') || {}).textContent || ''`, &s, chromedp.WithPollingTimeout(10*time.Second)))
	return s
}

func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	var n int
	run(t, ctx, "count "+sel, chromedp.Evaluate(`document.querySelectorAll('`+sel+`').length`, &n))
	return n
}

// finalScore asks the API (as the public) for a finished game's score.
func finalScore(t *testing.T, base, id string) int {
	t.Helper()
	res, err := http.Get(base + "/v1/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var g struct {
		Status string `json:"status"`
		Result *struct {
			Score int `json:"score"`
		} `json:"result"`
	}
	if err := json.NewDecoder(res.Body).Decode(&g); err != nil {
		t.Fatal(err)
	}
	if g.Status != "finished" || g.Result == nil {
		t.Fatalf("game %s is %s, not finished", id, g.Status)
	}
	return g.Result.Score
}

func gameID(t *testing.T, ctx context.Context) string {
	t.Helper()
	var loc string
	run(t, ctx, "location", chromedp.Evaluate(`new URLSearchParams(location.search).get('game') || ''`, &loc))
	if loc == "" {
		t.Fatal("the page shows no game")
	}
	return loc
}

// TestBrowserBotGame: a person creates a 2-player game with a bot on the
// page and plays it to the end by clicking; the page shows the server's
// final score and logs the whole game.
func TestBrowserBotGame(t *testing.T) {
	onStore(t, "sqlite", func(t *testing.T, dbURL string) {
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		alice := b.player("alice")
		run(t, alice, "open the page",
			chromedp.Navigate(base+"/"),
			chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
			chromedp.SetValue(`#variant`, "farbrausch2", chromedp.ByQuery),
			chromedp.SendKeys(`#name`, "Alice", chromedp.ByQuery),
			chromedp.SetValue(`select[data-seat="1"]`, "conventions", chromedp.ByQuery),
			chromedp.Click(`details.advanced summary`, chromedp.ByQuery),
			chromedp.SendKeys(`#seed`, "browser-bot", chromedp.ByQuery),
			chromedp.Click(`#create-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#table`, chromedp.ByQuery))
		id := gameID(t, alice)
		if n := count(t, alice, `.hand.mine .card.face`); n != 0 {
			t.Fatalf("the page shows %d of the seat's own cards face up", n)
		}
		if n := count(t, alice, `.hand.other .card.face`); n != 5 {
			t.Fatalf("the page shows %d of the bot's cards, want 5", n)
		}
		prev := ""
		moves := 0
		for ; moves < 80 && move(t, alice, "alice", "", &prev); moves++ {
			if moves == 13 {
				// A note on the bot's newest card, for the pictures too.
				tap(t, alice, "note on the bot's card", `.hand.other .cards > .card:first-child button.card-hit`)
				run(t, alice, "write the note", chromedp.WaitVisible(`#note-text`, chromedp.ByQuery),
					chromedp.SendKeys(`#note-text`, "finesse? keep", chromedp.ByQuery),
					chromedp.Click(`#note-save`, chromedp.ByQuery), chromedp.WaitNotPresent(`#note-editor`, chromedp.ByQuery))
				eval(t, alice, "the note is on the card", `document.querySelector('.hand.other .note').textContent === 'finesse? keep'`)
			}
			if moves == 14 {
				screenshot(t, alice, "table.png", 1280, 800)
				screenshot(t, alice, "table-phone.png", 390, 844)
			}
		}
		if moves == 0 || moves >= 80 {
			t.Fatalf("the game took %d clicks", moves)
		}
		score := finalScore(t, base, id)
		if got, want := text(t, alice, `#score`), itoa(score)+"/30"; got != want {
			t.Errorf("page score %q, the server says %q", got, want)
		}
		if r := text(t, alice, `#result`); !strings.Contains(r, "Game over: "+itoa(score)+"/30") {
			t.Errorf("result banner %q", r)
		}
		// One log line per event: every turn and the game_over.
		var lines int
		run(t, alice, "log", chromedp.Poll(`document.querySelector('#log-list li.game_over') ? document.querySelectorAll('#log-list li').length : 0`, &lines, chromedp.WithPollingTimeout(10*time.Second)))
		var turns int
		run(t, alice, "turn", chromedp.Evaluate(`Number(document.querySelector('#table').dataset.version)`, &turns))
		if lines < 2*moves {
			t.Errorf("the log has %d lines after %d clicks of a two-player game", lines, moves)
		}
	})
}

// TestBrowserTwoPlayers: two people, each in a browser of their own, play a
// game against each other: one creates it and shares the link, the other
// joins from it; a reload keeps the seat; both pages end on the same result.
func TestBrowserTwoPlayers(t *testing.T) {
	onStore(t, "postgres", func(t *testing.T, dbURL string) {
		base := startServer(t, dbURL)
		b := newBrowser(t, base)
		alice, bob := b.player("alice"), b.player("bob")
		var link string
		run(t, alice, "create",
			chromedp.Navigate(base+"/"),
			chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
			chromedp.SendKeys(`#name`, "Alice", chromedp.ByQuery),
			chromedp.Click(`details.advanced summary`, chromedp.ByQuery),
			chromedp.SendKeys(`#seed`, "browser-two", chromedp.ByQuery),
			chromedp.Click(`#create-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#join-link`, chromedp.ByQuery),
			chromedp.Value(`#join-link`, &link, chromedp.ByQuery))
		if !strings.HasPrefix(link, base+"/?game=") {
			t.Fatalf("join link %q", link)
		}
		run(t, bob, "join",
			chromedp.Navigate(link),
			chromedp.WaitVisible(`#join-game`, chromedp.ByQuery),
			chromedp.SendKeys(`#join-name`, "Bob", chromedp.ByQuery),
			chromedp.Click(`#join-game`, chromedp.ByQuery),
			chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery))
		// Alice's lobby follows the game as it starts.
		run(t, alice, "start", chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
		run(t, bob, "reload keeps the seat", chromedp.Reload(), chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery))
		for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
			if n := count(t, ctx, `.hand.mine .card.face`); n != 0 {
				t.Fatalf("%s's page shows %d of the seat's own cards face up", name, n)
			}
			if n := count(t, ctx, `.hand.other .card.face`); n != 5 {
				t.Fatalf("%s's page shows %d of the other's cards, want 5", name, n)
			}
		}
		// Alice clues, Bob plays his newest card, and so on until the game ends.
		prevA, prevB := "", ""
		moves := 0
		for moves < 120 {
			if !move(t, alice, "alice", "clue", &prevA) {
				break
			}
			moves++
			if !move(t, bob, "bob", "play", &prevB) {
				break
			}
			moves++
		}
		if moves >= 120 {
			t.Fatalf("no end after %d clicks", moves)
		}
		// The result links to the other scores on the game's seed once the
		// page has looked the seed up.
		for _, ctx := range []context.Context{alice, bob} {
			run(t, ctx, "the seed's link", chromedp.WaitVisible(`#result #other-scores`, chromedp.ByQuery))
		}
		ra, rb := text(t, alice, `#result`), text(t, bob, `#result`)
		if ra != rb || !strings.Contains(ra, "Game over") {
			t.Errorf("results differ: alice %q, bob %q", ra, rb)
		}
		id := gameID(t, alice)
		if score := finalScore(t, base, id); !strings.Contains(ra, "Game over: "+itoa(score)+"/") {
			t.Errorf("alice's result %q, the server's score %d", ra, score)
		}
		var la, lb int
		poll := `document.querySelector('#log-list li.game_over') ? document.querySelectorAll('#log-list li').length : 0`
		run(t, alice, "alice's log", chromedp.Poll(poll, &la, chromedp.WithPollingTimeout(10*time.Second)))
		run(t, bob, "bob's log", chromedp.Poll(poll, &lb, chromedp.WithPollingTimeout(10*time.Second)))
		if la != lb || la != moves+1 {
			t.Errorf("log lines: alice %d, bob %d, want %d moves + game over", la, lb, moves)
		}
	})
}

// TestBrowserTwoSeatsOneBrowser: one person plays both seats from two tabs
// of one browser: the second tab takes its seat "in this tab", keeps it
// over a reload, and the first tab keeps the creator's seat.
func TestBrowserTwoSeatsOneBrowser(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	first := b.player("first tab")
	var link string
	run(t, first, "create",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#join-link`, chromedp.ByQuery),
		chromedp.Value(`#join-link`, &link, chromedp.ByQuery))
	second := b.tab(first, "second tab")
	run(t, second, "join in this tab",
		chromedp.Navigate(link),
		chromedp.WaitVisible(`details.join-here summary`, chromedp.ByQuery),
		chromedp.Click(`details.join-here summary`, chromedp.ByQuery),
		chromedp.Click(`#join-here`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery),
		chromedp.Reload(),
		chromedp.WaitVisible(`#table[data-seat="1"]`, chromedp.ByQuery))
	run(t, first, "the first tab keeps seat 0", chromedp.WaitVisible(`#table[data-seat="0"]`, chromedp.ByQuery))
	prev0, prev1 := "", ""
	for range 3 {
		move(t, first, "first tab", "clue", &prev0)
		move(t, second, "second tab", "clue", &prev1)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
