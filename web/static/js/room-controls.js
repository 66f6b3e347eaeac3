import { account } from './account.js';
import { rankWord } from './cards.js';
import { clueName } from './clues.js';
import { el } from './dom.js';
import { logLine } from './log.js';
import { seatName } from './names.js';

// The controls of a shared replay room (room.js): the turn bar, the
// leader's tools and their hypothetical moves. Every move offered is one
// the room's board lists (legal_moves); the server judges each.

// leading says whether this page's player leads the room.
export const leading = (r) => !!account() && String(r.room.leader || '').toLowerCase() === account().name.toLowerCase();

// turnBar moves through the turns: the room's, for its leader; this
// member's own while they browse alone; a follower is offered to break
// away, and one who did to follow the leader again.
export function turnBar(r, s, last, name) {
  const n = r.room.turns;
  const k = s.k;
  const lead = leading(r) && s.following;
  const to = lead ? (x) => r.act('PUT', '/turn', { turn: Math.max(0, Math.min(n, x)) }) : (x) => r.browse(x);
  const free = lead || !s.following;
  const btn = (key, label, aria, f) => el('button', { type: 'button', class: 'small', 'data-key': key, 'aria-label': aria, onclick: f, text: label });
  const moves = free ? [
    btn('first', '«', 'first turn', () => to(0)),
    btn('back', '‹', 'one turn back', () => to(k - 1)),
    btn('forward', '›', 'one turn forward', () => to(k + 1)),
    btn('last', '»', 'last turn', () => to(n)),
    el('input', {
      type: 'range', min: 0, max: n, value: k, id: 'room-turn', 'data-key': 'slider', 'aria-label': 'turn',
      'aria-valuetext': `after move ${k} of ${n}`, onchange: (e) => to(Number(e.target.value)),
    }),
  ] : [];
  let away = null;
  if (!leading(r) && s.following) {
    away = el('button', { type: 'button', class: 'small', id: 'room-browse', 'data-key': 'browse', title: 'move through the turns on your own; the room goes on', text: 'Browse on my own', onclick: () => r.browse(k) });
  } else if (!s.following) {
    away = el('button', { type: 'button', class: 'small', id: 'room-follow', 'data-key': 'follow', title: `see the turn ${r.room.leader || 'the leader'} shows again`, text: 'Follow the leader', onclick: r.follow });
  }
  return el('div', { class: 'replay-bar', role: 'group', 'aria-label': lead ? 'the room’s turn' : 'turns' },
    moves,
    el('span', { class: 'replay-pos', id: 'replay-pos', text: `move ${k} of ${n}` }),
    el('span', { class: 'replay-move' }, last ? logLine(last, name(last), r.suits, r.variant) : 'the deal'),
    !s.following ? el('span', { class: 'muted', id: 'room-away', text: `On your own: the room is at move ${r.room.turn}.` }) : null,
    away);
}

// cardWords names a card of view's hands: whose, which slot, what it is.
function cardWords(r, view, id) {
  for (const h of view.hands) {
    const i = h.cards.findIndex((c) => c.id === id);
    if (i < 0) continue;
    const c = h.cards[i];
    return `${seatName(r.seats, h.seat)}’s card in slot ${i + 1}${c.suit !== null ? ` (${c.suit} ${rankWord(c.rank)})` : ''}`;
  }
  return null;
}

// markPointer shows everyone the card the leader points at, on the board
// and in words.
export function markPointer(r, table, view) {
  const id = r.room.pointer;
  if (id === null || id === undefined) return null;
  for (const c of table.querySelectorAll(`[data-card="${id}"]`)) c.classList.add('pointed');
  const words = cardWords(r, view, id) || `card ${id}`;
  return el('p', { class: 'room-line', id: 'room-pointer', 'data-card': id }, el('strong', { text: `${r.room.leader || 'The leader'} points at` }), ` ${words}`);
}

