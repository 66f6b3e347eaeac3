import { ApiError, call, forgetSeat, newKey, savedSeat, saveSeat } from './api.js';
import { faceCard, knownCard, suitClass, suitVars, suitsOf } from './cards.js';
import { el, setStatus, toast } from './dom.js';
import { sleep, streamEvents, waitState } from './live.js';
import { logLine } from './log.js';

// openTable shows game id as this browser's seat (or the public) sees it and
// keeps it live until the returned function is called.
export function openTable(app, id, { onNew }) {
  const ctl = new AbortController();
  const t = {
    id, seat: null, token: null, view: null, variant: null, suits: null,
    events: [], lastSeq: 0, busy: false, refreshing: null, app, onNew, signal: ctl.signal,
  };
  const s = savedSeat(id);
  if (s) { t.seat = s.seat; t.token = s.token; }
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the table…' }));
  start(t).catch((e) => {
    if (!t.signal.aborted) app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This game cannot be shown' }), el('p', { text: e.message }), el('a', { href: '/', text: 'Start a new game' })));
  });
  return () => ctl.abort();
}

async function loadView(t) {
  try {
    return await call('GET', `/games/${encodeURIComponent(t.id)}`, { token: t.token, signal: t.signal });
  } catch (e) {
    // A token that stopped working (the seat was left, or it expired) is
    // dropped: the page goes on as a spectator.
    if (t.token && e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      dropSeat(t);
      return call('GET', `/games/${encodeURIComponent(t.id)}`, { signal: t.signal });
    }
    throw e;
  }
}

function dropSeat(t) {
  forgetSeat(t.id);
  t.seat = null;
  t.token = null;
}

async function start(t) {
  t.view = await loadView(t);
  t.variant = await call('GET', `/variants/${encodeURIComponent(t.view.variant)}`, { signal: t.signal });
  t.suits = suitsOf(t.variant);
  render(t);
  await live(t);
}

// setView shows a newer view; the same version again changes nothing on
// screen, so the table is not redrawn under the player's pointer.
function setView(t, v) {
  if (!v || (t.view && v.version <= t.view.version)) return;
  t.view = v;
  render(t);
}

// refresh fetches the view again after an event; events that arrive while a
// fetch is running are covered by one more fetch, not one each.
async function refresh(t) {
  if (t.refreshing) { t.refreshing.again = true; return; }
  t.refreshing = { again: false };
  try {
    do {
      t.refreshing.again = false;
      setView(t, await loadView(t));
    } while (t.refreshing.again && !t.signal.aborted);
  } catch (e) {
    if (!t.signal.aborted) setStatus(`reconnecting… (${e.message})`);
  } finally {
    t.refreshing = null;
  }
}

async function live(t) {
  let backoff = 500;
  while (!t.signal.aborted) {
    try {
      if (t.view.status === 'lobby') {
        setView(t, await waitState(t.id, t.token, t.view.version, t.signal));
      } else {
        let over = false;
        await streamEvents(t.id, t.token, t.lastSeq, t.signal, (ev) => {
          if (ev.seq <= t.lastSeq) return;
          t.lastSeq = ev.seq;
          t.events.push(ev);
          if (ev.type === 'game_over') over = true;
          refresh(t);
          renderLog(t);
        });
        if (over) {
          setView(t, await loadView(t));
          setStatus('');
          return;
        }
      }
      setStatus('');
      backoff = 500;
    } catch (e) {
      if (t.signal.aborted) return;
      if (e instanceof ApiError && (e.status === 401 || e.status === 403) && t.token) {
        dropSeat(t);
        await refresh(t);
        continue;
      }
      setStatus('reconnecting…');
      await sleep(backoff, t.signal);
      backoff = Math.min(backoff * 2, 10000);
    }
  }
}

async function act(t, action) {
  if (t.busy) return;
  t.busy = true;
  render(t);
  try {
    const res = await call('POST', `/games/${encodeURIComponent(t.id)}/actions`, {
      token: t.token, body: { ...action, version: t.view.version }, headers: { 'Idempotency-Key': newKey() },
    });
    t.busy = false;
    if (res.game.version > t.view.version) setView(t, res.game);
    else render(t);
  } catch (e) {
    t.busy = false;
    toast(e.message);
    render(t);
    await refresh(t);
  }
}

