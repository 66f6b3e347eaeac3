package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// apiDo sends one request to the API as a client would (token: a seat's
// bearer token, or "" for the public) and decodes a 2xx answer into out.
func apiDo(t *testing.T, base, method, path, token string, body, out any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+"/v1"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}

// seatView is what the tests read of a seat's view.
type seatView struct {
	Version     int64 `json:"version"`
	Status      string
	Turn        int  `json:"turn"`
	CurrentSeat *int `json:"current_seat"`
	NoteTokens  int  `json:"note_tokens"`
	Hands       []struct {
		Seat  int `json:"seat"`
		Cards []struct {
			ID   int  `json:"id"`
			Rank *int `json:"rank"`
		} `json:"cards"`
	} `json:"hands"`
}

// table is a game created through the API, every seat a person's, with
// their tokens by seat.
type table struct {
	base, id string
	tokens   []string
}

// newTable creates a game of variant for players seats, dealt from seed,
// and fills every seat through the API.
func newTable(t *testing.T, base, variant string, players int, seed string) *table {
	t.Helper()
	var created struct {
		Game  struct{ ID string } `json:"game"`
		Token string              `json:"token"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": variant, "players": players, "name": "Player 1", "seed": seed}, &created)
	tb := &table{base: base, id: created.Game.ID, tokens: []string{created.Token}}
	for s := 1; s < players; s++ {
		var joined struct {
			Token string `json:"token"`
		}
		apiDo(t, base, "POST", "/games/"+tb.id+"/seats", "", map[string]any{"name": "Player " + strconv.Itoa(s+1)}, &joined)
		tb.tokens = append(tb.tokens, joined.Token)
	}
	return tb
}

func (tb *table) view(t *testing.T, seat int) seatView {
	t.Helper()
	var v seatView
	token := ""
	if seat >= 0 {
		token = tb.tokens[seat]
	}
	apiDo(t, tb.base, "GET", "/games/"+tb.id, token, nil, &v)
	return v
}

// move makes seat's move through the API: a rank clue on the next seat's
// newest card while a clue token is left, else a discard of its oldest card.
func (tb *table) move(t *testing.T, seat int) {
	t.Helper()
	v := tb.view(t, seat)
	if v.CurrentSeat == nil || *v.CurrentSeat != seat {
		t.Fatalf("seat %d moves out of turn: %+v", seat, v.CurrentSeat)
	}
	n := len(v.Hands)
	var action map[string]any
	if v.NoteTokens > 0 {
		// The rank of the next seat's newest card that a clue can name
		// (an Up or Down START card, rank 7, cannot be).
		target := (seat + 1) % n
		rank := 1
		for _, c := range v.Hands[target].Cards {
			if *c.Rank <= 5 {
				rank = *c.Rank
				break
			}
		}
		action = map[string]any{"type": "clue", "target": target, "rank": rank}
	} else {
		own := v.Hands[seat].Cards
		action = map[string]any{"type": "discard", "card": own[len(own)-1].ID}
	}
	action["version"] = v.Version
	apiDo(t, tb.base, "POST", "/games/"+tb.id+"/actions", tb.tokens[seat], action, nil)
}

// sitDown opens the table in ctx's browser as seat, as the browser that
// took the seat would (its token kept in the browser's storage).
func (tb *table) sitDown(t *testing.T, ctx context.Context, seat int) {
	t.Helper()
	stored, _ := json.Marshal(map[string]any{"seat": seat, "token": tb.tokens[seat]})
	run(t, ctx, "sit down",
		chromedp.Navigate(tb.base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery),
		chromedp.Evaluate(`localStorage.setItem('hanabi.seat.`+tb.id+`', `+js(string(stored))+`)`, nil),
		chromedp.Navigate(tb.base+"/?game="+tb.id),
		chromedp.WaitVisible(`#table[data-seat="`+strconv.Itoa(seat)+`"]`, chromedp.ByQuery))
}

// caughtUp waits until the page shows version, and how long that took.
func caughtUp(t *testing.T, ctx context.Context, version int64, within time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	cctx, cancel := context.WithTimeout(ctx, within+3*time.Second)
	defer cancel()
	err := chromedp.Run(cctx, chromedp.Poll(`(document.querySelector('#table') || {dataset: {}}).dataset.version === '`+strconv.FormatInt(version, 10)+`'`, nil,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	took := time.Since(start)
	if err != nil {
		var shown string
		_ = chromedp.Run(context.WithoutCancel(ctx), chromedp.Evaluate(`(document.querySelector('#table') || {dataset: {}}).dataset.version + ' ' + document.querySelector('#status').textContent`, &shown))
		t.Fatalf("the page never shows version %d (after %v it shows %q)", version, took.Round(time.Millisecond), shown)
	}
	return took
}

// checkCandidates checks, on its seat's turn (when the others wait), that
// the page shows on each of the seat's own cards exactly the identities the
// server's view gives as its candidates.
func checkCandidates(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	run(t, ctx, "the seat's turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	var seat struct {
		Game  string `json:"game"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
		Shown map[string]string
	}
	run(t, ctx, "the page's candidates", chromedp.Evaluate(`(() => {
  const game = new URLSearchParams(location.search).get('game');
  const s = JSON.parse(sessionStorage.getItem('hanabi.seat.' + game) || localStorage.getItem('hanabi.seat.' + game));
  const shown = Object.fromEntries([...document.querySelectorAll('.hand.mine .card[data-card]')].map((c) => [c.dataset.card, c.dataset.ids || '']));
  return { game, seat: s.seat, token: s.token, shown: shown };
})()`, &seat))
	var v struct {
		Version int64 `json:"version"`
		Hands   []struct {
			Seat  int `json:"seat"`
			Cards []struct {
				ID         int `json:"id"`
				Candidates []struct {
					Suit string `json:"suit"`
					Rank int    `json:"rank"`
				} `json:"candidates"`
			} `json:"cards"`
		} `json:"hands"`
	}
	apiDo(t, base, "GET", "/games/"+seat.Game, seat.Token, nil, &v)
	var shownVersion string
	run(t, ctx, "the page's version", chromedp.Evaluate(`document.querySelector('#table').dataset.version`, &shownVersion))
	if shownVersion != strconv.FormatInt(v.Version, 10) {
		t.Fatalf("on the seat's turn the page is at version %s, the server at %d", shownVersion, v.Version)
	}
	cards := v.Hands[seat.Seat].Cards
	if len(cards) != len(seat.Shown) || len(cards) == 0 {
		t.Fatalf("the page shows %d own cards, the server %d", len(seat.Shown), len(cards))
	}
	for _, c := range cards {
		var want []string
		for _, x := range c.Candidates {
			want = append(want, x.Suit+":"+strconv.Itoa(x.Rank))
		}
		if got := seat.Shown[strconv.Itoa(c.ID)]; got != strings.Join(want, " ") {
			t.Errorf("card %d: the page says it can be %q, the server %q", c.ID, got, strings.Join(want, " "))
		}
	}
}
