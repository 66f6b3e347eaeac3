package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// publicView asks the API (as the public) for a game's view.
func publicView(t *testing.T, base, id string, v any) {
	t.Helper()
	res, err := http.Get(base + "/v1/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// botTable serves a fresh server and has Alice create a game of variant
// (found by typing search in the variant picker) against a bot of strategy,
// dealt from seed; it returns the server, Alice's page and the game's id.
func botTable(t *testing.T, search, variant, strategy, seed string) (string, context.Context, string) {
	t.Helper()
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	alice := newBrowser(t, base).player("alice")
	run(t, alice, "open the page",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.SendKeys(`input[type=search]`, search, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#variant').value === '`+variant+`'`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.SendKeys(`#name`, "Alice", chromedp.ByQuery),
		chromedp.SetValue(`select[data-seat="1"]`, strategy, chromedp.ByQuery),
		chromedp.Click(`details.advanced summary`, chromedp.ByQuery),
		chromedp.SendKeys(`#seed`, seed, chromedp.ByQuery),
		chromedp.Click(`#create-game`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table`, chromedp.ByQuery))
	return base, alice, gameID(t, alice)
}

// eachTurn plays Alice's game against the bot to its end (at most 80 of her
// moves, the prefer kind first), calling check on each of her turns before
// she moves, with the page's version. On her turn the bot waits, so the
// page and the server agree.
func eachTurn(t *testing.T, alice context.Context, prefer string, check func(version string)) {
	t.Helper()
	prev := ""
	for range 80 {
		var state string
		run(t, alice, "wait for a turn", chromedp.Poll(tableState(prev), &state, chromedp.WithPollingTimeout(25*time.Second)))
		if state == "finished" {
			return
		}
		check(strings.TrimPrefix(state, "turn:"))
		if !move(t, alice, "alice", prefer, &prev) {
			return
		}
	}
}

// TestBrowserShowsVariantRules: in Alternating Clues the page says which
// type the next clue must have, and offers only clues of that type; the
// player, preferring clues, plays a whole game against a bot without the
// server ever refusing a move.
func TestBrowserShowsVariantRules(t *testing.T) {
	base, alice, id := botTable(t, "alternating-clues-5", "alternating-clues-5-suits", "conventions", "browser-alternating")
	told := 0
	eachTurn(t, alice, "clue", func(version string) {
		var v struct {
			NextClueType *string `json:"next_clue_type"`
			Version      int     `json:"version"`
		}
		publicView(t, base, id, &v)
		if version != strconv.Itoa(v.Version) {
			t.Fatalf("on Alice's turn the page is at version %s, the server at %d", version, v.Version)
		}
		if v.NextClueType != nil {
			want := map[string]string{"color": "a colour", "rank": "a number"}[*v.NextClueType]
			if got := text(t, alice, `#next-clue`); got != want {
				t.Fatalf("the page says the next clue is %q, want %q", got, want)
			}
			wrong := `button[data-action=clue][data-rank]:not([aria-disabled=true])`
			if *v.NextClueType == "rank" {
				wrong = `button[data-action=clue][data-color]:not([aria-disabled=true])`
			}
			if n := count(t, alice, wrong); n != 0 {
				t.Fatalf("the next clue must be %s, but %d clues of the other type are enabled", want, n)
			}
			told++
		}
	})
	if told == 0 {
		t.Fatal("no turn had a required clue type to check")
	}
	finalScore(t, base, id)
}

// TestBrowserShowsStackDirections: in Up or Down each firework shows the
// direction its first cards fixed, as the server has it, on every turn of a
// whole game against a bot; START cards read START, never 7.
func TestBrowserShowsStackDirections(t *testing.T) {
	base, alice, id := botTable(t, "up-or-down-5", "up-or-down-5-suits", "hat", "browser-up-or-down")
	decided := 0
	eachTurn(t, alice, "", func(_ string) {
		var v struct {
			Directions map[string]string `json:"stack_directions"`
		}
		publicView(t, base, id, &v)
		if len(v.Directions) != 5 {
			t.Fatalf("the server's view has stack directions %v", v.Directions)
		}
		var shown map[string]string
		run(t, alice, "directions", chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('.pile')].map((p) => [p.dataset.suit, p.dataset.direction + ':' + (p.querySelector('.direction') || {}).textContent]))`, &shown))
		for suit, dir := range v.Directions {
			want := dir + ":" + map[string]string{"up": "↑ up", "down": "↓ down", "undecided": "↕ open"}[dir]
			if shown[suit] != want {
				t.Fatalf("%s: the page shows %q, the server says %s", suit, shown[suit], dir)
			}
			if dir != "undecided" {
				decided++
			}
		}
		if n := count(t, alice, `.card .rank`); n == 0 {
			t.Fatal("no card ranks on the table")
		}
		var sevens int
		run(t, alice, "no 7s", chromedp.Evaluate(`[...document.querySelectorAll('.card')].filter((c) => /\b7\b/.test(c.getAttribute('aria-label') || '') || /7/.test((c.querySelector('.rank') || {}).textContent || '')).length`, &sevens))
		if sevens != 0 {
			t.Fatalf("%d cards read 7 instead of START", sevens)
		}
		var logged []string
		run(t, alice, "the log's cards", chromedp.Evaluate(`[...document.querySelectorAll('#log-list .logcard')].map((c) => c.textContent)`, &logged))
		for _, c := range logged {
			if strings.HasSuffix(c, "7") {
				t.Fatalf("the log reads %q: a START card reads 7", c)
			}
		}
	})
	if decided == 0 {
		t.Fatal("no firework's direction was ever decided")
	}
	// Every START card that was played or discarded reads START in the log.
	var evs struct {
		Events []struct {
			Card *struct {
				Rank int `json:"rank"`
			} `json:"card"`
		} `json:"events"`
	}
	apiDo(t, base, "GET", "/games/"+id+"/events?after=0", "", nil, &evs)
	starts := 0
	for _, e := range evs.Events {
		if e.Card != nil && e.Card.Rank == 7 {
			starts++
		}
	}
	var logged int
	run(t, alice, "START in the log", chromedp.Evaluate(`[...document.querySelectorAll('#log-list .logcard')].filter((c) => / START$/.test(c.textContent) && c.title.endsWith(' START')).length`, &logged))
	if starts == 0 || logged != starts {
		t.Errorf("%d START cards left the hands, the log reads START %d times", starts, logged)
	}
}

// TestBrowserShowsFaceDownPlays: in Throw It in a Hole the page draws every
// card played face down (who and when, never what), shows the strikes and
// the score as "?", and no firework, until the end shows the score.
func TestBrowserShowsFaceDownPlays(t *testing.T) {
	base, alice, id := botTable(t, "throw-it-in-a-hole-5", "throw-it-in-a-hole-5-suits", "conventions", "browser-hole")
	most := 0
	eachTurn(t, alice, "play", func(_ string) {
		var v struct {
			PlaysHidden bool `json:"plays_hidden"`
			FaceDown    []struct {
				ID int `json:"id"`
			} `json:"face_down"`
		}
		publicView(t, base, id, &v)
		if !v.PlaysHidden {
			t.Fatal("the server's view of a running Throw It in a Hole game does not hide the plays")
		}
		if got := count(t, alice, `.hole .card.facedown`); got != len(v.FaceDown) {
			t.Fatalf("the page draws %d cards face down, the server has %d", got, len(v.FaceDown))
		}
		most = max(most, len(v.FaceDown))
		for _, sel := range []string{`#strikes`, `#score`} {
			if got := text(t, alice, sel); !strings.HasPrefix(got, "?/") {
				t.Fatalf("%s reads %q while the plays are face down", sel, got)
			}
		}
		if n := count(t, alice, `.pile .card.face`); n != 0 {
			t.Fatalf("%d fireworks show a card while the plays are face down", n)
		}
		var leaked bool
		run(t, alice, "face-down labels", chromedp.Evaluate(`[...document.querySelectorAll('.hole .card')].some((c) => /red|yellow|green|blue|purple|[1-5]\b/.test((c.getAttribute('aria-label') || '').replace(/turn \d+/, '')))`, &leaked))
		if leaked {
			t.Fatal("a face-down card's label names a suit or a rank")
		}
	})
	if most == 0 {
		t.Fatal("nobody played a card face down")
	}
	score := finalScore(t, base, id)
	if got := text(t, alice, `#score`); got != strconv.Itoa(score)+"/25" {
		t.Fatalf("after the end the score reads %q, the server says %d", got, score)
	}
}
