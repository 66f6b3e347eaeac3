import { account } from './account.js';
import { chip, faceCard, ink, knownCard, rankWord, styleOf, suitClass, suitVars } from './cards.js';
import { clueName, rankName } from './clues.js';
import { readNotes } from './dialog.js';
import { el, toast } from './dom.js';
import { endReason, friendly } from './messages.js';
import { fireworks } from './fireworks.js';
import { notesByCard } from './notes.js';
import { guestBadge, seatName } from './names.js';
import { logLine } from './log.js';
import { armedKey, armedLine, firstTap } from './taps.js';
import { knowsToggle, theirSide, turned } from './empathy.js';
import { rematchButton } from './rematch.js';

// board draws one state of a table: the game's view as one seat (or the
// public, or a replay) sees it. t: view, variant, suits, seat, events, busy,
// replay, and the handlers act, leave, end, help, onNew.

export const nameOf = (t, seat) => seatName(t.view.seats, seat);

export function myTurn(t) {
  const v = t.view;
  return !t.replay && v.status === 'active' && t.seat !== null && v.current_seat === t.seat && !t.busy;
}

// legalMoves is what the server offers this seat now: the moves its view
// lists (legal_moves, the seat to act's alone), none while a move is on its
// way or in a replay. Every button of a move is enabled from it.
function legalMoves(t) {
  const lm = myTurn(t) ? t.view.legal_moves : null;
  return lm || { play: [], discard: [], clues: [] };
}

// offered is the listed clue to seat target that names clue's colour or rank.
function offered(lm, target, clue) {
  return lm.clues.find((c) => c.target === target && (clue.color !== undefined ? c.color === clue.color : c.color === null && c.rank === clue.rank)) || null;
}

// lastMarks says what the last move touched: card id → true (played or
// discarded) or, for a clue, its words and its turn (touched by it).
// Of a live table's events only those its log tells (t.logged) count: the
// board shows no more.
export const lastMove = (t) => (t.events || []).slice(0, t.logged ?? undefined).findLast((e) => ['play', 'discard', 'clue'].includes(e.type));

function lastMarks(t) {
  const marks = new Map();
  const ev = lastMove(t);
  if (!ev) return marks;
  if (ev.type === 'clue') for (const id of ev.touched || []) marks.set(id, { words: clueName(t.variant, ev), turn: ev.turn });
  else if (ev.card) marks.set(ev.card.id, true);
  return marks;
}

const rankNamer = (t) => (r) => rankName(t.variant, r);

// noteOpts gives a card its notes and, for a card in a hand of a running
// game that this page holds a seat of, the way to write one (t.editNote;
// what names the card); a card whose notes cannot be edited here opens
// them to be read in full, which a phone's narrow card cannot show.
function noteOpts(t, id, what, inHand = true) {
  const o = { note: t.notes ? t.notes.get(id) : null };
  if (inHand && t.editNote && !t.replay && t.seat !== null && t.view.status === 'active') o.onNote = () => t.editNote(id, what);
  else if (o.note) o.onRead = () => readNotes(what, o.note);
  return o;
}

// button is a move's button, enabled when the server lists the move. On a
// touch screen its first tap arms it (taps.js): says is then the sentence
// that tells what a second tap does, which the hand shows (t.armedSays).
function button(t, label, attrs, enabled, onclick, says) {
  const armed = enabled && armedKey(t) === attrs['data-key'];
  if (armed) t.armedSays = says;
  return el('button', {
    type: 'button', ...attrs, class: `${attrs.class || ''}${armed ? ' armed' : ''}`, 'aria-disabled': enabled ? null : 'true',
    'aria-describedby': armed ? 'armed-move' : null,
    onclick: (e) => {
      if (e.currentTarget.getAttribute('aria-disabled') === 'true' || firstTap(t, attrs['data-key'], e)) return;
      onclick();
    },
  }, label);
}

// takeArmedLine is the armed move's sentence, once, for the hand whose
// buttons were just drawn.
function takeArmedLine(t) {
  const line = armedLine(t.armedSays);
  t.armedSays = null;
  return line;
}

