import { duration, readAsPlayer } from './account.js';
import { el } from './dom.js';
import { friendly } from './messages.js';

// What a finished game teaches, as the server computes it (GET
// /games/{id}/analysis): a chart of the score and of max_reachable, the best
// final score still reachable had every card been known, over the turns;
// the moves after which it fell, with why; and near the end each move's
// chance. The page computes none of it: it draws the server's answer.

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) e.append(c);
  return e;
}

// loadAnalysis reads a game's analysis, asking again while the server
// says it is under way (503 with Retry-After), or that one of the
// reader's own is (429 with a short Retry-After: another tab's); a long
// 429 (the reader's share of the server's time spent) is told.
export async function loadAnalysis(id, query, signal) {
  for (let i = 0; ; i++) {
    try {
      // With the player's token, as the game's other reads (see replay.js).
      return await readAsPlayer(`/games/${encodeURIComponent(id)}/analysis${query ? `?${query.replace(/^&/, '')}` : ''}`, { signal });
    } catch (e) {
      const again = e.status === 503 || (e.status === 429 && e.retryAfter && e.retryAfter <= 10);
      if (!again || i >= 30 || signal.aborted) throw e;
      await new Promise((ok) => setTimeout(ok, (e.retryAfter || 2) * 1000));
    }
  }
}

// whyNot says why no analysis came: the reader's share of the server's
// analysis time spent says when it comes back.
function whyNot(e) {
  if (e.status === 429 && e.retryAfter) return `this server has given your analyses their share of its time: try again in ${duration(e.retryAfter)}.`;
  return friendly(e);
}

// chart draws the score and max_reachable over the turns, the turns where
// max_reachable fell marked (their why in a title), and the turn shown.
function chart(a, k, onTurn) {
  const w = 600;
  const h = 160;
  const pad = 24;
  const n = Math.max(1, a.turns.length - 1);
  const x = (t) => pad + ((w - 2 * pad) * t) / n;
  const y = (v) => h - pad - ((h - 2 * pad) * v) / Math.max(1, a.max_score);
  const line = (f, cls) => svg('polyline', { class: cls, fill: 'none', points: a.turns.map((t, i) => `${x(i).toFixed(1)},${y(f(t)).toFixed(1)}`).join(' ') });
  // The marks answer a pointer; the keyboard has the list of lost turns
  // below, the same links.
  const marks = a.lost.map((l) => {
    const dot = svg('circle', { class: 'lost-mark', cx: x(l.turn + 1).toFixed(1), cy: y(l.to).toFixed(1), r: 4 },
      svg('title', {}, document.createTextNode(`${l.move.text}: ${l.why} (${l.from} → ${l.to})`)));
    dot.addEventListener('click', () => onTurn(l.turn + 1));
    return dot;
  });
  return svg('svg', { class: 'analysis-chart', viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': `score and best score still reachable over ${n} turns` },
    svg('line', { class: 'axis', x1: pad, y1: h - pad, x2: w - pad, y2: h - pad }),
    svg('line', { class: 'now', x1: x(k).toFixed(1), y1: pad / 2, x2: x(k).toFixed(1), y2: h - pad }),
    line((t) => t.max_reachable, 'reachable'),
    line((t) => t.score, 'score'),
    marks);
}

// analysisPanel is the analysis of a replay shown at turn k; onTurn moves
// the replay to another turn.
export function analysisPanel(a, k, onTurn) {
  const at = a.turns[Math.min(k, a.turns.length - 1)];
  const pct = (v) => `${Math.round(v * 100)}%`;
  const stats = at ? [`score ${at.score}`, `best still reachable ${at.max_reachable}`,
    at.pace !== null && at.pace !== undefined ? `pace ${at.pace}` : null,
    at.efficiency !== null && at.efficiency !== undefined ? `efficiency ${at.efficiency.toFixed(2)}` : null].filter(Boolean).join(' · ') : '';
  const endgame = a.endgame.find((e) => e.turn === k);
  const lost = a.lost.length === 0
    ? el('p', { id: 'analysis-lost', text: `Nothing was lost: ${a.score} was the best this deal allowed.` })
    : el('ol', { id: 'analysis-lost', class: 'lost' }, a.lost.map((l) => el('li', {},
      el('button', { type: 'button', class: 'link', onclick: () => onTurn(l.turn + 1), text: `turn ${l.turn + 1}` }),
      ` ${l.move.text}: ${l.why} (${l.from} → ${l.to})`)));
  return el('section', { class: 'analysis', id: 'analysis', 'aria-labelledby': 'analysis-h' },
    el('h2', { id: 'analysis-h', text: 'Learn from this game' }),
    el('p', { class: 'hint', id: 'analysis-now', text: stats }),
    chart(a, k, onTurn),
    el('p', { class: 'legend' }, el('span', { class: 'key reachable', text: '— best still reachable' }), ' ', el('span', { class: 'key score', text: '— score' })),
    lost,
    endgame ? el('div', { id: 'analysis-endgame' },
      el('h3', { text: `Turn ${k}: each move's chance (${endgame.exact ? `all ${endgame.deals}` : `${endgame.solved} of ${endgame.deals}`} deals seat ${endgame.seat} could not tell apart)` }),
      el('table', {}, el('thead', {}, el('tr', {}, el('th', { text: 'move' }), el('th', { text: `reaches ${endgame.target}` }))),
        el('tbody', {}, [...endgame.moves].sort((p, q) => q.win - p.win).map((m) => el('tr', {}, el('td', { text: m.move.text }), el('td', { text: pct(m.win) })))))) : null);
}

// followAnalysis reads a game's analysis in the background and calls
// redraw once it is in, or once it cannot be had; its slot(k, onTurn) is
// what the page shows at turn k meanwhile and after. A link to the replay
// with #analysis brings the panel into sight once it is drawn.
export function followAnalysis(id, query, signal, redraw) {
  const s = { a: null, err: null, shown: false };
  loadAnalysis(id, query, signal).then((a) => { s.a = a; redraw(); }, (e) => { if (!signal.aborted) { s.err = e; redraw(); } });
  s.slot = (k, onTurn) => {
    const panel = s.a ? analysisPanel(s.a, k, onTurn)
      : el('section', { class: 'analysis', id: 'analysis', 'aria-labelledby': 'analysis-h', 'aria-busy': s.err ? 'false' : 'true' },
        el('h2', { id: 'analysis-h', text: 'Learn from this game' }),
        el('p', { class: 'muted', id: 'analysis-wait', text: s.err ? `No analysis: ${whyNot(s.err)}` : 'Working out where the game was won or lost…' }));
    if (s.a && !s.shown) {
      s.shown = true;
      if (location.hash === '#analysis') requestAnimationFrame(() => panel.scrollIntoView({ block: 'start' }));
    }
    return panel;
  };
  return s;
}