async function join(t, name, tabOnly = false) {
  try {
    const res = await call('POST', `/games/${encodeURIComponent(t.id)}/seats`, { body: { name } });
    if (name && !tabOnly) localStorage.setItem('hanabi.name', name);
    saveSeat(t.id, res.seat, res.token, { tabOnly });
    t.seat = res.seat;
    t.token = res.token;
    t.view = null;
    setView(t, res.game);
  } catch (e) {
    toast(e.message);
    await refresh(t);
  }
}

const nameOf = (t, seat) => {
  const s = t.view.seats[seat];
  return (s && s.name) || `Seat ${seat + 1}`;
};

function myTurn(t) {
  const v = t.view;
  return v.status === 'active' && t.seat !== null && v.current_seat === t.seat && !t.busy;
}

// touches says whether a clue would touch a card, from the variant's table
// (or, where a server sends no table, from the suit's clue colours). It only
// decides which buttons are enabled: the server judges every move.
function touches(t, card, clue) {
  const suit = t.variant.suits.find((s) => s.name === card.suit);
  if (!suit) return false;
  const row = suit.touches && suit.touches.find((r) => r.rank === card.rank);
  if (clue.color) return row ? row.colors.includes(clue.color) : suit.clued_by.includes(clue.color);
  return row ? row.ranks.includes(clue.rank) : card.rank === clue.rank;
}

function shareBox(t) {
  const url = `${location.origin}/?game=${encodeURIComponent(t.id)}`;
  const input = el('input', { readonly: true, value: url, id: 'join-link', 'aria-label': 'join link' });
  const btn = el('button', {
    type: 'button', class: 'small', text: 'Copy',
    onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); btn.textContent = 'Copied'; } catch { btn.textContent = 'Select + copy'; }
    },
  });
  return el('div', { class: 'share' }, el('span', { text: 'Invite: ' }), input, btn);
}

function tokens(t) {
  const v = t.view;
  const notes = [];
  for (let i = 0; i < v.options.note_tokens; i++) notes.push(el('span', { class: `pip note ${i < v.note_tokens ? 'on' : ''}` }));
  const storms = [];
  for (let i = 0; i < v.options.storm_tokens; i++) storms.push(el('span', { class: `pip storm ${i < v.storm_tokens_used ? 'on' : ''}` }));
  return el('div', { class: 'tokens' },
    el('div', { class: 'stat', title: 'note (clue) tokens left' }, el('span', { class: 'k', text: 'Notes' }), el('span', { class: 'pips' }, notes), el('b', { id: 'note-tokens', text: String(v.note_tokens) })),
    el('div', { class: 'stat', title: 'storm tokens used' }, el('span', { class: 'k', text: 'Storms' }), el('span', { class: 'pips' }, storms), el('b', { text: `${v.storm_tokens_used}/${v.options.storm_tokens}` })),
    el('div', { class: 'stat' }, el('span', { class: 'k', text: 'Deck' }), el('b', { class: 'deck', id: 'deck-count', text: String(v.deck_count) })),
    el('div', { class: 'stat' }, el('span', { class: 'k', text: 'Score' }), el('b', { id: 'score', text: `${v.score}/${v.max_score}` })),
    v.final_turns_left !== null ? el('div', { class: 'stat warn' }, el('span', { class: 'k', text: 'Final turns' }), el('b', { text: String(v.final_turns_left) })) : null);
}

function fireworks(t) {
  const v = t.view;
  return el('div', { class: 'fireworks', 'aria-label': 'fireworks' }, t.variant.suits.map((s) => {
    const n = v.fireworks[s.name] || 0;
    const st = t.suits.get(s.name);
    const top = n > 0 ? faceCard({ id: -1, suit: s.name, rank: n }, t.suits)
      : el('div', { class: `card slot ${suitClass(st)}`, vars: suitVars(st), title: `${s.name}: nothing played` }, el('span', { class: 'letter', text: st.abbr }));
    return el('div', { class: 'pile', 'data-suit': s.name, 'data-height': n }, top, el('small', { text: `${n}/${Math.max(...s.ranks)}` }));
  }));
}

function discards(t) {
  const order = new Map(t.variant.suits.map((s, i) => [s.name, i]));
  const ds = [...t.view.discards].sort((a, b) => (order.get(a.suit) - order.get(b.suit)) || (a.rank - b.rank));
  return el('div', { class: 'discards' }, el('h3', { text: `Discards (${ds.length})` }),
    el('div', { class: 'discard-cards' }, ds.length ? ds.map((d) => faceCard(d, t.suits, { small: true })) : el('span', { class: 'muted', text: 'none yet' })));
}

