package web_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// gone waits until sel is no longer on the page.
func gone(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	run(t, ctx, what, chromedp.Poll(`!document.querySelector(`+js(sel)+`)`, nil, chromedp.WithPollingTimeout(5*time.Second)))
}

// faceClear is true when no note on card id covers its rank or letter.
func faceClear(id string) string {
	return `(() => {
  const c = document.querySelector('#table [data-card="` + id + `"]');
  const n = c && c.querySelector('.note');
  if (!n) return false;
  const meet = (a, b) => { const p = a.getBoundingClientRect(), q = b.getBoundingClientRect(); return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom; };
  return [...c.querySelectorAll('.rank, .letter')].every((f) => !meet(n, f));
})()`
}

// TestBrowserHelpNotesRewind: ? opens the keyboard help and ? closes it; a
// note written on the bot's card leaves the card's face in sight when the
// focus comes back to it; and the rewind shows Alice's hand as hers, with
// her own note as she wrote it.
func TestBrowserHelpNotesRewind(t *testing.T) {
	base := startServer(t, filepath.Join(t.TempDir(), "hanabi.db"))
	alice := newBrowser(t, base).player("alice")
	tb := botGame(t, alice, base, "basic", 2, "help-notes-rewind")
	run(t, alice, "her turn", chromedp.WaitVisible(`#table[data-my-turn="true"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.activeElement.blur()`, nil))

	press(t, alice, "?", "?")
	run(t, alice, "the help", chromedp.WaitVisible(`#help`, chromedp.ByQuery))
	press(t, alice, "? again", "?")
	gone(t, alice, "? closes the help", `#help`)

	theirs := cardID(t, alice, `.hand.other .cards > .card:first-child`)
	tap(t, alice, "the bot's card", `.hand.other [data-card="`+theirs+`"] .card-hit`)
	run(t, alice, "the note", chromedp.WaitVisible(`#note-text`, chromedp.ByQuery),
		chromedp.SendKeys(`#note-text`, "chop? keep it", chromedp.ByQuery),
		chromedp.Click(`#note-save`, chromedp.ByQuery))
	gone(t, alice, "saved", `#note-editor`)
	waitTrue(t, alice, "the focus is back on the card", `document.activeElement.closest('[data-card]')?.dataset.card === '`+theirs+`'`)
	eval(t, alice, "the note leaves the card's face in sight", faceClear(theirs))

	// Alice's note on her own card, then a move of hers and one of the bot's.
	own := tb.view(t, 0).Hands[0].Cards[1].ID
	apiDo(t, base, "PUT", "/games/"+tb.id+"/notes/"+strconv.Itoa(own), tb.tokens[0], map[string]any{"text": "red?"}, nil)
	prev := ""
	move(t, alice, "alice", "clue", &prev)
	run(t, alice, "her next turn", chromedp.Poll(tableState(prev), nil, chromedp.WithPollingTimeout(25*time.Second)))
	run(t, alice, "rewind", chromedp.Click(`#rewind`, chromedp.ByQuery), chromedp.WaitVisible(`#table.replaying`, chromedp.ByQuery))
	eval(t, alice, "the rewind shows her hand as hers", `(() => {
  const h = document.querySelector('.hand.mine[data-seat="0"]');
  return !!h && h.querySelector('.who').textContent === 'Alice (you)' && h.querySelectorAll('.card.face').length === 0;
})()`)
	eval(t, alice, "her note reads as her own", noteOn(strconv.Itoa(own), "red?", "your note: red?"))
}
