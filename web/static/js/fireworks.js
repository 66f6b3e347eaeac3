import { faceCard, rankWord, suitClass, suitVars } from './cards.js';
import { el } from './dom.js';

// The fireworks: each suit's top card and a caption of where it stands.
// Where a firework has a way (stack_directions: Up or Down, a reversed
// suit) the caption says what the view says of it, in the words of the
// variant's description: the way, the next card and whether it is done; a
// count out of the highest rank would read "5/5" for a firework that has
// only just started down from 5.

// ranksOf is a suit's lowest and highest rank, START (7) aside.
function ranksOf(suit) {
  const ranks = suit.ranks.filter((r) => r !== 7);
  return { low: Math.min(...ranks), high: Math.max(...ranks), start: suit.ranks.includes(7) };
}

// wayCaption is a firework that has a way: going up it ends at the highest
// rank and takes the rank above its top card, going down it ends at the
// lowest and takes the rank below; undecided, it is empty or holds only
// START, and takes what the description says such a firework takes.
function wayCaption(suit, top, dir) {
  const { low, high, start } = ranksOf(suit);
  if (dir === 'up' || dir === 'down') {
    const end = dir === 'up' ? high : low;
    if (top === end) return { text: 'done', done: true };
    const next = top === 0 || top === 7 ? (dir === 'up' ? low : high) : (dir === 'up' ? top + 1 : top - 1);
    return { text: `next ${rankWord(next)}`, next };
  }
  if (top === 7) return { text: `next ${low + 1} or ${high - 1}` };
  return { text: `next ${low}, ${high}${start ? ' or START' : ''}` };
}

const WAY = { up: '↑ up', down: '↓ down', undecided: '↕ open' };

// fireworks draws the piles of view t.view; last is the last move, whose
// card on top of a pile is marked.
export function fireworks(t, last) {
  const v = t.view;
  return el('div', { class: 'fireworks', role: 'group', 'aria-label': 'fireworks' }, t.variant.suits.map((s) => {
    const n = v.fireworks[s.name] || 0;
    const st = t.suits.get(s.name);
    let top;
    if (n > 0) {
      const isLast = !!last && last.type === 'play' && last.success && last.card.suit === s.name && last.card.rank === n;
      top = faceCard({ id: -1, suit: s.name, rank: n }, t.suits, { last: isLast });
    } else {
      const what = v.plays_hidden ? 'hidden until the end' : 'nothing played';
      top = el('div', { class: `card slot ${suitClass(st)}`, vars: suitVars(st), title: `${s.name}: ${what}`, role: 'img', 'aria-label': `${s.name}: ${what}` }, el('span', { class: 'letter', text: st.abbr }));
    }
    const start = v.stack_starts ? v.stack_starts[s.name] : 0;
    const dir = v.stack_directions ? v.stack_directions[s.name] : null;
    let caption;
    if (dir) {
      const c = wayCaption(s, n, dir);
      caption = el('small', { class: `caption${c.done ? ' done' : ''}`, title: dir === 'undecided' ? `${s.name} may still go up or down` : `${s.name} plays ${dir}${c.done ? ' and is complete' : ''}`, text: c.text });
    } else {
      caption = el('small', { class: 'caption', text: `${n === 7 ? 'S' : n}/${ranksOf(s).high}` });
    }
    return el('div', { class: 'pile', 'data-suit': s.name, 'data-height': n, 'data-direction': dir }, top, caption,
      start ? el('small', { class: 'start', title: `${s.name} started at ${start} and wraps round`, text: `from ${start}` }) : null,
      dir ? el('small', { class: 'direction', text: WAY[dir] }) : null);
  }));
}
