import { el } from './dom.js';

// Suit colours chosen to stay apart for the common colour blindnesses as far
// as colours can; every card also carries its suit's letter, so that no
// player depends on colour alone.
const COLORS = {
  red: '#d7263d', yellow: '#f4c20d', green: '#1e9e4a', blue: '#2d6cdf', white: '#f4f1ea',
  purple: '#8a4fd1', pink: '#f279b0', orange: '#f08a24', black: '#2b2b2b', brown: '#8b5a2b',
  teal: '#169c9c', gray: '#8d8d8d', grey: '#8d8d8d', cyan: '#27b5d9', magenta: '#c2188f',
  tan: '#cfa97a', navy: '#1f3a73', maroon: '#7a1f2b', lime: '#8cc63f',
};
const DARK = new Set(['black', 'navy', 'maroon', 'brown', 'purple', 'blue', 'red', 'green', 'teal', 'magenta']);
const MULTI = /rainbow|omni|prism|muddy|cocoa/;

function hue(name) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

// suitStyle is how one suit is drawn: a colour (or a rainbow) and a letter.
function suitStyle(name) {
  const base = name.replace(/^(dark|light|muddy|cocoa)-/, '');
  const multi = MULTI.test(name);
  let color = COLORS[base] || COLORS[name.split('-')[0]] || `hsl(${hue(name)} 60% 45%)`;
  if (name.startsWith('dark-') && !multi) color = `color-mix(in srgb, ${color} 70%, black)`;
  const darkText = !multi && (DARK.has(base) || !COLORS[base]);
  return { color, multi, dark: multi ? true : darkText, darkVariant: name.startsWith('dark-') };
}

// Suits gives every suit of a variant its style and a letter unique within
// the variant (rainbow is M, as hanab.live writes it).
export function suitsOf(variant) {
  const out = new Map();
  const used = new Set();
  for (const s of variant.suits) {
    const st = suitStyle(s.name);
    const words = s.name.split('-');
    const cands = [];
    if (s.name === 'rainbow') cands.push('M');
    cands.push(words[0][0].toUpperCase());
    if (words.length > 1) cands.push((words[0][0] + words[1][0]).toUpperCase());
    for (let i = 1; i < s.name.length; i++) if (s.name[i] !== '-') cands.push((s.name[0] + s.name[i]).toUpperCase());
    let abbr = cands.find((c) => !used.has(c)) || s.name.slice(0, 3).toUpperCase();
    used.add(abbr);
    out.set(s.name, { ...st, abbr, name: s.name });
  }
  return out;
}

export function suitClass(st) {
  return ['suit', st.multi ? 'multi' : '', st.dark ? 'on-dark' : 'on-light', st.darkVariant ? 'darker' : '']
    .filter(Boolean).join(' ');
}

export function suitVars(st) {
  return st.multi ? {} : { '--suit': st.color };
}

// chip is a small swatch of a suit with its letter, used in possibilities,
// clue buttons and the fireworks.
export function chip(st, extra) {
  return el('span', { class: `chip ${suitClass(st)} ${extra || ''}`, vars: suitVars(st), title: st.name, text: st.abbr });
}

// clueTags marks the clues that touched a card, each colour or rank once
// however often it was given.
function clueTags(card, suits) {
  const seen = new Set();
  const touched = card.clues.filter((c) => {
    const k = c.color ? `c:${c.color}` : `r:${c.rank}`;
    if (!c.touched || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (touched.length === 0) return null;
  return el('div', { class: 'clue-tags' }, touched.map((c) => {
    if (c.color) {
      const st = suits.get(c.color) || suitStyle(c.color);
      return el('span', { class: `tag ${suitClass(st)}`, vars: suitVars(st), title: `clue ${c.color} (turn ${c.turn + 1})`, text: c.color[0].toUpperCase() });
    }
    return el('span', { class: 'tag rank-tag', title: `clue ${c.rank} (turn ${c.turn + 1})`, text: String(c.rank) });
  }));
}

// faceCard draws a card whose identity the viewer knows.
export function faceCard(face, suits, opts = {}) {
  const st = suits.get(face.suit) || suitStyle(face.suit);
  return el('div', {
    class: `card face ${suitClass(st)} ${opts.small ? 'small' : ''}`, vars: suitVars(st),
    'data-card': face.id, title: `${face.suit} ${face.rank}`, 'aria-label': `${face.suit} ${face.rank}`,
  },
  el('span', { class: 'corner', text: `${st.abbr}${face.rank}` }),
  el('span', { class: 'rank', text: String(face.rank) }),
  el('span', { class: 'letter', text: st.abbr }),
  opts.card ? clueTags(opts.card, suits) : null);
}

// knownCard draws a card of the viewer's own hand: only what the clues told.
// When clues leave two or three suits (in Farbrausch² a red clue means red or
// rainbow), the card says so in words as well as in swatches.
export function knownCard(card, suits, allSuits, allRanks) {
  const ps = card.possible_suits;
  const pr = card.possible_ranks;
  const oneSuit = ps.length === 1 ? suits.get(ps[0]) : null;
  const oneRank = pr.length === 1 ? pr[0] : null;
  const words = [
    ps.length === allSuits ? 'any suit' : ps.join(' or '),
    pr.length === allRanks ? 'any rank' : pr.join(' or '),
  ].join(', ');
  const cls = ['card', 'own'];
  if (oneSuit) cls.push(...suitClass(oneSuit).split(' '));
  const children = [
    el('span', { class: 'rank', text: oneRank ? String(oneRank) : '?' }),
  ];
  if (oneSuit) children.push(el('span', { class: 'letter', text: oneSuit.abbr }));
  else if (ps.length < allSuits) {
    children.push(el('div', { class: 'maybe-suits' }, ps.map((n) => chip(suits.get(n) || suitStyle(n)))));
    if (ps.length === 2) children.push(el('span', { class: 'maybe-words', text: ps.join(' or ') }));
  }
  if (!oneRank && pr.length < allRanks) children.push(el('div', { class: 'maybe-ranks', text: pr.join(' ') }));
  children.push(clueTags(card, suits));
  return el('div', {
    class: cls.join(' '), vars: oneSuit ? suitVars(oneSuit) : {},
    'data-card': card.id, 'data-suits': ps.join(' '), 'data-ranks': pr.join(' '),
    title: words, 'aria-label': `your card: ${words}`,
  }, children);
}