// slotsOf names the slots of hand's cards among ids: "slots 1 and 3".
function slotsOf(hand, ids) {
  const slots = hand.cards.map((c, i) => (ids.includes(c.id) ? i + 1 : 0)).filter(Boolean);
  if (slots.length === 0) return 'no card';
  const list = slots.length === 1 ? String(slots[0]) : `${slots.slice(0, -1).join(', ')} and ${slots.at(-1)}`;
  return `${slots.length === 1 ? 'slot' : 'slots'} ${list}`;
}

function stat(k, v, title, attrs = {}) {
  return el('div', { class: 'stat', title }, el('span', { class: 'k', text: k }), el('b', { ...attrs, text: v }));
}

// efficiency is hanab.live's pair: the cards gotten per clue spent so
// far, and the efficiency the rest of the game needs; a dash for either
// the server leaves null.
function efficiency(v) {
  const has = (x) => x !== null && x !== undefined;
  if (!has(v.efficiency) && !has(v.efficiency_needed)) return null;
  const f = (x) => (has(x) ? x.toFixed(2) : '–');
  return stat('Efficiency', `${f(v.efficiency)} / ${f(v.efficiency_needed)}`, 'cards gotten per clue spent, then the efficiency the rest of the game needs to reach the best score possible', { id: 'efficiency' });
}

function tokens(t) {
  const v = t.view;
  // Throw It in a Hole: plays go face down, and the strikes and the score
  // show only at the end.
  const hidden = v.plays_hidden === true;
  return el('div', { class: 'tokens' },
    stat('Clues', `${v.note_tokens}${v.half_note_token ? '½' : ''}/${v.options.note_tokens}`, v.half_note_token === undefined ? 'clue tokens left' : 'clue tokens left: a discard or a completed suit earns back half a token', { id: 'note-tokens' }),
    v.next_clue_type ? stat('Next clue', v.next_clue_type === 'color' ? 'a colour' : 'a number', 'each clue must be of the other type than the one before', { id: 'next-clue' }) : null,
    stat('Strikes', `${hidden ? '?' : v.storm_tokens_used}/${v.options.storm_tokens}`, hidden ? 'hidden until the end: plays go face down' : 'misplays so far; the last one ends the game', { id: 'strikes' }),
    stat('Deck', String(v.deck_count), 'cards left to draw', { id: 'deck-count', class: 'deck' }),
    stat('Score', `${hidden ? '?' : v.score}/${v.max_score}`, hidden ? 'hidden until the end: plays go face down' : 'cards played', { id: 'score' }),
    v.pace !== null && v.pace !== undefined ? stat('Pace', String(v.pace), 'how many more cards can be discarded before the best score still possible needs more turns than are left (score + deck + players − best score possible)', { id: 'pace', ...(v.pace <= 0 ? { class: 'warn' } : {}) }) : null,
    efficiency(v),
    hidden ? stat('Face down', String((v.face_down || []).length), 'cards played face down: what they were and whether they played shows at the end', { id: 'face-down' }) : null,
    // The final turns count down while the game runs; after it they are over.
    v.status === 'active' && v.final_turns_left !== null && v.final_turns_left !== undefined ? el('div', { class: 'stat warn' }, el('span', { class: 'k', text: 'Final turns' }), el('b', { text: String(v.final_turns_left) })) : null);
}

// hole is Throw It in a Hole's face-down pile: who played a card and when,
// never what it was, until the end shows everything.
function hole(t) {
  const fd = t.view.plays_hidden ? (t.view.face_down || []) : null;
  if (!fd) return null;
  return el('section', { class: 'discards hole', 'aria-labelledby': 'hole-h' }, el('h2', { id: 'hole-h', text: `Played face down (${fd.length})` }),
    el('div', { class: 'discard-cards' }, fd.length ? fd.map((c) => {
      const words = `played face down by ${nameOf(t, c.seat)} on turn ${c.turn + 1}`;
      return el('div', { class: 'card small facedown', 'data-card': c.id, title: words, role: 'img', 'aria-label': words }, el('span', { class: 'rank', text: '?' }));
    }) : el('span', { class: 'muted', text: 'none yet' })));
}

function discards(t, marks) {
  const order = new Map(t.variant.suits.map((s, i) => [s.name, i]));
  const ds = [...t.view.discards].sort((a, b) => (order.get(a.suit) - order.get(b.suit)) || (a.rank - b.rank));
  return el('section', { class: 'discards', 'aria-labelledby': 'discards-h' }, el('h2', { id: 'discards-h', text: `Discards (${ds.length})` }),
    el('div', { class: 'discard-cards' }, ds.length ? ds.map((d) => faceCard(d, t.suits, { small: true, last: marks.get(d.id) === true, ...noteOpts(t, d.id, `the discarded ${d.suit} ${rankWord(d.rank)}`, false) })) : el('span', { class: 'muted', text: 'none yet' })));
}

