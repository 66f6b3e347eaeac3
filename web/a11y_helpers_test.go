package web_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// awaitPromise lets chromedp.Evaluate wait for an async expression.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// axeSource is axe-core's browser build, vendored in testdata (npm package
// axe-core, MPL-2.0; testdata/axe-LICENSE), so that the check needs no network.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/axe.min.js")
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	return string(b)
}

// checkAxe runs axe-core on the page as it is and fails the test on every
// serious or critical violation (WCAG 2.x A and AA rules and best practices).
func checkAxe(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	var loaded bool
	run(t, ctx, what+": load axe", chromedp.Evaluate(`typeof axe !== 'undefined'`, &loaded))
	if !loaded {
		var ignored any
		run(t, ctx, what+": inject axe", chromedp.Evaluate(axeSource(t)+";0", &ignored))
	}
	var out string
	run(t, ctx, what+": axe", chromedp.Evaluate(`axe.run(document, {resultTypes: ['violations']}).then((r) => JSON.stringify(
  r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))))`, &out, awaitPromise))
	var found []struct {
		ID, Impact, Help string
		Nodes            []string
	}
	if err := json.Unmarshal([]byte(out), &found); err != nil {
		t.Fatalf("%s: axe answered %q: %v", what, out, err)
	}
	for _, v := range found {
		t.Errorf("%s: axe %s (%s): %s\n\t%s", what, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n\t"))
	}
}

// contrastJS computes, for every visible piece of text on a card (its note
// included), a clue tag,
// a chip or a usable button, the WCAG contrast ratio between the text and
// what is behind it (the element's own and its ancestors' backgrounds over
// the felt at its lightest), and lists those below 4.5:1 (3:1 for large
// text). Text straight on a gradient cannot be measured and is listed too.
const contrastJS = `(() => {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const FELT = [27, 107, 58, 1];
  const behind = (e) => {
    const layers = [];
    for (let n = e; n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const c = parse(cs.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
      if (cs.backgroundImage !== 'none') return null;
    }
    let bg = FELT;
    for (const l of layers.reverse()) bg = over(l, bg);
    return bg;
  };
  const bad = [];
  const sel = '.card, .card *, .note, .tag, .chip, .chip *, .clue-tags *, button:not([aria-disabled=true]):not(:disabled), button:not([aria-disabled=true]):not(:disabled) *, .clock, .last-label, .stat, .stat *';
  for (const e of document.querySelectorAll(sel)) {
    if (![...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || e.closest('[aria-disabled=true], :disabled')) continue;
    const cs = getComputedStyle(e);
    let op = 1;
    for (let n = e; n; n = n.parentElement) op *= Number(getComputedStyle(n).opacity);
    const bg = behind(e);
    const what = (e.closest('[aria-label]') || e).getAttribute('aria-label') || e.className || e.tagName;
    if (!bg) { bad.push(what + ': "' + e.textContent.trim() + '" on a gradient'); continue; }
    const c = parse(cs.color);
    const fg = over([c[0], c[1], c[2], c[3] * op], bg);
    const size = parseFloat(cs.fontSize), weight = Number(cs.fontWeight);
    const need = size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5;
    const got = ratio(fg, bg);
    if (got < need) bad.push(what + ': "' + e.textContent.trim() + '" ' + got.toFixed(2) + ':1 < ' + need + ':1');
  }
  return bad;
})()`

// checkContrast fails the test for every text below AA contrast; with
// ownCards, the seat's own hand also holds a clued card of every suit.
func checkContrast(t *testing.T, ctx context.Context, what string, ownCards bool) {
	t.Helper()
	probe := "null"
	if ownCards {
		probe = probeOwnCards
	}
	var bad []string
	run(t, ctx, what+": contrast", chromedp.Evaluate(`(async () => {
  await `+probe+`;
  const bad = `+contrastJS+`;
  document.querySelector('#contrast-probe')?.remove();
  return bad;
})()`, &bad, awaitPromise))
	for _, b := range bad {
		t.Errorf("%s: contrast: %s", what, b)
	}
}

// probeOwnCards draws, into the seat's own hand, one clued card of every
// suit and rank of the variant as its holder sees it once clues tell it
// all, so that the contrast check also reads own cards of every colour,
// and the 5s with a note on them.
const probeOwnCards = `(async () => {
  const { knownCard, suitsOf } = await import('/assets/js/cards.js');
  const name = document.querySelector('#table').dataset.variant;
  const variant = await (await fetch('/v1/variants/' + name)).json();
  const suits = suitsOf(variant);
  const box = document.createElement('div');
  box.id = 'contrast-probe';
  box.className = 'cards';
  for (const s of variant.suits) {
    for (const r of [1, 5]) {
      const card = { id: -1, possible_suits: [s.name], possible_ranks: [r], clues: [{ turn: 0, rank: r, color: null, touched: true }] };
      box.append(knownCard(card, suits, variant, r === 5 ? { note: { text: 'probe note', label: 'your note: probe note' } } : {}));
    }
  }
  document.querySelector('.hand.mine').append(box);
})()`
