import { paint } from './colors.js';
import { el } from './dom.js';

// Every card carries its suit's letter as well as its colour, so that no
// player depends on colour alone; text on a suit's colour is chosen for
// contrast (colors.js), and on a rainbow it sits on a dark backing.
const MULTI = /rainbow|omni|prism|muddy|cocoa/;

function suitStyle(name) {
  const multi = MULTI.test(name);
  const p = paint(name);
  return { color: p.bg, ink: p.ink, multi, darkVariant: name.startsWith('dark-') };
}

// suitsOf gives every suit of a variant its style and a letter unique within
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
    const abbr = cands.find((c) => !used.has(c)) || s.name.slice(0, 3).toUpperCase();
    used.add(abbr);
    out.set(s.name, { ...st, abbr, name: s.name });
  }
  return out;
}

// styleOf is a suit's or clue colour's style, also for colours no suit has.
export function styleOf(suits, name) {
  return suits.get(name) || { ...suitStyle(name), abbr: name[0].toUpperCase(), name };
}

export function suitClass(st) {
  return ['suit', st.multi ? 'multi' : '', st.darkVariant ? 'darker' : ''].filter(Boolean).join(' ');
}

export function suitVars(st) {
  return st.multi ? {} : { '--suit': st.color, '--suit-ink': st.ink };
}

// ink is text that reads on any suit: on a rainbow it gets a dark backing.
export const ink = (st, text, cls = '') => el('span', { class: `${cls} ${st.multi ? 'ink' : ''}`.trim(), text });

// chip is a small swatch of a suit with its letter.
export function chip(st, extra) {
  return el('span', { class: `chip ${suitClass(st)} ${extra || ''}`, vars: suitVars(st), title: st.name }, ink(st, st.abbr));
}

