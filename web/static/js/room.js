import { account, asPlayer } from './account.js';
import { pageTitle } from './announce.js';
import { ApiError, call, savedSecret } from './api.js';
import { board } from './board.js';
import { suitsOf } from './cards.js';
import { chatPanel } from './chat.js';
import { el, setStatus } from './dom.js';
import { retrier, sleep } from './live.js';
import { logLine, moveNumber } from './log.js';
import { friendly } from './messages.js';
import { nameAt, seatName } from './names.js';
import { eventsAt } from './replay.js';
import { hypoPanel, leaderTools, leading, markPointer, turnBar } from './room-controls.js';
import { moveOn, played } from './rematch.js';

// A shared replay room: a finished game replayed together. The server
// keeps the room (GET /rooms/{id}) and sends it whole on every change
// (its NDJSON stream): the turn its leader shows, the card pointed at, the
// hypothetical moves and the board they leave (view, every face shown,
// with the moves the seat to act may make: legal_moves). The page draws
// what it is sent with the table's own board and works out nothing of the
// game. A member who is not leading may browse the turns on their own (the
// game's past views, as the replay reads them) and come back to follow the
// leader. The game's chat goes on in the room.

// roomStyle loads the room's own look once, with the first room: the
// lobby and the table do without it.
function roomStyle() {
  if (document.getElementById('room-style')) return;
  document.head.append(el('link', { rel: 'stylesheet', id: 'room-style', href: new URL('../room.css', import.meta.url).href }));
}

// roomGone says why a room is not there: a room nobody has read for a day
// is closed (the server keeps it that long), its game's replay stays.
function roomGone(e) {
  if (e instanceof ApiError && e.status === 404) return 'This shared replay is closed: nobody had it open for a day. The game’s own replay stays, in its players’ histories.';
  return friendly(e);
}

export function openRoom(app, id) {
  roomStyle();
  const ctl = new AbortController();
  const r = { id, app, signal: ctl.signal, room: null, local: null, localView: null, views: new Map(), says: '', chatLast: 0, lastSeq: 0 };
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the shared replay…' }));
  start(r).catch((e) => {
    if (ctl.signal.aborted) return;
    app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This shared replay cannot be shown' }),
      el('p', { id: 'room-error', text: roomGone(e) }), el('a', { href: '/', text: 'Start a new game' })));
  });
  // The replay's keys: ←, →, Home and End move the turn the page shows:
  // the room's, for its leader; this member's own, while they browse.
  const onKey = (e) => {
    if (!r.room) return;
    const to = { ArrowLeft: shown(r).k - 1, ArrowRight: shown(r).k + 1, Home: 0, End: r.room.turns }[e.key];
    if (to === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest('input, select, textarea, dialog')) return;
    if (r.local !== null) r.browse(to);
    else if (leading(r)) r.act('PUT', '/turn', { turn: Math.max(0, Math.min(r.room.turns, to)) });
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => { ctl.abort(); document.removeEventListener('keydown', onKey); if (r.chat) r.chat.close(); setStatus(''); };
}

const same = (a, b) => String(a || '').toLowerCase() === String(b || '').toLowerCase();

