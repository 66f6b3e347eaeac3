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
// was given; rank clues say what they meant ("odd" in Odds and Evens). The
// tag of the last move's clue (given on turn lastTurn) is marked too: on a
// phone it is what says which clue that was.
function clueTags(card, suits, rankName, lastTurn) {
  const tags = new Map();
  for (const c of card.clues || []) {
    if (!c.touched) continue;
    const k = c.color ? `c:${c.color}` : `r:${c.rank}`;
    const tag = tags.get(k) || { ...c, last: false };
    tag.last = tag.last || c.turn === lastTurn;
    tags.set(k, tag);
  }
  if (tags.size === 0) return null;
  return el('div', { class: 'clue-tags' }, [...tags.values()].map((c) => {
    const last = c.last ? ' last' : '';
    if (c.color) {
      const st = styleOf(suits, c.color);
      return el('span', { class: `tag ${suitClass(st)}${last}`, vars: suitVars(st), title: `clue ${c.color} (turn ${c.turn + 1})` }, ink(st, c.color[0].toUpperCase()));
    }
    const name = rankName ? rankName(c.rank) : String(c.rank);
    return el('span', { class: `tag rank-tag${last}`, title: `clue ${name} (turn ${c.turn + 1})`, text: name });
  }));
}

const lastTurn = (opts) => (opts.last && opts.last !== true ? opts.last.turn : null);

const isClued = (card) => (card.clues || []).some((c) => c.touched);

function marks(card, opts) {
  const cls = [];
  if (card && isClued(card)) cls.push('clued');
  if (opts.last) cls.push('last');
  if (opts.note) cls.push('noted');
  if (opts.onNote) cls.push('notable');
  else if (opts.onRead) cls.push('readable');
  return cls;
}

// noteLine is a card's note as the card shows it: one line, cut short by
// the style sheet; the whole text is in the card's title and its name.
const noteLine = (opts) => (opts.note ? el('span', { class: 'note', text: opts.small ? '✎' : opts.note.text }) : null);

// withNote adds a card's notes to its name and title, and for a card that
// takes a note (opts.onNote) or whose notes can be read in full
// (opts.onRead) lays a button over it that opens the note editor or reader:
// the button then names the card, and the face under it is hidden from
// screen readers, which would otherwise read it twice.
function withNote(card, opts) {
  let label = card.getAttribute('aria-label');
  if (opts.note) {
    label = `${label}; ${opts.note.label}`;
    card.title = `${card.title}\n${opts.note.text}`;
  }
  const open = opts.onNote || opts.onRead;
  if (!open) {
    card.setAttribute('aria-label', label);
    return card;
  }
  card.removeAttribute('role');
  card.removeAttribute('aria-label');
  for (const c of card.children) c.setAttribute('aria-hidden', 'true');
  card.append(el('button', {
    type: 'button', class: 'card-hit', 'data-key': `card-${card.dataset.card}`, 'aria-label': label,
    'aria-haspopup': 'dialog', 'aria-keyshortcuts': opts.onNote ? 'n' : null,
    'aria-description': opts.onNote ? 'write a note on this card' : 'read the notes on this card', title: card.title,
    onclick: open,
  }));
  return card;
}

const lastLabel = (opts) => (opts.last && opts.last !== true ? el('span', { class: 'last-label', text: opts.last.words }) : null);

// faceCard draws a card whose identity the viewer knows. opts: small, card
// (its clues), last (true, or the last clue that touched it: its words and
// turn), note (its notes, from notes.js), onNote (opens its note editor),
// onRead (opens its notes to read).
// Up or Down's START card is rank 7 on the wire: drawn S, read START.
const rankMark = (r) => (r === 7 ? 'S' : String(r));
export const rankWord = (r) => (r === 7 ? 'START' : String(r));

export function faceCard(face, suits, opts = {}) {
  const st = styleOf(suits, face.suit);
  const cls = ['card', 'face', ...suitClass(st).split(' '), opts.small ? 'small' : '', ...marks(opts.card, opts)];
  return withNote(el('div', {
    class: cls.filter(Boolean).join(' '), vars: suitVars(st),
    'data-card': face.id >= 0 ? face.id : null, 'data-face': `${face.suit}:${face.rank}`, title: `${face.suit} ${rankWord(face.rank)}`, role: 'img', 'aria-label': `${opts.whose ? `${opts.whose}: ` : ''}${face.suit} ${rankWord(face.rank)}${opts.card && isClued(opts.card) ? ', clued' : ''}`,
  },
  noteLine(opts),
  ink(st, `${st.abbr}${rankMark(face.rank)}`, 'corner'),
  ink(st, rankMark(face.rank), 'rank'),
  ink(st, st.abbr, 'letter'),
  opts.card ? clueTags(opts.card, suits, opts.rankName, lastTurn(opts)) : null,
  lastLabel(opts)), opts);
}

// knownCard draws a card of the viewer's own hand: only what the clues told
// and the identities it can still be (opts.ids: the view's candidates, the
// server's count of what this seat has not seen).
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
  children.push(clueTags(card, suits, opts.rankName, lastTurn(opts)), lastLabel(opts));
  const could = ids && ids.length <= 8 ? `; could be ${ids.map((p) => `${p.suit} ${rankWord(p.rank)}`).join(', ')}` : '';
  return withNote(el('div', {
    class: cls.join(' '), vars: oneSuit ? suitVars(oneSuit) : {},
    'data-card': card.id, 'data-suits': card.possible_suits.join(' '), 'data-ranks': card.possible_ranks.join(' '),
    'data-ids': ids ? ids.map((p) => `${p.suit}:${p.rank}`).join(' ') : null,
    title: words + could, role: 'img', 'aria-label': `${opts.whose || 'your card'}: ${words}${isClued(card) ? ', clued' : ''}`,
  }, noteLine(opts), children), opts);
}