function otherHand(t, hand) {
  const v = t.view;
  const seated = t.seat !== null && v.status === 'active';
  const cards = hand.cards.map((c) => (c.suit !== null ? faceCard(c, t.suits, { card: c }) : knownCard(c, t.suits, t.variant.suits.length, t.variant.clue_ranks.length)));
  let bar = null;
  if (seated) {
    const can = myTurn(t) && v.note_tokens > 0;
    const visible = hand.cards.filter((c) => c.suit !== null);
    const clueBtn = (clue, label, extra) => {
      const hit = visible.filter((c) => touches(t, c, clue));
      const ok = can && (v.options.empty_clues || hit.length > 0);
      const b = el('button', {
        type: 'button', class: `clue ${extra.cls || ''}`, vars: extra.vars, disabled: !ok,
        'data-action': 'clue', 'data-target': hand.seat, 'data-color': clue.color, 'data-rank': clue.rank,
        title: `clue ${clue.color || clue.rank} to ${nameOf(t, hand.seat)} (touches ${hit.length})`,
        onclick: () => act(t, { type: 'clue', target: hand.seat, ...clue }),
        onmouseenter: () => hit.forEach((c) => handEl.querySelector(`[data-card="${c.id}"]`)?.classList.add('hit')),
        onmouseleave: () => handEl.querySelectorAll('.hit').forEach((e) => e.classList.remove('hit')),
      }, label);
      return b;
    };
    bar = el('div', { class: 'clue-bar' },
      t.variant.clue_colors.map((c) => {
        const st = t.suits.get(c) || [...t.suits.values()].find((x) => x.name === c) || { color: '#888', abbr: c[0].toUpperCase(), name: c };
        return clueBtn({ color: c }, st.abbr, { cls: suitClass(st), vars: suitVars(st) });
      }),
      t.variant.clue_ranks.map((r) => clueBtn({ rank: r }, String(r), { cls: 'rank-clue' })));
  }
  const handEl = el('div', { class: 'cards' }, cards);
  return el('section', { class: `hand other ${v.current_seat === hand.seat ? 'current' : ''}`, 'data-seat': hand.seat },
    el('h2', {}, seatLabel(t, hand.seat)), handEl, bar);
}

function seatLabel(t, seat) {
  const s = t.view.seats[seat];
  return [el('span', { class: 'who', text: nameOf(t, seat) }),
    el('span', { class: 'seat-tag', text: `seat ${seat + 1}` }),
    s && s.bot ? el('span', { class: 'badge', text: `bot: ${s.bot}` }) : null,
    t.view.current_seat === seat ? el('span', { class: 'badge turn', text: seat === t.seat ? 'your turn' : 'to play' }) : null];
}

function myHand(t, hand) {
  const v = t.view;
  const mine = myTurn(t);
  const canDiscard = mine && v.note_tokens < v.options.note_tokens;
  return el('section', { class: `hand mine ${v.current_seat === hand.seat ? 'current' : ''}`, 'data-seat': hand.seat },
    el('h2', {}, el('span', { class: 'who', text: `${nameOf(t, hand.seat)} (you)` }), v.current_seat === hand.seat ? el('span', { class: 'badge turn', text: 'your turn' }) : null),
    el('div', { class: 'cards' }, hand.cards.map((c, i) => el('div', { class: 'slot-col' },
      // After the game everyone sees every card, one's own included.
      c.suit !== null ? faceCard(c, t.suits, { card: c }) : knownCard(c, t.suits, t.variant.suits.length, t.variant.clue_ranks.length),
      el('div', { class: 'moves' },
        el('button', { type: 'button', class: 'play', disabled: !mine, 'data-action': 'play', 'data-card': c.id, 'data-slot': i, onclick: () => act(t, { type: 'play', card: c.id }), text: 'Play' }),
        el('button', { type: 'button', class: 'discard', disabled: !canDiscard, 'data-action': 'discard', 'data-card': c.id, 'data-slot': i, onclick: () => act(t, { type: 'discard', card: c.id }), text: 'Discard' }))))));
}

