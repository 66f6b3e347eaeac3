import { pageTitle } from './announce.js';
import { call } from './api.js';
import { board, nameOf } from './board.js';
import { suitsOf } from './cards.js';
import { touches } from './clues.js';
import { el } from './dom.js';
import { logLine } from './log.js';
import { friendly } from './messages.js';

// The replay viewer: a finished game's deck and actions (GET
// /games/{id}/replay) played through again on this page, turn by turn, and
// drawn with the table's own board, every card face up. During a game the
// same viewer rewinds the turns so far, read-only, from the events and the
// seat's view: a card shows its face only where this seat has seen it.

const handSize = (players) => (players <= 3 ? 5 : players <= 5 ? 4 : 3);

// states computes the table after each move: steps[k] is the view and the
// events after k moves. A deck card whose face is unknown (suit null) stays
// hidden; an action may bring the cards its clue touched and its success,
// which then need no face; auto marks a move the turn clock made for its
// seat, "(time)" in the log. live: the last step is the running game's view.
export function states(rp, variant, live = null) {
  const moves = rp.actions.filter((a) => ['play', 'discard', 'clue'].includes(a.type));
  const maxRank = new Map(variant.suits.map((s) => [s.name, Math.max(...s.ranks)]));
  const hands = [];
  let next = 0;
  for (let s = 0; s < rp.players; s++) {
    const cards = [];
    for (let i = 0; i < handSize(rp.players); i++) cards.unshift({ ...rp.deck[next], id: next++, clues: [] });
    hands.push(cards);
  }
  const fireworks = Object.fromEntries(variant.suits.map((s) => [s.name, 0]));
  const discards = [];
  let notes = rp.options.note_tokens;
  let storms = 0;
  const events = [];
  const snap = (k) => {
    const done = k === moves.length && !live;
    const allSuits = variant.suits.map((x) => x.name);
    const hidden = (c) => (c.suit === null ? { possible_suits: allSuits, possible_ranks: variant.clue_ranks } : {});
    return {
      id: rp.id, variant: rp.variant, status: done ? 'finished' : 'active', version: k, turn: k, you: null,
      seats: rp.seats, current_seat: done ? null : (k < moves.length ? moves[k].seat : live.current_seat), options: rp.options,
      note_tokens: notes, storm_tokens_used: storms, deck_count: rp.deck.length - next, final_turns_left: null,
      fireworks: { ...fireworks }, discards: [...discards],
      hands: hands.map((cards, seat) => ({ seat, cards: cards.map((c) => ({ ...c, ...hidden(c), clues: [...c.clues] })) })),
      score: Object.values(fireworks).reduce((a, b) => a + b, 0), max_score: variant.max_score,
      result: done ? rp.result : null, turn_deadline: null, notes: rp.notes,
    };
  };
  const steps = [{ view: snap(0), events: [] }];
  moves.forEach((a, k) => {
    const hand = hands[a.seat];
    const ev = { seq: k + 1, turn: k, seat: a.seat, type: a.type, auto: !!a.auto };
    if (a.type === 'clue') {
      const clue = a.color ? { color: a.color } : { rank: a.rank };
      ev.target = a.target; ev.color = a.color; ev.rank = a.rank;
      ev.touched = [];
      for (const c of hands[a.target]) {
        const hit = a.touched ? a.touched.includes(c.id) : touches(variant, c, clue);
        c.clues.push({ turn: k, ...clue, touched: hit });
        if (hit) ev.touched.push(c.id);
      }
      notes--;
    } else {
      const i = hand.findIndex((c) => c.id === a.card);
      const [c] = hand.splice(i, 1);
      ev.card = { id: c.id, suit: c.suit, rank: c.rank };
      if (a.type === 'play' && (a.success ?? fireworks[c.suit] + 1 === c.rank)) {
        fireworks[c.suit] = c.rank;
        ev.success = true;
        if (c.rank === maxRank.get(c.suit) && notes < rp.options.note_tokens) notes++;
      } else {
        if (a.type === 'play') { storms++; ev.success = false; }
        if (a.type === 'discard' && notes < rp.options.note_tokens) notes++;
        discards.push(ev.card);
      }
      if (next < rp.deck.length) hand.unshift({ ...rp.deck[next], id: next++, clues: [] });
    }
    events.push(ev);
    steps.push({ view: snap(k + 1), events: [...events] });
  });
  if (rp.result) {
    events.push({ seq: moves.length + 1, turn: moves.length, type: 'game_over', result: rp.result });
    steps[steps.length - 1].events = [...events];
  }
  return steps;
}

// rewindStates is states for a running game, from what this page holds:
// its view and every event so far.
export function rewindStates(view, events, variant) {
  const players = view.seats.length;
  const faces = new Map();
  for (const h of view.hands) for (const c of h.cards) if (c.suit !== null) faces.set(c.id, { suit: c.suit, rank: c.rank });
  const moves = events.filter((e) => ['play', 'discard', 'clue'].includes(e.type));
  for (const e of moves) if (e.card) faces.set(e.card.id, { suit: e.card.suit, rank: e.card.rank });
  const draws = moves.filter((e) => e.drawn !== null && e.drawn !== undefined).length;
  const total = handSize(players) * players + draws + view.deck_count;
  const deck = Array.from({ length: total }, (_, id) => faces.get(id) || { suit: null, rank: null });
  const actions = moves.map((e) => ({
    type: e.type, seat: e.seat, card: e.card ? e.card.id : null, target: e.target ?? null,
    color: e.color ?? null, rank: e.type === 'clue' ? e.rank ?? null : null, touched: e.touched, success: e.success, auto: !!e.auto,
  }));
  return states({ id: view.id, variant: view.variant, players, deck, actions, seats: view.seats, options: view.options, result: null, notes: view.notes }, variant, view);
}