async function start(r) {
  if (!account()) {
    const next = `/?room=${encodeURIComponent(r.id)}`;
    r.app.replaceChildren(el('div', { class: 'panel', id: 'room-signin' }, el('h1', { text: 'A shared replay' }),
      el('p', {}, el('a', { href: `/?signin&next=${encodeURIComponent(next)}`, 'data-nav': true, text: 'Sign in' }),
        ' to join it: its members watch a finished game together, turn by turn.')));
    return;
  }
  const path = `/rooms/${encodeURIComponent(r.id)}`;
  let room = await asPlayer('GET', path, { signal: r.signal });
  // Opening the room's link is joining it.
  if (!room.members.some((m) => same(m.name, account().name))) room = await asPlayer('POST', `${path}/members`, { signal: r.signal });
  const game = `/games/${encodeURIComponent(room.game_id)}`;
  const [end, list] = await Promise.all([asPlayer('GET', game, { signal: r.signal }), asPlayer('GET', `${game}/events?after=0`, { signal: r.signal })]);
  r.variant = await call('GET', `/variants/${encodeURIComponent(end.variant)}`, { signal: r.signal });
  r.suits = suitsOf(r.variant);
  // The notes are the end's (a view at a turn has none): everyone's.
  r.game = room.game_id;
  r.notes = end.notes;
  r.seats = end.seats;
  r.events = list.events;
  r.lastSeq = list.events.length ? list.events.at(-1).seq : 0;
  r.left = new Map(list.events.filter((e) => e.type === 'seat_left').map((e) => [e.seat, e]));
  document.title = pageTitle('Shared replay', r.variant.title);
  r.main = el('div', { class: 'room-main' });
  // The game's chat, sayable after the game: the panel speaks for the
  // signed-in player (no seat token).
  r.chat = chatPanel({ id: r.game, seat: null, token: null, secret: null, view: end, signal: r.signal });
  r.app.replaceChildren(el('div', { class: 'room shared-room' }, r.main, r.chat.el));
  r.act = (method, sub, body) => act(r, method, sub, body);
  r.browse = (k) => browse(r, k);
  r.follow = () => { r.local = null; draw(r); };
  r.say = (text) => { r.says = text; const s = r.app.querySelector('#room-says'); if (s) s.textContent = text; };
  // What the game teaches, beside it: a lost turn's mark moves the room
  // there for its leader, and this member alone for anyone else.
  import('./analysis.js').then((m) => {
    if (r.signal.aborted) return;
    r.analysis = m.followAnalysis(r.game, '', r.signal, () => { if (r.room) draw(r); });
    if (r.room) draw(r);
  }, () => {});
  setRoom(r, room);
  chatLoop(r);
  follow(r);
}

// setRoom shows a newer room; an older one (a stream that caught up after
// an answer) changes nothing.
function setRoom(r, room) {
  if (!room || (r.room && room.version <= r.room.version)) return;
  // Play again, while the room is open: every member goes to the new table.
  const moving = r.room && !r.room.next_game && room.next_game;
  r.room = room;
  // A member handed the lead while browsing alone leads from the room's turn.
  if (r.local !== null && leading(r)) r.local = null;
  draw(r);
  if (moving) moveOn(room.next_game, played({ seats: r.seats }, null), savedSecret(r.game));
}

// act is the leader's change to the room; the answer is the room after it.
async function act(r, method, sub, body) {
  try {
    setRoom(r, await asPlayer(method, `/rooms/${encodeURIComponent(r.id)}${sub}`, { body, signal: r.signal }));
    r.say('');
  } catch (e) {
    if (!r.signal.aborted) r.say(friendly(e));
  }
}

// browse shows turn k of the game to this member alone: the game's view
// after it, as the replay reads it (fetched once).
async function browse(r, k) {
  const want = Math.max(0, Math.min(r.room.turns, k));
  r.local = want;
  if (!r.views.has(want)) {
    const p = asPlayer('GET', `/games/${encodeURIComponent(r.game)}?turn=${want}`, { signal: r.signal });
    p.catch(() => r.views.delete(want));
    r.views.set(want, p);
  }
  try {
    const v = await r.views.get(want);
    if (r.local !== want) return;
    r.localView = { turn: want, view: v };
    draw(r);
  } catch (e) {
    if (!r.signal.aborted) r.say(friendly(e));
  }
}

// shown is what the page draws: the room's board while following, else the
// turn browsed alone (once its view is in).
function shown(r) {
  if (r.local !== null && r.localView && r.localView.turn === r.local) {
    return { k: r.local, view: r.localView.view, hypo: [], following: false };
  }
  return { k: r.room.turn, view: r.room.view, hypo: r.room.hypothetical, following: r.local === null };
}