function clock(t, seat) {
  const v = t.view;
  if (t.replay || v.status !== 'active' || v.current_seat !== seat) return null;
  // A paused game's clock stands still at the time its turn has left.
  if (v.paused && v.turn_time_left_ms !== null && v.turn_time_left_ms !== undefined) {
    const left = Math.max(0, Math.ceil(v.turn_time_left_ms / 1000));
    return el('span', { class: 'clock paused', role: 'timer', 'aria-label': 'time left for this turn, paused', text: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left, paused` });
  }
  if (!v.turn_deadline) return null;
  return el('span', { class: 'clock', 'data-deadline': v.turn_deadline, role: 'timer', 'aria-label': 'time left for this turn' });
}

// seatLabel names a hand; who, when given, stands for its name.
function seatLabel(t, seat, mine, who = null) {
  const v = t.view;
  const now = v.status === 'active' && v.current_seat === seat;
  return [who || el('span', { class: 'who', text: nameOf(t, seat) + (mine ? ' (you)' : '') }), guestBadge(v.seats[seat]),
    now ? el('span', { class: 'badge turn', text: mine ? 'your turn' : 'to play' }) : null,
    clock(t, seat)];
}

function otherHand(t, hand, marks, shadowed = false) {
  const v = t.view;
  const seated = !t.replay && t.seat !== null && v.status === 'active';
  const owner = nameOf(t, hand.seat);
  const cards = hand.cards.map((c, i) => {
    const what = `${owner}’s card in slot ${i + 1}${c.suit !== null ? ` (${c.suit} ${rankWord(c.rank)})` : ''}`;
    // A face the viewer sees carries its holder's side; a card the viewer
    // does not see shows what is known of it: its holder's own deductions
    // (a shadowed seat's), else what the viewer can tell they know.
    return c.suit !== null
      ? theirSide(t, faceCard(c, t.suits, { card: c, last: marks.get(c.id), rankName: rankNamer(t), whose: `${owner}’s card in slot ${i + 1}`, ...noteOpts(t, c.id, what) }), c, owner, rankNamer(t))
      : knownCard(c, t.suits, t.variant, { ids: c.candidates || c.empathy, last: marks.get(c.id), rankName: rankNamer(t), whose: `${owner}’s card in slot ${i + 1}`, ...noteOpts(t, c.id, what) });
  });
  const turnable = hand.cards.some((c) => c.suit !== null && c.empathy);
  const handEl = el('div', { class: 'cards' }, cards);
  let bar = null;
  let pick = null;
  let armedHits = null;
  if (seated) {
    const lm = legalMoves(t);
    const who = nameOf(t, hand.seat);
    const clueBtn = (clue, st, label) => {
      const offer = offered(lm, hand.seat, clue);
      const hit = offer ? offer.touches : [];
      const words = clueName(t.variant, clue);
      // The button's name holds its visible text ("1 odd"), as speech
      // input expects; a colour's letter is named by the colour.
      const named = typeof label === 'string' ? label : words;
      const key = `clue-${hand.seat}-${clue.color || clue.rank}`;
      const show = () => hit.forEach((id) => handEl.querySelector(`[data-card="${id}"]`)?.classList.add('hit'));
      const hide = () => handEl.querySelectorAll('.hit').forEach((e) => e.classList.remove('hit'));
      if (offer && armedKey(t) === key) armedHits = hit;
      return button(t, label, {
        class: `clue ${st ? suitClass(st) : 'rank-clue'}`, vars: st ? suitVars(st) : null,
        'data-action': 'clue', 'data-target': hand.seat, 'data-color': clue.color, 'data-rank': clue.rank,
        'data-key': key, 'data-touches': offer ? hit.join(' ') : null,
        'aria-label': `Clue ${who}: ${named}`, title: offer ? `clue ${words} to ${who} (touches ${hit.length})` : `clue ${words} to ${who}`,
        // Which cards a clue touches shows before it is given: on hover, on
        // keyboard focus, and on a touch screen's first tap.
        onmouseenter: show, onmouseleave: hide, onfocus: show, onblur: () => { if (armedKey(t) !== key) hide(); },
      }, offer !== null, () => t.act({ type: 'clue', target: hand.seat, ...clue }),
      `Clue ${words} to ${who}: it touches ${slotsOf(hand, hit)}. Tap it again to give it, or anywhere else to choose again.`);
    };
    bar = el('div', { class: 'clue-bar', role: 'group', 'aria-label': `clues for ${who}` },
      t.variant.clue_colors.map((c) => {
        const st = styleOf(t.suits, c);
        return clueBtn({ color: c }, st, ink(st, st.abbr));
      }),
      t.variant.clue_ranks.map((r) => {
        const n = rankName(t.variant, r);
        return clueBtn({ rank: r }, null, n === String(r) ? n : `${r} ${n}`);
      }));
    pick = el('button', {
      type: 'button', class: 'pick', 'data-key': `pick-${hand.seat}`, 'aria-pressed': t.clueTarget === hand.seat ? 'true' : 'false', 'aria-label': `Clue ${who}`,
      onclick: () => t.pickTarget(hand.seat), text: 'Clue',
    });
  }
  if (armedHits) for (const id of armedHits) handEl.querySelector(`[data-card="${id}"]`)?.classList.add('hit');
  const line = takeArmedLine(t);
  const selected = t.clueTarget === hand.seat;
  // A shadowed seat's hand is drawn as that seat sees it, under the others.
  return el('section', { class: `hand other ${v.status === 'active' && v.current_seat === hand.seat ? 'current' : ''} ${selected ? 'selected' : ''}${shadowed ? ' shadowed' : ''}${turnable && turned(t, hand.seat) ? ' as-they-know' : ''}`, 'data-seat': hand.seat },
    el('h2', {}, seatLabel(t, hand.seat, false, turnable ? knowsToggle(t, hand.seat, owner) : null),
      shadowed ? el('span', { class: 'badge', text: 'shadowed: as they see it' }) : null), pick, handEl, bar, line);
}

function myHand(t, hand, marks) {
  const v = t.view;
  const lm = legalMoves(t);
  const cards = el('div', { class: 'cards' }, hand.cards.map((c, i) => el('div', { class: 'slot-col' },
    // After the game everyone sees every card, one's own included.
    c.suit !== null ? faceCard(c, t.suits, { card: c, last: marks.get(c.id), rankName: rankNamer(t), ...noteOpts(t, c.id, `your card in slot ${i + 1}`) })
      : knownCard(c, t.suits, t.variant, { ids: c.candidates, last: marks.get(c.id), rankName: rankNamer(t), whose: `your card in slot ${i + 1}`, ...noteOpts(t, c.id, `your card in slot ${i + 1}`) }),
    t.replay || v.status !== 'active' ? null : el('div', { class: 'moves' },
      button(t, 'Play', { class: 'play', 'data-action': 'play', 'data-card': c.id, 'data-slot': i, 'data-key': `play-${i}`, 'aria-label': `Play slot ${i + 1}` }, lm.play.includes(c.id), () => t.act({ type: 'play', card: c.id }),
        `Play your card in slot ${i + 1}? Tap Play again to play it, or anywhere else to keep it.`),
      button(t, 'Discard', { class: 'discard', 'data-action': 'discard', 'data-card': c.id, 'data-slot': i, 'data-key': `discard-${i}`, 'aria-label': `Discard slot ${i + 1}` }, lm.discard.includes(c.id), () => t.act({ type: 'discard', card: c.id }),
        `Discard your card in slot ${i + 1}? Tap Discard again to discard it, or anywhere else to keep it.`)))));
  const deck = deckPlay(t, lm);
  return el('section', { class: `hand mine ${v.status === 'active' && v.current_seat === hand.seat ? 'current' : ''}`, 'data-seat': hand.seat, 'aria-label': 'your hand' },
    el('h2', {}, seatLabel(t, hand.seat, true)), takeArmedLine(t), cards, deck);
}

// deckPlay offers the blind play of the deck's last card where the table
// allows one now (the view names that card: deck_next_card), and its blind
// discard where the server lists one (Orange under hanab.live's rules).
function deckPlay(t, lm) {
  const id = t.view.deck_next_card;
  if (t.replay || id === null || id === undefined || t.view.status !== 'active') return null;
  return el('div', { class: 'deck-play' }, button(t, 'Play the deck’s last card, blind',
    { class: 'play', id: 'deck-play', 'data-action': 'deck-play', 'data-card': id, 'data-key': 'deck-play' }, lm.play.includes(id), () => t.act({ type: 'play', card: id }),
    'Play the deck’s last card without seeing it? Tap again to play it.'),
  lm.discard.includes(id) ? button(t, 'Discard the deck’s last card, blind',
    { class: 'discard', id: 'deck-discard', 'data-action': 'deck-discard', 'data-card': id, 'data-key': 'deck-discard' }, true, () => t.act({ type: 'discard', card: id }),
    'Discard the deck’s last card without seeing it? Tap again to discard it.') : null);
}

// lastMoveLine tells the last move in words at the top of a live table,
// where a phone shows it without scrolling down to the log.
function lastMoveLine(t) {
  const ev = lastMove(t);
  if (t.replay || !ev || !t.namer) return null;
  return el('p', { class: 'last-move', id: 'last-move' }, el('span', { class: 'k', text: 'Last move' }), ' ', logLine(ev, t.namer(ev), t.suits, t.variant));
}

// shareButton offers a signed-in player to replay finished game id with
// others; what it does loads when it is pressed.
export function shareButton(id) {
  if (!account()) return null;
  return el('button', {
    type: 'button', class: 'small', id: 'open-room', 'data-key': 'open-room', text: 'Open a shared replay',
    title: 'replay this game together: the table’s chat gets the room’s link, and everyone who opens it sees the turn you show',
    onclick: (e) => { const b = e.currentTarget; import('./share.js').then((m) => m.openShared(id, b), (err) => toast(friendly(err))); },
  });
}

function resultBanner(t) {
  const r = t.view.result;
  if (!r || t.replay) return null;
  return el('div', { class: 'result', id: 'result', role: 'status' },
    el('strong', { text: `Game over: ${r.score}/${t.view.max_score}` }), ` — ${r.rating} (${endReason(r, (s) => nameOf(t, s))}) `,
    el('a', { class: 'button small', id: 'watch-replay', href: `/?replay=${encodeURIComponent(t.view.id)}`, 'data-key': 'replay', text: 'Watch the replay' }), ' ',
    t.view.status === 'finished' ? [el('a', { class: 'button small', id: 'learn', href: `/?replay=${encodeURIComponent(t.view.id)}#analysis`, 'data-key': 'learn', text: 'Where was it won or lost?' }), ' '] : null,
    // A signed-in player replays it with the others: the room's link invites them.
    t.view.status === 'finished' ? [rematchButton(t), ' ', shareButton(t.view.id), ' '] : null,
    t.seed ? [el('a', { class: 'button small', id: 'other-scores', href: `/?seed=${encodeURIComponent(t.seed)}`, 'data-nav': true, 'data-key': 'seed', text: 'Other scores on this seed' }), ' '] : null,
    el('button', { type: 'button', class: 'small', 'data-key': 'new', onclick: t.onNew, text: 'New game' }));
}

// rules explains the variant: its suits, its clues, this game's options.
export function rules(t) {
  const v = t.variant;
  const o = t.view.options;
  return el('details', { class: 'rules' }, el('summary', { text: 'Rules' }),
    el('div', { class: 'rules-body' },
      el('p', { text: v.description || `${v.title}.` }),
      el('p', {}, 'Suits: ', v.suits.map((s) => el('span', { class: 'rule-suit' }, chip(t.suits.get(s.name)), ` ${s.name} (${s.ranks.length} cards) `))),
      el('p', { text: `Clues name a colour (${v.clue_colors.join(', ')}) or a number (${v.clue_ranks.map((r) => rankName(v, r)).join(', ')}). Each clue costs a clue token; a discard, or completing a suit, earns one back.` }),
      el('p', { text: `Clue tokens: ${o.note_tokens}. Strikes: the ${o.storm_tokens === 1 ? 'first' : `${o.storm_tokens}th`} misplay ends the game. Clues that touch no card: ${o.empty_clues ? 'allowed' : 'not allowed'}.${o.turn_seconds ? ` Each turn has ${o.turn_seconds} s; then ${o.on_timeout === 'end' ? 'the game ends' : 'a bot moves for the seat'}.` : ''} Best score: ${t.view.max_score}.` }),
      tableOptions(o)));
}

// tableOptions names the yes-or-no options the table was created with.
function tableOptions(o) {
  const on = [['one_extra_card', 'one extra card in each hand'], ['one_less_card', 'one card less in each hand'],
    ['deck_plays', 'deck plays (the deck’s last card may be played blind)'], ['all_or_nothing', 'all or nothing (only a perfect game scores)']]
    .filter(([k]) => o[k] === true).map(([, words]) => words);
  return on.length ? el('p', { id: 'table-options', text: `This table: ${on.join('; ')}.` }) : null;
}

// controls are the table's own buttons: help, sound, a timed game's
// pause, a vote to end, leave, end; and a signed-in spectator's choice of
// whose view to watch.
function controls(t) {
  const v = t.view;
  const seated = !t.replay && t.seat !== null && v.status === 'active';
  const voted = seated && (v.votes || []).includes(t.seat);
  // Only a timed game pauses: the view's options say whether it has a clock.
  const timed = seated && v.options && v.options.turn_seconds > 0;
  return el('div', { class: 'controls' },
    t.controls ? t.controls() : null,
    shadowPick(t),
    timed ? el('button', {
      type: 'button', class: 'small', id: v.paused ? 'resume-game' : 'pause-game', 'data-key': 'pause', disabled: t.busy,
      title: v.paused ? 'start the clock again' : 'stop the clock: no move is made until a player resumes',
      onclick: () => t.pause(!v.paused), text: v.paused ? 'Resume' : 'Pause',
    }) : null,
    seated ? el('button', {
      type: 'button', class: `small${voted ? ' voted' : ''}`, id: 'vote-end', 'data-key': 'vote', disabled: t.busy,
      title: `the game ends, scoring 0, once ${v.votes_to_end} seats have voted`,
      onclick: () => t.vote(!voted), text: voted ? 'Take back my vote to end' : 'Vote to end',
    }) : null,
    seated ? el('button', { type: 'button', class: 'small', id: 'leave-seat', 'data-key': 'leave', onclick: t.leave, text: 'Leave seat' }) : null,
    seated ? el('button', { type: 'button', class: 'small danger', id: 'end-game', 'data-key': 'end', onclick: t.end, text: 'End game' }) : null);
}

// everyFace says whether the view shows a card of every hand: a signed-in
// spectator's where the table lets spectators see the hands.
const everyFace = (v) => v.hands.length > 0 && v.hands.every((h) => h.cards.length === 0 || h.cards.some((c) => c.suit !== null));

// shadowPick is a signed-in spectator's choice: every hand, or exactly
// what one seat sees (its own cards hidden, its clues and notes).
function shadowPick(t) {
  const v = t.view;
  if (t.replay || t.seat !== null || !t.watching || !t.setShadow || v.status !== 'active') return null;
  if (t.shadow === null && !everyFace(v)) return null; // this table shows spectators no hand
  return el('label', { class: 'shadow-pick' }, el('span', { text: 'Watch' }), ' ',
    el('select', {
      id: 'shadow-seat', 'data-key': 'shadow', 'aria-label': 'whose view to watch',
      onchange: (e) => t.setShadow(e.target.value === '' ? null : Number(e.target.value)),
    },
    el('option', { value: '', text: 'every hand', selected: t.shadow === null }),
    v.seats.map((s) => el('option', { value: s.seat, text: `as ${nameOf(t, s.seat)} sees it`, selected: t.shadow === s.seat }))));
}

// roomLines say who watches the table, and what holds it up: a pause
// (and who made it), the votes to end it so far.
function roomLines(t) {
  const v = t.view;
  if (t.replay || v.status !== 'active') return null;
  const out = [];
  const watchers = t.watchers || [];
  if (watchers.length > 0) {
    const me = t.seat === null && t.watching && account() ? account().name : null;
    const names = watchers.map((w) => (w.name === me ? 'you' : w.bot ? `${w.name} (bot)` : w.name)
      + (w.shadow !== null && w.shadow !== undefined && v.seats[w.shadow] ? ` (as ${nameOf(t, w.shadow)} sees it)` : ''));
    out.push(el('p', { class: 'room-line watchers-line', id: 'watchers' },
      el('strong', { text: 'Watching' }), `: ${names.join(', ')}`));
  }
  if (v.paused) {
    const last = (t.events || []).findLast((e) => e.type === 'pause' || e.type === 'resume');
    const by = last && last.type === 'pause' ? ` by ${nameOf(t, last.seat)}` : '';
    out.push(el('p', { class: 'room-line paused-line', id: 'paused', role: 'status' },
      el('strong', { text: `Paused${by}` }), ': no move is made and the clock stands still until a player resumes the game.'));
  }
  const votes = v.votes || [];
  if (votes.length > 0) {
    const names = votes.map((s) => nameOf(t, s) + (s === t.seat ? ' (you)' : ''));
    out.push(el('p', { class: 'room-line votes-line', id: 'votes' },
      el('strong', { text: 'Votes to end the game' }), `: ${names.join(', ')} — ${votes.length} of the ${v.votes_to_end} needed.`));
  }
  return out;
}

export function board(t) {
  const v = t.view;
  const n = v.seats.length;
  const me = t.seat !== null && t.seat < n ? t.seat : null;
  // A spectator who shadows a seat sees the table from that seat.
  const shadow = me === null && !t.replay && t.shadow !== null && t.shadow !== undefined && t.shadow < n ? t.shadow : null;
  const pov = me ?? shadow;
  const order = [];
  for (let i = 1; i <= n; i++) order.push(((pov ?? -1) + i + n) % n);
  const hands = new Map(v.hands.map((h) => [h.seat, h]));
  const marks = lastMarks(t);
  t.notes = notesByCard(v.notes, { seat: t.seat, active: v.status === 'active', name: (s) => nameOf(t, s) });
  const others = order.filter((s) => s !== pov && hands.has(s)).map((s) => otherHand(t, hands.get(s), marks));
  const turnText = v.status !== 'active' ? 'game over'
    : (me !== null && v.current_seat === me ? 'your turn' : `${nameOf(t, v.current_seat)} to play`);
  let watching = null;
  if (me === null && !t.replay) {
    let says = 'You are watching: every seat is taken. Nobody\'s cards are shown until the game ends.';
    if (v.status === 'finished') says = 'The game is over: every card is shown.';
    else if (shadow !== null) says = `You are watching as ${nameOf(t, shadow)} sees the table: their own cards stay hidden, as they are from them.`;
    else if (t.watching && everyFace(v)) says = 'You are watching as a spectator: every hand is shown. The players do not see their own cards.';
    else if (!account() && v.spectators === 'open') {
      // The table shows every hand to a signed-in spectator: a guest is told.
      says = ['You are watching: every seat is taken. ', el('a', { href: `/?signin&next=${encodeURIComponent(location.pathname + location.search)}`, 'data-nav': true, text: 'Sign in' }),
        ' to see every hand, as the table shows them to signed-in spectators (never a player their own).'];
    }
    watching = el('p', { class: 'muted spectator', id: 'watching' }, says);
    if (shadow !== null && hands.has(shadow)) watching = [watching, otherHand(t, hands.get(shadow), marks, true)];
  }
  return el('div', {
    class: 'table', id: 'table', 'data-status': v.status, 'data-version': v.version, 'data-variant': v.variant,
    'data-my-turn': myTurn(t) ? 'true' : 'false', 'data-seat': me ?? '', 'data-shadow': shadow ?? '', 'data-paused': v.paused ? 'true' : 'false',
  },
  el('div', { class: 'bar' },
    // A replay's position is its bar's ("move 30 of 52"), not a turn number beside it.
    // A game that is over took v.turn turns, as its replay and history say.
    el('h1', { class: 'title' }, el('span', { text: t.variant.title }), el('span', { class: 'turn-no', text: t.replay ? ' · ' : v.status === 'active' ? ` · turn ${v.turn + 1} · ` : ` · ${v.turn} turn${v.turn === 1 ? '' : 's'} · ` }), el('span', { class: `whose ${me !== null && v.current_seat === me && v.status === 'active' ? 'mine' : ''}`, text: turnText })),
    tokens(t), lastMoveLine(t), roomLines(t), controls(t), rules(t)),
  t.replay ? t.replayBar : null,
  resultBanner(t),
  el('div', { class: 'board' },
    el('div', { class: 'others' }, others),
    me !== null ? myHand(t, hands.get(me), marks) : watching,
    el('div', { class: 'middle' }, fireworks(t, lastMove(t)), discards(t, marks), hole(t))),
  t.logEl);
}