// leaderTools: point at a card, hand the lead over, play again.
export function leaderTools(r) {
  const view = r.room.view;
  const point = el('select', {
    id: 'room-point', 'data-key': 'point', 'aria-label': 'point at a card',
    onchange: (e) => (e.target.value === '' ? r.act('DELETE', '/pointer') : r.act('PUT', '/pointer', { card: Number(e.target.value) })),
  }, el('option', { value: '', text: 'no card', selected: r.room.pointer === null }),
  view.hands.flatMap((h) => h.cards.map((c) => el('option', { value: c.id, selected: r.room.pointer === c.id, text: cardWords(r, view, c.id) }))));
  const others = r.room.members.filter((m) => !m.leader && !m.bot);
  const pick = el('select', { id: 'room-lead-to', 'data-key': 'lead-to', 'aria-label': 'who leads next' },
    others.map((m) => el('option', { value: m.name, text: m.name })));
  return el('div', { class: 'room-tools', id: 'room-tools', role: 'group', 'aria-label': 'leading the room' },
    el('label', { class: 'field inline' }, el('span', { class: 'label', text: 'Point at' }), point),
    others.length ? el('span', { class: 'field inline' }, pick, ' ',
      el('button', { type: 'button', class: 'small', id: 'room-hand-over', 'data-key': 'hand-over', text: 'Hand the lead over', onclick: () => r.act('PUT', '/leader', { player: pick.value }) })) : null,
    r.room.next_game ? null : el('button', {
      type: 'button', class: 'small', id: 'room-again', 'data-key': 'again', text: 'Play again',
      title: 'a new deal for the game’s players, seated at once; everyone here goes along', onclick: () => r.act('POST', '/again'),
    }));
}

// hypoPanel offers the leader the moves the board's seat to act may make
// (the room's legal_moves), and taking them back.
export function hypoPanel(r, view) {
  const room = r.room;
  const lm = room.legal_moves;
  const who = (s) => seatName(r.seats, s);
  const hand = lm ? view.hands.find((h) => h.seat === view.current_seat) : null;
  const slot = (id) => {
    const i = hand ? hand.cards.findIndex((c) => c.id === id) : -1;
    return i < 0 ? 'the deck’s last card' : `slot ${i + 1} (${hand.cards[i].suit} ${rankWord(hand.cards[i].rank)})`;
  };
  const move = (key, label, body) => el('button', { type: 'button', class: 'small', 'data-key': key, 'data-hypo': key, text: label, onclick: () => r.act('POST', '/hypothetical', body) });
  const rows = [];
  if (lm) {
    rows.push(el('div', { class: 'hypo-moves', role: 'group', 'aria-label': 'plays' }, el('span', { class: 'label', text: 'Play' }),
      lm.play.map((id) => move(`play-${id}`, slot(id), { type: 'play', card: id }))));
    rows.push(el('div', { class: 'hypo-moves', role: 'group', 'aria-label': 'discards' }, el('span', { class: 'label', text: 'Discard' }),
      lm.discard.map((id) => move(`discard-${id}`, slot(id), { type: 'discard', card: id }))));
    const targets = [...new Set(lm.clues.map((c) => c.target))];
    for (const target of targets) {
      rows.push(el('div', { class: 'hypo-moves', role: 'group', 'aria-label': `clues for ${who(target)}` }, el('span', { class: 'label', text: `Tell ${who(target)}` }),
        lm.clues.filter((c) => c.target === target).map((c) => {
          const body = c.color !== null && c.color !== undefined ? { type: 'clue', target, color: c.color } : { type: 'clue', target, rank: c.rank };
          return move(`clue-${target}-${c.color ?? c.rank}`, `${clueName(r.variant, c)} (${c.touches.length})`, body);
        })));
    }
  }
  return el('section', { class: 'panel room-hypo', id: 'room-hypo', 'aria-labelledby': 'room-hypo-h' },
    el('h2', { id: 'room-hypo-h', text: lm ? `What if ${who(view.current_seat)}…` : 'What if' }),
    lm ? null : el('p', { class: 'muted', text: 'The game is over on this board: no move is left to try.' }),
    rows,
    room.hypothetical.length ? el('p', {},
      el('button', { type: 'button', class: 'small', id: 'room-undo', 'data-key': 'undo', text: 'Take back the last', onclick: () => r.act('DELETE', '/hypothetical/last') }), ' ',
      el('button', { type: 'button', class: 'small', id: 'room-real', 'data-key': 'real', text: 'Back to the game as played', onclick: () => r.act('DELETE', '/hypothetical') })) : null);
}