function draw(r) {
  const s = shown(r);
  const focused = document.activeElement && document.activeElement.closest('[data-key]');
  const key = focused && r.main.contains(focused) ? focused.dataset.key : null;
  const past = eventsAt(r.events, s.k);
  const hypo = s.hypo.map((e) => ({ ...e, hypo: true }));
  const events = [...past, ...hypo];
  const name = (ev) => (seat) => (ev.hypo ? seatName(r.seats, seat) : nameAt(r.seats, seat, ev.seq, r.left.get(seat)));
  const t = { replay: true, view: { ...s.view, notes: r.notes }, variant: r.variant, suits: r.suits, seat: null, events };
  t.replayBar = turnBar(r, s, events.filter((e) => e.type !== 'game_over').at(-1), name);
  t.logEl = el('section', { class: 'log', tabindex: 0, 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: 'Log' }),
    el('ol', { id: 'log-list', reversed: true }, [...events].reverse().map((ev) => el('li', { class: `ev ${ev.type}${ev.hypo ? ' hypo' : ''}`, value: moveNumber(ev) },
      ev.hypo ? el('span', { class: 'badge', text: 'what if' }) : null, ev.hypo ? ' ' : null, logLine(ev, name(ev), r.suits, r.variant)))));
  const table = board(t);
  table.classList.add('replaying');
  table.dataset.step = String(s.k);
  const pointer = s.following ? markPointer(r, table, t.view) : null;
  r.main.replaceChildren(head(r, s, pointer), table, s.following && leading(r) ? hypoPanel(r, t.view) : null, r.analysis ? r.analysis.slot(s.k, (to) => goTo(r, to)) : null);
  if (key) r.main.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
}

// goTo shows turn k: the room's, for its leader while following; this
// member's own otherwise.
function goTo(r, k) {
  const to = Math.max(0, Math.min(r.room.turns, k));
  if (r.local === null && leading(r)) r.act('PUT', '/turn', { turn: to });
  else r.browse(to);
}

// head says whose room it is, who is in it, where it goes next, and gives
// the leader their tools.
function head(r, s, pointer) {
  const room = r.room;
  const names = room.members.map((m) => `${m.name}${m.bot ? ' (bot)' : ''}${m.leader ? ' (leading)' : ''}${same(m.name, account()?.name) ? ' — you' : ''}`);
  const link = `${location.origin}/?room=${encodeURIComponent(r.id)}`;
  const mine = leading(r);
  let next = null;
  if (room.next_game) {
    // The game's players are seated there; anyone else may watch.
    const player = played({ seats: r.seats }, null);
    next = el('p', { class: 'room-next', id: 'room-next', role: 'status' }, el('strong', { text: 'Play again: ' }),
      `the game’s players sit at a new deal. `,
      el('a', {
        class: 'button small primary', id: 'room-sit', href: `/?game=${encodeURIComponent(room.next_game)}`, 'data-key': 'sit',
        onclick: (e) => { e.preventDefault(); moveOn(room.next_game, player, savedSecret(r.game)); }, text: player ? 'Go to your seat there' : 'Watch it there',
      }));
  }
  return el('section', {
    class: 'panel room-head', id: 'shared-room', 'aria-labelledby': 'room-h', 'data-version': room.version, 'data-turn': s.k, 'data-room-turn': room.turn,
    'data-following': s.following ? 'true' : 'false', 'data-hypo': room.hypothetical.length, 'data-leader': room.leader || '',
  },
  el('h2', { id: 'room-h', text: 'Shared replay' }),
  el('p', { id: 'room-members' }, el('strong', { text: 'In the room' }), `: ${names.join(', ')}`),
  el('p', { class: 'muted', id: 'room-lead' }, mine ? 'You lead: everyone sees the turn you show, the card you point at and the moves you try.'
    : room.leader ? `${room.leader} leads: you see the turn they show${s.following ? '' : ' when you follow them again'}.` : 'Nobody leads the room now.'),
  pointer,
  room.hypothetical.length && s.following ? el('p', { class: 'room-line', id: 'room-hypo-line' }, el('strong', { text: 'What if' }),
    `: ${room.hypothetical.length} move${room.hypothetical.length === 1 ? '' : 's'} the game did not make, from move ${room.turn}.`) : null,
  next,
  el('p', { class: 'room-invite' }, 'Others join with this link: ', el('a', { href: link, id: 'room-link', 'data-nav': true, text: link })),
  mine ? leaderTools(r) : null,
  el('p', { class: 'room-says', id: 'room-says', role: 'status', text: r.says }),
  el('p', {}, el('a', { href: `/?replay=${encodeURIComponent(r.game)}`, id: 'room-replay', text: 'The replay, on your own' }), ' · ',
    el('button', { type: 'button', class: 'small', id: 'room-leave', 'data-key': 'leave', text: 'Leave the room', onclick: () => leaveRoom(r) })));
}