// openRewind shows the turns of the running game t, read-only, until back()
// is called (by its own button, or by the caller).
export function openRewind(app, t, back) {
  const steps = rewindStates(t.view, t.events, t.variant);
  const r = { k: steps.length - 1, playing: 0, steps, variant: t.variant, suits: t.suits, onNew: t.onNew, back };
  return attach(app, r);
}

export function openReplay(app, id, { onNew }) {
  const ctl = new AbortController();
  const r = { k: 0, playing: 0 };
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the replay…' }));
  (async () => {
    const rp = await call('GET', `/games/${encodeURIComponent(id)}/replay`, { signal: ctl.signal });
    const variant = await call('GET', `/variants/${encodeURIComponent(rp.variant)}`, { signal: ctl.signal });
    r.steps = states(rp, variant);
    r.variant = variant;
    r.suits = suitsOf(variant);
    r.onNew = onNew;
    document.title = pageTitle('Replay', variant.title);
    detach = attach(app, r);
  })().catch((e) => {
    if (!ctl.signal.aborted) app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This replay cannot be shown' }), el('p', { text: e.status === 409 ? 'The game is still running: its replay opens when it ends.' : friendly(e) }), el('a', { href: '/', text: 'Start a new game' })));
  });
  let detach = () => {};
  return () => { ctl.abort(); detach(); };
}

// attach shows r's current step and lets the keys move through the steps.
function attach(app, r) {
  const onKey = (e) => {
    if (!r.steps || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest('dialog')) return;
    const n = r.steps.length - 1;
    const to = { ArrowLeft: r.k - 1, ArrowRight: r.k + 1, Home: 0, End: n }[e.key];
    if (to !== undefined) {
      if (e.target.matches && e.target.matches('input[type=range]')) return; // the slider moves itself
      e.preventDefault();
      stop(r);
      show(app, r, to);
    } else if (e.key === ' ' && !(e.target.matches && e.target.matches('button, a, summary'))) {
      e.preventDefault();
      toggle(app, r);
    }
  };
  document.addEventListener('keydown', onKey);
  show(app, r, r.k);
  return () => { stop(r); document.removeEventListener('keydown', onKey); };
}

function stop(r) {
  clearInterval(r.playing);
  r.playing = 0;
}

function toggle(app, r) {
  if (r.playing) { stop(r); show(app, r, r.k); return; }
  if (r.k >= r.steps.length - 1) r.k = 0;
  r.playing = setInterval(() => {
    if (r.k >= r.steps.length - 1) { stop(r); show(app, r, r.k); return; }
    show(app, r, r.k + 1);
  }, 1000);
  show(app, r, r.k);
}

function show(app, r, k) {
  const n = r.steps.length - 1;
  r.k = Math.max(0, Math.min(n, k));
  const step = r.steps[r.k];
  const focused = document.activeElement && document.activeElement.closest('[data-key]');
  const key = focused && app.contains(focused) ? focused.dataset.key : null;
  const t = { replay: true, view: step.view, variant: r.variant, suits: r.suits, seat: null, events: step.events, onNew: r.onNew };
  const last = step.events.filter((e) => e.type !== 'game_over').at(-1);
  const slider = el('input', {
    type: 'range', min: 0, max: n, value: r.k, id: 'replay-turn', 'data-key': 'slider', 'aria-label': 'turn',
    'aria-valuetext': `after move ${r.k} of ${n}`, oninput: (e) => { stop(r); show(app, r, Number(e.target.value)); },
  });
  const btn = (key, label, aria, f) => el('button', { type: 'button', class: 'small', 'data-key': key, 'aria-label': aria, onclick: f, text: label });
  t.replayBar = el('div', { class: 'replay-bar', role: 'group', 'aria-label': 'replay' },
    btn('first', '«', 'first turn', () => { stop(r); show(app, r, 0); }),
    btn('back', '‹', 'one turn back', () => { stop(r); show(app, r, r.k - 1); }),
    btn('play', r.playing ? '❚❚ Pause' : '▶ Play', r.playing ? 'pause' : 'play', () => toggle(app, r)),
    btn('forward', '›', 'one turn forward', () => { stop(r); show(app, r, r.k + 1); }),
    btn('last', '»', 'last turn', () => { stop(r); show(app, r, n); }),
    slider,
    el('span', { class: 'replay-pos', id: 'replay-pos', text: `move ${r.k} of ${n}` }),
    el('span', { class: 'replay-move' }, last ? logLine(last, (s) => nameOf(t, s), r.suits, r.variant) : 'the deal'),
    r.k === n && step.view.result ? el('strong', { id: 'replay-result', text: ` · final score ${step.view.result.score}/${step.view.max_score}` }) : null,
    r.back ? el('button', { type: 'button', class: 'small', id: 'rewind-back', 'data-key': 'back-live', onclick: r.back, text: 'Back to the live game' })
      : el('a', { href: `/?game=${encodeURIComponent(step.view.id)}`, class: 'small', text: 'Back to the table' }));
  t.logEl = el('section', { class: 'log', tabindex: 0, 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: 'Log' }),
    el('ol', { id: 'log-list', reversed: true }, [...step.events].reverse().map((ev) => el('li', { class: `ev ${ev.type}${ev.auto ? ' auto' : ''}` }, logLine(ev, (s) => nameOf(t, s), r.suits, r.variant)))));
  app.replaceChildren(board(t));
  const table = app.querySelector('#table');
  table.classList.add('replaying');
  table.dataset.step = String(r.k);
  if (key) app.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
}
