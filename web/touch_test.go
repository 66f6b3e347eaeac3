package web_test

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// pageVersion is the version of the view the page shows.
const pageVersion = `Number(document.querySelector('#table').dataset.version)`

// TestBrowserPhoneTouch, on a touch phone of 390×844 against a bot: a
// clue's first tap shows which cards it would touch and sends nothing, its
// second gives it; a play or a discard takes a second tap too, and a tap
// elsewhere lets it go; the last move is told in words at the top, where
// the phone shows it without scrolling; a noted card in the discards keeps
// its rank in sight; the Rules say that they open; and the button to the
// replay holds its words in its middle.
func TestBrowserPhoneTouch(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	alice := newBrowser(t, base).player("alice")
	run(t, alice, "a touch phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	tb := botGame(t, alice, base, "basic", 2, "phone-touch")
	run(t, alice, "her turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery))
	eval(t, alice, "the Rules say that they open", `(() => {
  const s = document.querySelector('details.rules summary'), cs = getComputedStyle(s);
  const before = getComputedStyle(s, '::before').content;
  return (cs.display === 'list-item' && cs.listStyleType !== 'none') || (before !== 'none' && before.replace(/["' ]/g, '') !== '');
})()`)

	// Her oldest card carries a note, to be seen in the discards later.
	v := tb.view(t, 0)
	oldest := v.Hands[0].Cards[len(v.Hands[0].Cards)-1].ID
	apiDo(t, base, "PUT", "/games/"+tb.id+"/notes/"+strconv.Itoa(oldest), tb.tokens[0], map[string]any{"text": "old"}, nil)

	// A clue: the first tap shows what it touches, the second gives it.
	var clue string
	run(t, alice, "a clue that touches", chromedp.Evaluate(`(() => {
  const b = [...document.querySelectorAll('.hand.selected button[data-action=clue]:not([aria-disabled=true])')].find((b) => b.dataset.touches);
  return 'button[data-key="' + b.dataset.key + '"]';
})()`, &clue))
	at := version(t, alice)
	tap(t, alice, "the clue's first tap", clue)
	waitTrue(t, alice, "the clue says what it touches", `(document.querySelector('#armed-move') || {}).textContent?.includes('touches slot')`)
	eval(t, alice, "the cards it touches are marked", `(() => {
  const want = document.querySelector('`+clue+`').dataset.touches.split(' ').sort().join(' ');
  return [...document.querySelectorAll('.hand.other .card.hit')].map((c) => c.dataset.card).sort().join(' ') === want;
})()`)
	checkAxe(t, alice, "a clue armed")
	if got := tb.view(t, -1).Version; got != int64(at) {
		t.Fatalf("the first tap on a clue sent it: the server is at version %d, the page was at %d", got, at)
	}
	tap(t, alice, "the clue's second tap", clue)
	waitTrue(t, alice, "the clue is given", pageVersion+` > `+strconv.Itoa(at))

	// The bot's move is told at the top, in the log's words.
	run(t, alice, "her next turn", chromedp.Poll(`document.querySelector('#table[data-my-turn="true"]') && `+pageVersion+` >= `+strconv.Itoa(at+2), nil))
	eval(t, alice, "the last move reads at the top without scrolling", `(() => {
  const l = document.querySelector('#last-move'), r = l && l.getBoundingClientRect();
  const newest = document.querySelector('#log-list li').textContent;
  return !!l && window.scrollY === 0 && r.top >= 0 && r.bottom <= 844 && l.textContent.endsWith(newest) && newest.startsWith('Conventions bot');
})()`)

	// A discard: armed by a tap, let go by a tap elsewhere, made by two.
	discard := `button[data-action=discard][data-card="` + strconv.Itoa(oldest) + `"]`
	at = version(t, alice)
	tap(t, alice, "the discard's first tap", discard)
	waitTrue(t, alice, "the discard waits for a second tap", `(document.querySelector('#armed-move') || {}).textContent?.includes('Discard your card in slot') && document.querySelector('`+discard+`').classList.contains('armed')`)
	tap(t, alice, "a tap elsewhere", `.title`)
	waitTrue(t, alice, "the discard is let go", `!document.querySelector('#armed-move') && !document.querySelector('`+discard+`').classList.contains('armed')`)
	if got := tb.view(t, -1).Version; got != int64(at) {
		t.Fatalf("a tap on Discard sent it: the server is at version %d, the page was at %d", got, at)
	}
	tap(t, alice, "the discard's first tap again", discard)
	waitTrue(t, alice, "armed again", `!!document.querySelector('#armed-move')`)
	tap(t, alice, "the discard's second tap", discard)
	waitTrue(t, alice, "the discard is made", `!!document.querySelector('.discards [data-card="`+strconv.Itoa(oldest)+`"]')`)
	eval(t, alice, "the note on the discarded card leaves its rank in sight", faceClear(strconv.Itoa(oldest)))

	apiDo(t, base, "POST", "/games/"+tb.id+"/terminate", tb.tokens[0], nil, nil)
	run(t, alice, "the end", chromedp.WaitVisible(`#watch-replay`, chromedp.ByQuery))
	eval(t, alice, "the replay button's words sit in its middle", `(() => {
  const a = document.querySelector('#watch-replay'), r = a.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(a);
  const w = range.getBoundingClientRect();
  return r.height >= 44 && Math.abs((w.top + w.bottom) / 2 - (r.top + r.bottom) / 2) <= 2;
})()`)
}
