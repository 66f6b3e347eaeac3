package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// js quotes s as a JavaScript string.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// cardID reads the card id of the first card sel finds.
func cardID(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var id string
	run(t, ctx, "card id "+sel, chromedp.Poll(`(document.querySelector(`+js(sel)+`) || {dataset: {}}).dataset.card || ''`, &id, chromedp.WithPollingTimeout(10*time.Second)))
	return id
}

// tap clicks sel like a finger or a mouse would, finding it again if a
// redraw replaced it in between.
func tap(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	run(t, ctx, what+": front", page.BringToFront())
	for attempt := 1; ; attempt++ {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := chromedp.Run(cctx, chromedp.Click(sel, chromedp.ByQuery))
		cancel()
		if err == nil {
			return
		}
		if attempt == 3 || !strings.Contains(err.Error(), "node") {
			t.Fatalf("%s: click %s: %v", what, sel, err)
		}
	}
}

// noteOn is true when the card id shows note on its face (one line, cut
// short by the style sheet only) and says label in its accessible name (the
// card's, or that of the button over it that opens the note editor) and
// note in its title (the whole text, on hover).
func noteOn(id, note, label string) string {
	return `(() => {
  const c = document.querySelector('#table [data-card="` + id + `"]');
  const n = c && c.querySelector('.note');
  return !!n && n.textContent === ` + js(note) + ` && n.getBoundingClientRect().height > 0
    && (c.querySelector('.card-hit') || c).getAttribute('aria-label').includes(` + js(label) + `) && c.title.includes(` + js(note) + `);
})()`
}

// noNote is true when no text, name or title on the page holds s.
func noNote(s string) string {
	return `(() => !document.body.textContent.includes(` + js(s) + `) && ![...document.querySelectorAll('[aria-label], [title]')]
  .some((e) => (e.getAttribute('aria-label') || '').includes(` + js(s) + `) || (e.title || '').includes(` + js(s) + `)))()`
}

// noteAfterGame waits until the finished table shows says (a writer's name
// and note) on card id, in a hand (on its face, its name and title) or in
// the discards (its name and title); the name is the card's, or that of the
// button over it that opens its notes to read. It answers false when the card is in
// neither, having been played onto the fireworks, which show no card notes.
func noteAfterGame(t *testing.T, ctx context.Context, who, id, says string) bool {
	t.Helper()
	var got string
	run(t, ctx, who+" reads "+says, page.BringToFront(), chromedp.Poll(`(() => {
  const t = document.querySelector('#table[data-status=finished]');
  if (!t) return '';
  const c = t.querySelector('.hand [data-card="`+id+`"], .discards [data-card="`+id+`"]');
  if (!c) return 'gone';
  const n = c.querySelector('.note');
  const onFace = c.closest('.discards') || (n && n.textContent === `+js(says)+`);
  return onFace && (c.querySelector('.card-hit') || c).getAttribute('aria-label').includes(`+js(says)+`) && c.title.includes(`+js(says)+`) ? 'ok' : '';
})()`, &got, chromedp.WithPollingTimeout(15*time.Second)))
	return got == "ok"
}