async function leaveRoom(r) {
  try {
    await asPlayer('DELETE', `/rooms/${encodeURIComponent(r.id)}/members/me`, { signal: r.signal });
    history.pushState(null, '', `/?replay=${encodeURIComponent(r.game)}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  } catch (e) {
    if (!r.signal.aborted) r.say(friendly(e));
  }
}

// follow reads the room's stream: the whole room at once, then again on
// every change. A stream that drops is opened again, soon at first.
async function follow(r) {
  const retry = retrier(10000);
  while (!r.signal.aborted) {
    try {
      const a = account();
      if (!a) return;
      const res = await fetch(`/v1/rooms/${encodeURIComponent(r.id)}/events/ndjson`, {
        headers: { Accept: 'application/x-ndjson', Authorization: `Bearer ${a.token}` }, signal: r.signal,
      });
      if (!res.ok) {
        let p = null;
        try { p = await res.json(); } catch { p = null; }
        throw new ApiError(res.status, p);
      }
      retry.ok();
      r.rejoined = false;
      setStatus('');
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) setRoom(r, JSON.parse(line));
        }
      }
    } catch (e) {
      if (r.signal.aborted) return;
      // Not a member any more: gone too long (a tab asleep leaves the
      // room after two minutes) or left in another tab. The page is open
      // on the room, which is being in it: join again, once.
      if (e instanceof ApiError && e.status === 403 && !r.rejoined) {
        r.rejoined = true;
        try {
          setRoom(r, await asPlayer('POST', `/rooms/${encodeURIComponent(r.id)}/members`, { signal: r.signal }));
          continue;
        } catch (j) {
          if (r.signal.aborted) return;
          e = j;
        }
      }
      if (e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404)) {
        r.say(roomGone(e));
        return;
      }
      setStatus('reconnecting…');
    }
    await sleep(retry.next(), r.signal);
  }
}

// chatLoop reads the game's chat: the lines after the last one the page
// has, long-polled (the game is over: no move comes among them).
async function chatLoop(r) {
  const retry = retrier(10000);
  while (!r.signal.aborted) {
    try {
      const res = await asPlayer('GET', `/games/${encodeURIComponent(r.game)}/events?after=${r.lastSeq}&chat_after=${r.chatLast}&wait=30s`, { signal: r.signal });
      for (const ev of res.events) {
        if (ev.type === 'chat') {
          r.chatLast = Math.max(r.chatLast, ev.line);
          r.chat.add(ev);
        } else {
          r.lastSeq = Math.max(r.lastSeq, ev.seq);
        }
      }
      if (res.chat_last !== null && res.chat_last !== undefined) r.chatLast = Math.max(r.chatLast, res.chat_last);
      retry.ok();
    } catch (e) {
      if (r.signal.aborted) return;
      await sleep(retry.next(), r.signal);
    }
  }
}
