package web_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// upOrDownView is what the test reads of a view of an Up or Down game.
type upOrDownView struct {
	Status         string            `json:"status"`
	Turn           int               `json:"turn"`
	FinalTurnsLeft *int              `json:"final_turns_left"`
	Fireworks      map[string]int    `json:"fireworks"`
	Directions     map[string]string `json:"stack_directions"`
	Next           map[string][]int  `json:"next_ranks"`
	Result         *struct {
		Reason string `json:"reason"`
	} `json:"result"`
}

// pileCaption is what a pile must say of the ranks that extend it, as the
// view tells them (next_ranks): "done" for none, else "next" and the ranks
// (7 is START), the last after "or".
func pileCaption(next []int) string {
	if len(next) == 0 {
		return "done"
	}
	words := make([]string, len(next))
	for i, r := range next {
		words[i] = strconv.Itoa(r)
		if r == 7 {
			words[i] = "START"
		}
	}
	if len(words) == 1 {
		return "next " + words[0]
	}
	return "next " + strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// checkPiles compares the page's fireworks with view v: each pile's height,
// way and caption (its first line under the card); it answers whether a firework going down held a 5.
func checkPiles(t *testing.T, ctx context.Context, where string, v upOrDownView) bool {
	t.Helper()
	var shown map[string]string
	run(t, ctx, where+": piles", chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('.pile')].map((p) => [p.dataset.suit, p.dataset.height + ' ' + p.dataset.direction + ' ' + p.querySelector('small').textContent]))`, &shown))
	downAtFive := false
	for suit, top := range v.Fireworks {
		dir := v.Directions[suit]
		if want := strconv.Itoa(top) + " " + dir + " " + pileCaption(v.Next[suit]); shown[suit] != want {
			t.Errorf("%s: the %s firework reads %q, want %q", where, suit, shown[suit], want)
		}
		downAtFive = downAtFive || dir == "down" && top == 5
	}
	return downAtFive
}

// TestBrowserUpOrDownEnd: a game of Up or Down (5 Suits) that three bots
// play to its end, which comes because nobody who still has a turn can
// play a card while the final turns are not all taken. The finished table
// says so in those words, counts no final turns, and captions each
// firework by its way, its next card and whether it is done (a firework
// going down from 5 never reads "5/5"), as does every step of the replay,
// whose title names no turn its position does not.
func TestBrowserUpOrDownEnd(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	var created struct {
		Game struct{ ID string } `json:"game"`
	}
	var bots []any
	for s := range 3 {
		bots = append(bots, map[string]any{"seat": s, "strategy": "hat"})
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "up-or-down-5-suits", "players": 3, "seed": "updown-night-18", "bots": bots}, &created)
	id := created.Game.ID
	var end upOrDownView
	for deadline := time.Now().Add(20 * time.Second); end.Status != "finished"; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the bots never finished the game")
		}
		apiDo(t, base, "GET", "/games/"+id, "", nil, &end)
	}
	if end.Result == nil || end.Result.Reason != "no_playable_cards" || end.FinalTurnsLeft == nil {
		t.Fatalf("the game ended %+v with %v final turns left, not for want of a playable card during the final turns", end.Result, end.FinalTurnsLeft)
	}

	alice := newBrowser(t, base).player("alice")
	run(t, alice, "the finished table", chromedp.Navigate(base+"/?game="+id), chromedp.WaitVisible(`#result`, chromedp.ByQuery))
	if r := text(t, alice, `#result`); !strings.Contains(r, "nobody who still had a turn could play a card") {
		t.Errorf("the result reads %q", r)
	}
	if bar := text(t, alice, `.tokens`); strings.Contains(strings.ToLower(bar), "final turns") {
		t.Errorf("after the end the table still counts final turns: %q", bar)
	}
	checkPiles(t, alice, "the end", end)
	checkAxe(t, alice, "finished Up or Down table")

	run(t, alice, "the replay", chromedp.Navigate(base+"/?replay="+id), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery),
		chromedp.Evaluate(`document.activeElement.blur()`, nil))
	downAtFive := false
	for k := 0; k <= end.Turn; k++ {
		if k > 0 {
			press(t, alice, "step", kb.ArrowRight)
		}
		step := strconv.Itoa(k)
		waitTrue(t, alice, "step "+step, `document.querySelector('#table').dataset.step === '`+step+`'`)
		var v upOrDownView
		apiDo(t, base, "GET", "/games/"+id+"?turn="+step, "", nil, &v)
		downAtFive = checkPiles(t, alice, "replay step "+step, v) || downAtFive
		eval(t, alice, "step "+step+": the title names no other turn than the position", `(() => {
  const title = document.querySelector('.title .turn-no').textContent;
  const pos = (document.querySelector('#replay-pos').textContent.match(/\d+/g) || []);
  return (title.match(/\d+/g) || []).every((n) => pos.includes(n));
})()`)
	}
	if !downAtFive {
		t.Error("no firework of the game went down from 5: the seed no longer shows that caption")
	}
}
