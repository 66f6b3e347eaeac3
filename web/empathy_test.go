package web_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// empathyView is what the tests read of a view's empathy.
type empathyView struct {
	Version     int64 `json:"version"`
	CurrentSeat *int  `json:"current_seat"`
	Hands       []struct {
		Seat  int `json:"seat"`
		Cards []struct {
			ID      int `json:"id"`
			Empathy []struct {
				Suit string `json:"suit"`
				Rank int    `json:"rank"`
			} `json:"empathy"`
		} `json:"cards"`
	} `json:"hands"`
}

// checkEmpathyShown checks that the page in ctx carries, on every card of
// the view at path (as token reads it) that has empathy, exactly that
// empathy, and on no other card; live: once the table shows that view.
func checkEmpathyShown(t *testing.T, ctx context.Context, base, path, token string, live bool) {
	t.Helper()
	var v empathyView
	apiDo(t, base, "GET", path, token, nil, &v)
	if live {
		caughtUp(t, ctx, v.Version, 5*time.Second)
	}
	want := map[string]string{}
	for _, h := range v.Hands {
		for _, c := range h.Cards {
			if c.Empathy == nil {
				continue
			}
			var ids []string
			for _, x := range c.Empathy {
				ids = append(ids, x.Suit+":"+strconv.Itoa(x.Rank))
			}
			want[strconv.Itoa(c.ID)] = strings.Join(ids, " ")
		}
	}
	if len(want) == 0 {
		t.Fatalf("%s: no card carries empathy", path)
	}
	var shown map[string]string
	run(t, ctx, "the page's empathy", chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('#table .card[data-empathy]')].map((c) => [c.dataset.card, c.dataset.empathy]))`, &shown))
	if len(shown) != len(want) {
		t.Errorf("%s: the page turns %d cards to their holder's side, the server gives empathy on %d", path, len(shown), len(want))
	}
	for id, w := range want {
		if shown[id] != w {
			t.Errorf("%s: card %s: the page says its holder knows %q, the server %q", path, id, shown[id], w)
		}
	}
}

// sideShown is true when the turned side of every card sel finds shows,
// and of no other card.
func sideShown(sel string) string {
	return `(() => { const all = [...document.querySelectorAll('#table .their-side')]; const want = new Set(document.querySelectorAll(` + js(sel+` .their-side`) + `));
  return want.size > 0 && all.every((s) => (getComputedStyle(s).display !== 'none') === want.has(s)); })()`
}

// TestBrowserEmpathy (issue 48): on every card of a teammate's hand the
// page shows what the teammate can know of it, exactly the empathy the
// server gives: hovered or focused, a card turns to its holder's side; a
// hand's toggle turns the whole hand and stays on move after move; on a
// phone a tap on the toggle does it; the seat's own cards carry none. A
// guest who opens the full table is told that signing in shows the hands;
// the replay turns cards the same way and shows the table's chat.
func TestBrowserEmpathy(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	tb := newTable(t, base, "basic", 3, "empathy-night")
	next := func() {
		t.Helper()
		tb.move(t, tb.firstSeat(t))
	}
	for range 3 {
		next()
	}
	apiDo(t, base, "POST", "/games/"+tb.id+"/chat", tb.tokens[1], map[string]any{"text": "that clue was for the 1"}, nil)
	alice := b.player("alice")
	tb.sitDown(t, alice, 0)

	t.Run("empathy", func(t *testing.T) {
		checkEmpathyShown(t, alice, base, "/games/"+tb.id, tb.tokens[0], true)
		if n := count(t, alice, `.hand.mine [data-empathy], .hand.mine .their-side`); n != 0 {
			t.Errorf("the seat's own cards carry %d empathies", n)
		}
		// Hovered, a card of Bob's turns to his side, and no other.
		var at []float64
		run(t, alice, "where bob's card is", chromedp.Evaluate(`(() => { const r = document.querySelector('.hand[data-seat="1"] .cards > .card').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, &at))
		run(t, alice, "hover", chromedp.MouseEvent(input.MouseMoved, at[0], at[1]))
		waitTrue(t, alice, "the hovered card turns", sideShown(`.hand[data-seat="1"] .cards > .card:first-child`))
		run(t, alice, "away", chromedp.MouseEvent(input.MouseMoved, 1, 1))
		// The toggle turns Bob's whole hand, and it stays turned after a move.
		clickReady(t, alice, "turn bob's hand", `#knows-1`)
		waitTrue(t, alice, "bob's hand as he knows it", sideShown(`.hand[data-seat="1"]`)+` && document.querySelector('#knows-1').getAttribute('aria-pressed') === 'true'`)
		checkAxe(t, alice, "a hand as its holder knows it")
		checkContrast(t, alice, "a hand as its holder knows it", false)
		next()
		checkEmpathyShown(t, alice, base, "/games/"+tb.id, tb.tokens[0], true)
		waitTrue(t, alice, "still turned after the move", sideShown(`.hand[data-seat="1"]`))

		// Carol, on her phone, taps the toggle of Alice's hand.
		carol := b.player("carol")
		run(t, carol, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		tb.sitDown(t, carol, 2)
		tap(t, carol, "carol taps alice's toggle", `#knows-0`)
		waitTrue(t, carol, "alice's hand as she knows it", sideShown(`.hand[data-seat="0"]`))
		eval(t, carol, "no sideways scroll", `document.documentElement.scrollWidth <= 390`)
		checkEmpathyShown(t, carol, base, "/games/"+tb.id, tb.tokens[2], true)
	})

	t.Run("a guest watching is told to sign in", func(t *testing.T) {
		gus := b.player("gus")
		run(t, gus, "gus on his phone opens the full table", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
			chromedp.Navigate(base+"/?game="+tb.id), chromedp.WaitVisible(`#watching`, chromedp.ByQuery))
		if w := text(t, gus, `#watching`); !strings.Contains(w, "Sign in") || !strings.Contains(w, "every hand") {
			t.Errorf("a guest watching reads %q", w)
		}
		if n := count(t, gus, `#watching a[href^="/?signin"]`); n != 1 {
			t.Errorf("the guest is offered %d sign-in links", n)
		}
	})

	apiDo(t, base, "POST", "/games/"+tb.id+"/terminate", tb.tokens[0], nil, nil)
	t.Run("the replay", func(t *testing.T) {
		dave := b.player("dave")
		run(t, dave, "the replay", chromedp.Navigate(base+"/?replay="+tb.id), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
		waitTrue(t, dave, "the replay shows the chat", hasLine("Player 2", "that clue was for the 1"))
		run(t, dave, "blur", chromedp.Evaluate(`document.activeElement.blur()`, nil))
		press(t, dave, "step to move 2", kb.ArrowRight, kb.ArrowRight)
		waitTrue(t, dave, "move 2", `document.querySelector('#table').dataset.step === '2'`)
		checkEmpathyShown(t, dave, base, "/games/"+tb.id+"?turn=2", "", false)
		clickReady(t, dave, "turn alice's hand", `#knows-0`)
		waitTrue(t, dave, "alice's hand as she knew it", sideShown(`.hand[data-seat="0"]`))
		checkAxe(t, dave, "the replay with its chat")
	})
}