// clueTags marks the clues that touched a card, each once however often it
// was given; rank clues say what they meant ("odd" in Odds and Evens).
function clueTags(card, suits, rankName) {
  const seen = new Set();
  const touched = (card.clues || []).filter((c) => {
    const k = c.color ? `c:${c.color}` : `r:${c.rank}`;
    if (!c.touched || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (touched.length === 0) return null;
  return el('div', { class: 'clue-tags' }, touched.map((c) => {
    if (c.color) {
      const st = styleOf(suits, c.color);
      return el('span', { class: `tag ${suitClass(st)}`, vars: suitVars(st), title: `clue ${c.color} (turn ${c.turn + 1})` }, ink(st, c.color[0].toUpperCase()));
    }
    const name = rankName ? rankName(c.rank) : String(c.rank);
    return el('span', { class: 'tag rank-tag', title: `clue ${name} (turn ${c.turn + 1})`, text: name });
  }));
}

const isClued = (card) => (card.clues || []).some((c) => c.touched);

function marks(card, opts) {
  const cls = [];
  if (card && isClued(card)) cls.push('clued');
  if (opts.last) cls.push('last');
  if (opts.note) cls.push('noted');
  if (opts.onNote) cls.push('notable');
  return cls;
}

// noteLine is a card's note as the card shows it: one line, cut short by
// the style sheet; the whole text is in the card's title and its name.
const noteLine = (opts) => (opts.note ? el('span', { class: 'note', text: opts.small ? '✎' : opts.note.text }) : null);

// withNote adds a card's notes to its name and title, and for a card that
// takes a note (opts.onNote) lays a button over it that opens the note
// editor: the button then names the card, and the face under it is hidden
// from screen readers, which would otherwise read it twice.
function withNote(card, opts) {
  let label = card.getAttribute('aria-label');
  if (opts.note) {
    label = `${label}; ${opts.note.label}`;
    card.title = `${card.title}\n${opts.note.text}`;
  }
  if (!opts.onNote) {
    card.setAttribute('aria-label', label);
    return card;
  }
  card.removeAttribute('role');
  card.removeAttribute('aria-label');
  for (const c of card.children) c.setAttribute('aria-hidden', 'true');
  card.append(el('button', {
    type: 'button', class: 'card-hit', 'data-key': `card-${card.dataset.card}`, 'aria-label': label,
    'aria-haspopup': 'dialog', 'aria-keyshortcuts': 'n', 'aria-description': 'write a note on this card', title: card.title,
    onclick: opts.onNote,
  }));
  return card;
}

const lastLabel = (opts) => (opts.last && opts.last !== true ? el('span', { class: 'last-label', text: opts.last }) : null);

// faceCard draws a card whose identity the viewer knows. opts: small, card
// (its clues), last (true, or the words of the last clue that touched it),
// note (its notes, from notes.js), onNote (opens its note editor).
// Up or Down's START card is rank 7 on the wire: drawn S, read START.
const rankMark = (r) => (r === 7 ? 'S' : String(r));
export const rankWord = (r) => (r === 7 ? 'START' : String(r));

export function faceCard(face, suits, opts = {}) {
  const st = styleOf(suits, face.suit);
  const cls = ['card', 'face', ...suitClass(st).split(' '), opts.small ? 'small' : '', ...marks(opts.card, opts)];
  return withNote(el('div', {
    class: cls.filter(Boolean).join(' '), vars: suitVars(st),
    'data-card': face.id >= 0 ? face.id : null, title: `${face.suit} ${rankWord(face.rank)}`, role: 'img', 'aria-label': `${opts.whose ? `${opts.whose}: ` : ''}${face.suit} ${rankWord(face.rank)}${opts.card && isClued(opts.card) ? ', clued' : ''}`,
  },
  noteLine(opts),
  ink(st, `${st.abbr}${rankMark(face.rank)}`, 'corner'),
  ink(st, rankMark(face.rank), 'rank'),
  ink(st, st.abbr, 'letter'),
  opts.card ? clueTags(opts.card, suits, opts.rankName) : null,
  lastLabel(opts)), opts);
}

// knownCard draws a card of the viewer's own hand: only what the clues told
// and what is still left of it (opts.ids, from count.js).
export function knownCard(card, suits, variant, opts = {}) {
  const ids = opts.ids && opts.ids.length ? opts.ids : null;
  const ps = ids ? [...new Set(ids.map((p) => p.suit))] : card.possible_suits;
  const pr = ids ? [...new Set(ids.map((p) => p.rank))].sort((a, b) => a - b) : card.possible_ranks;
  const allSuits = variant.suits.length;
  const allRanks = variant.clue_ranks.length;
  const oneSuit = ps.length === 1 ? suits.get(ps[0]) : null;
  const oneRank = pr.length === 1 ? pr[0] : null;
  const words = [
    ps.length === allSuits ? 'any suit' : ps.join(' or '),
    pr.length >= allRanks ? 'any rank' : pr.map(rankWord).join(' or '),
  ].join(', ');
  const cls = ['card', 'own', ...marks(card, opts)];
  if (oneSuit) cls.push(...suitClass(oneSuit).split(' '));
  const st = oneSuit || { multi: false };
  const children = [ink(st, oneRank ? rankMark(oneRank) : '?', 'rank')];
  if (oneSuit) children.push(ink(st, oneSuit.abbr, 'letter'));
  else if (ps.length < allSuits) {
    children.push(el('div', { class: 'maybe-suits' }, ps.map((n) => chip(styleOf(suits, n)))));
    if (ps.length === 2) children.push(el('span', { class: 'maybe-words', text: ps.join(' or ') }));
  }
  if (!oneRank && pr.length < allRanks) children.push(el('div', { class: 'maybe-ranks', text: pr.map(rankMark).join(' ') }));
  children.push(clueTags(card, suits, opts.rankName), lastLabel(opts));
  const could = ids && ids.length <= 8 ? `; could be ${ids.map((p) => `${p.suit} ${rankWord(p.rank)}`).join(', ')}` : '';
  return withNote(el('div', {
    class: cls.join(' '), vars: oneSuit ? suitVars(oneSuit) : {},
    'data-card': card.id, 'data-suits': card.possible_suits.join(' '), 'data-ranks': card.possible_ranks.join(' '),
    'data-ids': ids ? ids.map((p) => `${p.suit}:${p.rank}`).join(' ') : null,
    title: words + could, role: 'img', 'aria-label': `${opts.whose || 'your card'}: ${words}${isClued(card) ? ', clued' : ''}`,
  }, noteLine(opts), children), opts);
}