function lobby(t) {
  const v = t.view;
  const free = v.seats.filter((s) => s.name === null).length;
  const rows = v.seats.map((s) => el('li', {}, el('span', { class: 'seat-no', text: `Seat ${s.seat + 1}` }),
    s.name === null ? el('span', { class: 'muted', text: 'free' }) : el('span', { text: s.name + (s.bot ? ` (bot: ${s.bot})` : '') + (s.seat === t.seat ? ' — you' : '') })));
  let joinForm = null;
  if (t.seat === null && free > 0) {
    const name = el('input', { id: 'join-name', placeholder: 'your name', maxlength: 64, value: localStorage.getItem('hanabi.name') || '' });
    joinForm = el('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); join(t, name.value.trim()); } },
      name, el('button', { type: 'submit', class: 'primary', id: 'join-game', text: 'Take a seat' }));
  }
  if (t.seat !== null && free > 0) {
    // For playing several seats from one browser: the new seat is this
    // tab's only, and the other tabs keep theirs.
    const name = el('input', { id: 'join-name', placeholder: 'name', maxlength: 64 });
    joinForm = el('details', { class: 'join-here' },
      el('summary', { text: 'Play another seat from this browser' }),
      el('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); join(t, name.value.trim(), true); } },
        name, el('button', { type: 'submit', id: 'join-here', text: 'Take a seat in this tab' })));
  }
  return el('div', { class: 'panel lobby' },
    el('h1', { text: `${t.variant.title} — waiting for ${free} more player${free === 1 ? '' : 's'}` }),
    el('p', { text: 'Send this link to the others; the game starts when every seat is taken.' }),
    shareBox(t), el('ul', { class: 'lobby-seats' }, rows), joinForm);
}

function resultBanner(t) {
  const r = t.view.result;
  if (!r) return null;
  const why = { perfect: 'a perfect game', deck_out: 'the deck ran out', storms: 'the last storm token was used' }[r.reason] || r.reason;
  return el('div', { class: 'result', id: 'result' },
    el('strong', { text: `Game over: ${r.score}/${t.view.max_score}` }), ` — ${r.rating} (${why}) `,
    el('button', { type: 'button', class: 'small', onclick: t.onNew, text: 'New game' }));
}

export function renderLog(t) {
  const list = t.app.querySelector('#log-list');
  if (!list || !t.view) return;
  const lines = t.events.map((ev) => el('li', { class: `ev ${ev.type}`, 'data-seq': ev.seq }, logLine(ev, (s) => nameOf(t, s), t.suits)));
  list.replaceChildren(...lines.reverse());
}

function render(t) {
  const v = t.view;
  if (!v || !t.variant) return;
  document.title = `Hanabi — ${t.variant.title}`;
  if (v.status === 'lobby' || v.status === 'cancelled') {
    t.app.replaceChildren(v.status === 'lobby' ? lobby(t) : el('div', { class: 'panel' }, el('h1', { text: 'This game was cancelled' }), el('a', { href: '/', text: 'Start a new game' })));
    return;
  }
  const n = v.seats.length;
  const me = t.seat !== null && t.seat < n ? t.seat : null;
  const order = [];
  for (let i = 1; i <= n; i++) order.push(((me ?? -1) + i + n) % n);
  const hands = new Map(v.hands.map((h) => [h.seat, h]));
  const others = order.filter((s) => s !== me).map((s) => otherHand(t, hands.get(s)));
  const turnText = v.status === 'finished' ? 'finished'
    : (me !== null && v.current_seat === me ? 'Your turn' : `${nameOf(t, v.current_seat)} to play`);
  const table = el('div', {
    class: 'table', id: 'table', 'data-status': v.status, 'data-version': v.version,
    'data-my-turn': myTurn(t) ? 'true' : 'false', 'data-seat': me ?? '',
  },
  el('div', { class: 'bar' },
    el('div', { class: 'title' }, el('strong', { text: t.variant.title }), el('span', { class: 'turn-no', text: ` · turn ${v.turn + 1} · ` }), el('span', { class: `whose ${me !== null && v.current_seat === me ? 'mine' : ''}`, text: turnText })),
    tokens(t), shareBox(t)),
  resultBanner(t),
  el('div', { class: 'board' },
    el('div', { class: 'others' }, others),
    el('div', { class: 'middle' }, fireworks(t), discards(t)),
    me !== null ? myHand(t, hands.get(me)) : el('p', { class: 'muted spectator', text: 'You are watching: nobody\'s cards are shown until the game ends.' })),
  el('aside', { class: 'log' }, el('h3', { text: 'Log' }), el('ol', { id: 'log-list', reversed: true })));
  t.app.replaceChildren(table);
  renderLog(t);
}


