import { faceCard, rankWord, suitClass, suitVars } from './cards.js';
import { el } from './dom.js';

// The fireworks: each suit's top card and a caption of where it stands.
// Where a firework has a way (stack_directions: Up or Down, a reversed
// suit) the caption says what comes next, as the server's rules tell it
// (the view's next_ranks), or that it is done; a count out of the highest
// rank would read "5/5" for a firework that has only just started down
// from 5.

// highOf is a suit's highest rank, START (7) aside.
const highOf = (suit) => Math.max(...suit.ranks.filter((r) => r !== 7));

// nextCaption words the ranks that extend a firework: "done" for none,
// else "next 4", "next 2 or 4", "next 1, 5 or START".
function nextCaption(next) {
  if (next.length === 0) return { text: 'done', done: true };
  const words = next.map(rankWord);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
  return { text: `next ${list}` };
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
    const next = v.next_ranks ? v.next_ranks[s.name] : null;
    if (dir && next) {
      const c = nextCaption(next);
      caption = el('small', { class: `caption${c.done ? ' done' : ''}`, title: dir === 'undecided' ? `${s.name} may still go up or down` : `${s.name} plays ${dir}${c.done ? ' and is complete' : ''}`, text: c.text });
    } else {
      caption = el('small', { class: 'caption', text: `${n === 7 ? 'S' : n}/${highOf(s)}` });
    }
    return el('div', { class: 'pile', 'data-suit': s.name, 'data-height': n, 'data-direction': dir }, top, caption,
      start ? el('small', { class: 'start', title: `${s.name} started at ${start} and wraps round`, text: `from ${start}` }) : null,
      dir ? el('small', { class: 'direction', text: WAY[dir] }) : null);
  }));
}
