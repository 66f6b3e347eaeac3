package web_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLobbyWords, on a phone: the form asks what happens when a
// turn's time runs out only with the clock on; a search that matches many
// variants changes no choice, and says how many match, while one that
// names a variant chooses it (Orange's description reads "An orange
// card"); someone who opens an invite link is asked to sit down, not to
// send the link on, and once seated reads the whole link; the replay of a
// table still waiting for players says so.
func TestBrowserLobbyWords(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	b := newBrowser(t, base)
	alice := b.player("alice")
	run(t, alice, "the lobby", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#create-game`, chromedp.ByQuery))
	shown := func(sel string) string { return `((document.querySelector('` + sel + `') || {}).offsetParent != null)` }
	eval(t, alice, "the clock is off, and nothing is asked of its end", `document.querySelector('#turn-seconds').value === '0' && !`+shown(`#on-timeout`))
	run(t, alice, "the clock on", chromedp.SetValue(`#turn-seconds`, "30", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#turn-seconds').dispatchEvent(new Event('input'))`, nil))
	eval(t, alice, "with the clock on, its end is asked", shown(`#on-timeout`))

	var before string
	run(t, alice, "the choice", chromedp.Value(`#variant`, &before, chromedp.ByQuery),
		chromedp.SendKeys(`input[type=search]`, "up or down", chromedp.ByQuery))
	waitTrue(t, alice, "the matches are listed", `!!document.querySelector('#variant option[value="up-or-down-5-suits"]')`)
	eval(t, alice, "many matches change no choice", `document.querySelector('#variant').value === '`+before+`'`)
	eval(t, alice, "the page says how many match", `/^\d+ variants match/.test((document.querySelector('#variant-matches') || {}).textContent)`)
	run(t, alice, "search Orange (5 Suits)", chromedp.Evaluate(`document.querySelector('input[type=search]').value = ''`, nil),
		chromedp.SendKeys(`input[type=search]`, "Orange (5 Suits)", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#variant').value === 'orange-5-suits'`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	if d := text(t, alice, `.variant-desc`); !strings.Contains(d, "An orange card asked to be played") {
		t.Errorf("Orange's description reads %q", d)
	}
	checkAxe(t, alice, "lobby on a phone")

	var created struct {
		Game struct{ ID string } `json:"game"`
	}
	apiDo(t, base, "POST", "/games", "", map[string]any{"variant": "basic", "players": 3, "name": "Alice"}, &created)
	bob := b.player("bob")
	run(t, bob, "bob opens the link", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(base+"/?game="+created.Game.ID), chromedp.WaitVisible(`#join-game`, chromedp.ByQuery))
	if l := text(t, bob, `.lobby`); strings.Contains(l, "Send this link") {
		t.Errorf("Bob, not seated, reads %q", l)
	}
	run(t, bob, "bob sits down", chromedp.Click(`#join-game`, chromedp.ByQuery), chromedp.WaitVisible(`#join-link`, chromedp.ByQuery))
	if l := text(t, bob, `.lobby`); !strings.Contains(l, "Send this link") {
		t.Errorf("Bob, seated, reads %q", l)
	}
	eval(t, bob, "the whole link shows", `(() => {
  const f = document.querySelector('#join-link'), r = f.getBoundingClientRect();
  return f.value.startsWith(location.origin + '/?game=') && f.scrollWidth <= f.clientWidth + 1 && f.scrollHeight <= f.clientHeight + 1 && r.right <= 390;
})()`)
	checkAxe(t, bob, "seated lobby on a phone")

	run(t, bob, "the replay of the waiting table", chromedp.Navigate(base+"/?replay="+created.Game.ID),
		chromedp.WaitVisible(`#app h1`, chromedp.ByQuery))
	if p := text(t, bob, `#app`); !strings.Contains(p, "has not started") || strings.Contains(p, "still running") {
		t.Errorf("the replay of a table waiting for players reads %q", p)
	}
}
