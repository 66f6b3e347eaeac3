import { account, asPlayer } from './account.js';
import { announce, beep, pageTitle, setSound, setTitle, soundOn } from './announce.js';
import { ApiError, call, forgetSeat, newKey, savedSecret, savedSeat, saveSecret, saveSeat, seatKept } from './api.js';
import { suitsOf } from './cards.js';
import { board, myTurn } from './board.js';
import { confirm, help } from './dialog.js';
import { el, setStatus, toast } from './dom.js';
import { retrier, sleep, streamEvents, waitState, watchQuery } from './live.js';
import { lobby } from './lobby.js';
import { nameAt } from './names.js';
import { logLine, moveNumber, plainLine } from './log.js';
import { openRewind } from './replay.js';
import { seedOf } from './seed.js';
import { friendly } from './messages.js';
import { installKeys } from './keys.js';
import { editNote, withNote } from './notes.js';
import { moveOn, played } from './rematch.js';

// openTable shows game id as this browser's seat (or the public) sees it and
// keeps it live until the returned function is called. secret is a private
// table's join secret, from the invite link.
export function openTable(app, id, { onNew, secret }) {
  const ctl = new AbortController();
  const t = {
    id, seat: null, token: null, view: null, variant: null, suits: null,
    events: [], lastSeq: 0, told: 0, busy: false, refreshing: null, wanted: 0, shown: 0, app, onNew, signal: ctl.signal,
    // A signed-in player who holds no seat here watches with their own
    // token (watching), which shows every hand where the table lets them,
    // or exactly one seat's view (shadow, its number).
    watching: false, shadow: null,
    chatLast: 0, // the last chat line read: the next read's chat_after
    // Events that pass no turn (a vote, a pause) are on the board once a
    // view fetched after they came in is: each event gets the count of
    // events come in so far (its stamp), a view the count when it was asked for.
    arrived: 0, viewStamp: 0,
    clueTarget: null, wasMyTurn: false, secret: secret || savedSecret(id), refused: null,
    written: new Map(), // card id → the text of a note this page wrote
    left: new Map(), // seat → its seat_left event
  };
  if (secret) saveSecret(id, secret);
  t.act = (a) => act(t, a);
  t.join = (name, tabOnly) => join(t, name, tabOnly);
  t.leave = () => leave(t);
  t.end = () => end(t);
  t.vote = (on) => vote(t, on);
  t.pause = (on) => pause(t, on);
  t.setShadow = (seat) => setShadow(t, seat);
  t.readToken = () => readToken(t);
  t.readQuery = () => readQuery(t);
  t.pickTarget = (seat) => { t.clueTarget = seat; render(t); };
  // A move armed by a first tap (taps.js); a tap anywhere but on a move
  // button lets it go.
  t.arm = (key) => { t.armed = key ? { key, version: t.view.version } : null; render(t); };
  const letGo = (e) => { if (t.armed && !(e.target.closest && e.target.closest('button[data-action]'))) t.arm(null); };
  document.addEventListener('click', letGo);
  t.namer = (ev) => namer(t, ev);
  t.controls = () => controls(t);
  // A note is no move: the game's version stays, so the answer's view is
  // shown as it is (setView keeps only newer versions), or, if a newer
  // view came in meanwhile, the note is put into that one.
  t.editNote = (card, what) => editNote(t, card, what, (game, note) => {
    if (!t.view || t.signal.aborted) return;
    t.written.set(note.card, note.text);
    t.view = ownNotes(t, game && game.version >= t.view.version ? game : t.view);
    render(t);
  });
  t.rewind = () => {
    const close = openRewind(t.main, t, () => { close(); t.rewinding = null; render(t); });
    t.rewinding = close;
  };
  t.logEl = el('section', { class: 'log', tabindex: 0, 'aria-labelledby': 'log-h', 'data-key': 'log' },
    el('h2', { id: 'log-h', text: 'Log' }), el('ol', { id: 'log-list', reversed: true }));
  const s = savedSeat(id);
  if (s) { t.seat = s.seat; t.token = s.token; }
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the table…' }));
  start(t).catch((e) => {
    if (t.signal.aborted) return;
    const says = refusedWatch(t, e);
    app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: says ? 'This table is not open to you' : 'This game cannot be shown' }),
      says ? el('p', { class: 'refused', id: 'join-refused', role: 'alert', text: says }) : el('p', { text: friendly(e) }),
      el('a', { href: '/', text: 'Start a new game' })));
  });
  const clock = setInterval(() => tick(t), 250);
  const unkeys = installKeys(t);
  return () => {
    ctl.abort(); clearInterval(clock); unkeys(); document.removeEventListener('click', letGo);
    if (t.rewinding) t.rewinding();
    if (t.chat) t.chat.close();
    setTitle('Hanabi', false);
  };
}

// readToken is the token the page reads the table with: its seat's, else
// the signed-in spectator's own, else none (the public's view).
function readToken(t) {
  if (t.token) return t.token;
  const a = t.watching ? account() : null;
  return a ? a.token : null;
}

// readQuery is what every read of the table adds: for a reader with no
// seat, a private table's secret and the seat it shadows.
function readQuery(t) {
  return watchQuery(!!t.token, t.secret, readToken(t) ? t.shadow : null);
}

async function loadView(t) {
  const get = () => call('GET', `/games/${encodeURIComponent(t.id)}?${readQuery(t).slice(1)}`, { token: readToken(t), signal: t.signal });
  try {
    return await get();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // A token that stopped working (the seat was left, or it expired) is
    // dropped: the page goes on as a spectator.
    if (t.token && (e.status === 401 || e.status === 403)) {
      dropSeat(t);
      return get();
    }
    // A spectator whose sign-in ended watches as the public.
    if (!t.token && t.watching && e.status === 401) {
      t.watching = false;
      t.shadow = null;
      return get();
    }
    throw e;
  }
}

function dropSeat(t) {
  forgetSeat(t.id);
  t.written.clear();
  t.seat = null;
  t.token = null;
}

// claimSeat gives a signed-in player who holds a seat at the table, but
// not in this browser (another device, a cleared browser), a fresh token
// of their seat. A player with no seat here watches: it answers the view
// it read, a spectator's (every hand, where the table lets spectators see
// them), and every later read of the page goes with the same token
// (readToken), so that the table stays the one it showed first.
async function claimSeat(t) {
  try {
    const v = await asPlayer('GET', `/games/${encodeURIComponent(t.id)}?${watchQuery(false, t.secret).slice(1)}`, { signal: t.signal });
    if (v.you === null || v.you === undefined) {
      t.watching = true;
      return v;
    }
    if (!['lobby', 'active'].includes(v.status)) return null;
    const res = await asPlayer('POST', `/games/${encodeURIComponent(t.id)}/seats/${v.you}/token`, { signal: t.signal });
    saveSeat(t.id, res.seat, res.token, { player: account()?.name });
    t.seat = res.seat;
    t.token = res.token;
  } catch (e) {
    // A game on the deal the player plays elsewhere is not shown at all:
    // read without the token, it would show the player's own cards.
    if (t.signal.aborted || e.code === 'deal_in_play') throw e;
  }
  return null;
}

async function start(t) {
  const seen = !t.token && account() ? await claimSeat(t) : null;
  t.view = seen || await loadView(t);
  // Which seat the kept token holds is the server's word (the view's
  // "you"): every later view is drawn only if it is that seat's.
  if (t.token && (t.view.you ?? null) !== t.seat) t.seat = t.view.you ?? null;
  // A rematch opened before the page was is a link on it; one opened
  // while it shows takes the page there (nextGame).
  t.openedNext = t.view.next_game;
  t.variant = await call('GET', `/variants/${encodeURIComponent(t.view.variant)}`, { signal: t.signal });
  t.suits = suitsOf(t.variant);
  t.startTurn = t.view.turn;
  // The room: the table, redrawn on every change, and beside it the chat,
  // which is never redrawn (what is being typed stays). The chat's module
  // loads with the first table: the lobby does without it.
  const { chatPanel } = await import('./chat.js');
  if (t.signal.aborted) return;
  t.main = el('div', { class: 'room-main' });
  t.chat = t.view.status === 'cancelled' ? null : chatPanel(t);
  t.app.replaceChildren(el('div', { class: 'room' }, t.main, t.chat ? t.chat.el : null));
  render(t);
  if (t.chat) chatLoop(t);
  watchersLoop(t);
  await live(t);
}

// setView shows a newer view; the same version again changes nothing on
// screen, so the table is not redrawn under the player's pointer.
function setView(t, v) {
  if (!v || (t.view && v.version <= t.view.version)) return;
  // A view asked for as another seat, or as the public, than the one this
  // page now holds (a wait that began before the seat was taken) is not
  // this seat's table: its cards and moves would be someone else's. A
  // shadow's view is the shadowed seat's.
  if ((v.you ?? null) !== (t.seat ?? t.shadow)) return;
  if (v.next_game) nextGame(t, v.next_game);
  if (t.view && t.view.status !== v.status && t.chatWait) t.chatWait();
  t.view = ownNotes(t, v);
  if (v.join_secret && v.join_secret !== t.secret) {
    t.secret = v.join_secret;
    saveSecret(t.id, v.join_secret);
  }
  render(t);
}

// ownNotes puts the notes this page wrote into a view: one fetched while a
// note was on its way would show the card without it until the next move.
// Only this seat writes its notes, so what it wrote is what the server holds.
function ownNotes(t, v) {
  if (t.seat === null || v.status !== 'active') return v;
  for (const [card, text] of t.written) v = withNote(v, t.seat, card, text);
  return v;
}

// MOVES are the events that pass a turn.
const MOVES = new Set(['play', 'play_face_down', 'discard', 'clue']);

// covers says whether t's view v shows what event ev did: a move's turn is
// behind it, a game that ended is over. Other events (a seat left, a vote,
// a pause) pass no turn: a view asked for after they came in shows them.
function covers(t, v, ev) {
  if (!ev) return true;
  if (ev.type === 'game_over') return v.status !== 'active';
  if (v.status !== 'active') return true;
  if (MOVES.has(ev.type)) return v.turn > ev.turn;
  return t.viewStamp >= (ev.stamp || 0);
}

// stamped is a view asked for when the events so far had come in (stamp):
// once shown, it covers them (see covers).
function stamped(t, stamp, v) {
  if (v && (v.you ?? null) === (t.seat ?? t.shadow) && (!t.view || v.version >= t.view.version)) t.viewStamp = Math.max(t.viewStamp, stamp);
  return v;
}

// refresh fetches the view again after an event, until the board shows the
// newest event the stream brought: a fetch that fails (or answers a view
// older than the stream, from a replica that has not heard of the move yet)
// is tried again, soon at first, then less and less often. Events that
// arrive while a fetch runs are covered by one more fetch, not one each.
// It answers once the board is caught up (or the table is closed).
function refresh(t) {
  t.wanted += 1;
  if (!t.refreshing) t.refreshing = catchUp(t).finally(() => { t.refreshing = null; });
  return t.refreshing;
}

async function catchUp(t) {
  const retry = retrier(5000);
  while (!t.signal.aborted && t.shown < t.wanted) {
    const want = t.wanted;
    try {
      const stamp = t.arrived;
      setView(t, stamped(t, stamp, await loadView(t)));
      // The same version again is not redrawn, but may cover events that
      // pass no turn, which the log then tells.
      logged(t);
      if (covers(t, t.view, t.events.at(-1))) {
        t.shown = want;
        retry.ok();
        if (t.failedRefresh) { t.failedRefresh = false; setStatus(''); }
        continue;
      }
      // Events came in while the view was asked for: ask again at once.
      if (t.arrived > stamp) continue;
    } catch (e) {
      if (t.signal.aborted) return;
      t.failedRefresh = true;
      setStatus(`reconnecting… (${friendly(e)})`);
    }
    await sleep(retry.next(), t.signal);
  }
}

async function live(t) {
  const retry = retrier(10000);
  let broken = false;
  while (!t.signal.aborted) {
    try {
      if (t.view.status === 'lobby') {
        const view = await lobbyWait(t);
        if (view === undefined) continue; // the seat changed: ask again as the seat now held
        if (view && t.watching && t.seat === null && view.you !== null && view.you !== undefined) {
          // The player sat down here from another device: the server
          // answers their seat's view, which this page takes the token of
          // and plays, instead of asking again for ever as a spectator.
          await claimSeat(t);
          if (t.seat !== null) t.watching = false;
        }
        setView(t, view);
        retry.ok();
        if (!t.failedRefresh) setStatus('');
      } else if (t.view.status === 'cancelled') {
        return;
      } else {
        // The stream is back: whatever was missed comes first, then live;
        // and the board is fetched again, in case the stream missed nothing
        // but a refresh failed while it was away.
        const opened = () => {
          retry.ok();
          if (!t.failedRefresh) setStatus('');
          if (broken) { broken = false; refresh(t); }
        };
        const over = await follow(t, opened);
        if (over === undefined) continue; // the reader changed: ask again as it reads now
        if (over) {
          await refresh(t);
          return;
        }
      }
    } catch (e) {
      if (t.signal.aborted) return;
      if (e instanceof ApiError && (e.status === 401 || e.status === 403) && t.token) {
        dropSeat(t);
        await refresh(t);
        continue;
      }
      if (e instanceof ApiError && e.status === 401 && t.watching) {
        // The spectator's sign-in ended: the public's view from now on.
        t.watching = false;
        t.shadow = null;
        const v = await loadView(t);
        t.view = null;
        setView(t, v);
        continue;
      }
      broken = true;
      setStatus('reconnecting…');
      await sleep(retry.next(), t.signal);
    }
  }
}

// follow reads the game's events, and its chat lines among them, as the
// page reads the table now, until the stream ends: it answers whether the
// game is over, or undefined when the reader changed meanwhile (t.rewait:
// a seat taken or left, a seat shadowed), which ends the stream.
async function follow(t, opened) {
  let over = false;
  const ctl = new AbortController();
  const stop = () => ctl.abort();
  t.signal.addEventListener('abort', stop, { once: true });
  t.rewait = stop;
  try {
    await streamEvents(t.id, readToken(t), t.lastSeq, ctl.signal, (ev) => {
      if (ev.type === 'chat') {
        // A line comes after the game's event it names: it is no event of
        // the game's, and has a cursor of its own.
        t.chatLast = Math.max(t.chatLast, ev.line);
        if (t.chat) t.chat.add(ev);
        return;
      }
      if (ev.seq <= t.lastSeq) return;
      t.lastSeq = ev.seq;
      if (ev.type === 'next_game') { nextGame(t, ev.game); return; }
      ev.stamp = ++t.arrived;
      t.events.push(ev);
      if (ev.type === 'game_over') over = true;
      // A seat left: the lines before it name its player, whom the
      // seats now call a bot; they are written again.
      if (ev.type === 'seat_left') { t.left.set(ev.seat, ev); t.logStale = true; }
      refresh(t);
      logged(t);
    }, opened, `${readQuery(t)}&chat_after=${t.chatLast}`);
    return over;
  } catch (e) {
    if (ctl.signal.aborted && !t.signal.aborted) return undefined;
    throw e;
  } finally {
    t.signal.removeEventListener('abort', stop);
    if (t.rewait === stop) t.rewait = null;
  }
}

// chatLoop reads the chat while no stream brings it (the table waits for
// its players, or the game is over): the game's events after the last one
// the page has, with the lines after its last line, long-polled.
async function chatLoop(t) {
  const retry = retrier(10000);
  let after = t.lastSeq;
  while (!t.signal.aborted) {
    const status = t.view && t.view.status;
    if (status === 'cancelled') return;
    if (status === 'active') {
      // The stream brings the lines while the game runs.
      await sleep(1000, t.signal);
      after = t.lastSeq;
      continue;
    }
    after = Math.max(after, t.lastSeq);
    // The wait ends when the game starts (setView): from then on the
    // stream brings the lines, and the page holds one request, not two.
    const ctl = new AbortController();
    const stop = () => ctl.abort();
    t.signal.addEventListener('abort', stop, { once: true });
    t.chatWait = stop;
    try {
      const res = await call('GET', `/games/${encodeURIComponent(t.id)}/events?after=${after}&chat_after=${t.chatLast}&wait=30s${readQuery(t)}`,
        { token: readToken(t), signal: ctl.signal });
      for (const ev of res.events) {
        if (ev.type === 'chat') {
          t.chatLast = Math.max(t.chatLast, ev.line);
          if (t.chat) t.chat.add(ev);
        } else {
          after = Math.max(after, ev.seq); // the game began meanwhile: the stream will tell it
          if (ev.type === 'next_game') nextGame(t, ev.game);
        }
      }
      if (res.chat_last !== null && res.chat_last !== undefined) t.chatLast = Math.max(t.chatLast, res.chat_last);
      retry.ok();
    } catch (e) {
      if (t.signal.aborted) return;
      if (!ctl.signal.aborted) await sleep(retry.next(), t.signal);
    } finally {
      t.signal.removeEventListener('abort', stop);
      if (t.chatWait === stop) t.chatWait = null;
    }
  }
}

// How often the page asks who watches a running table: a seat every 10 s,
// a spectator (of whom there may be thousands) every 30 s; the server
// counts a spectator for a minute after their last read.
const WATCHERS_EVERY = { seat: 10000, spectator: 30000 };

// watchersLoop keeps t.watchers, the signed-in spectators who watch the
// running table now (GET /games/{id}/watchers), and redraws the table
// when they change; a page in a hidden tab does not ask. A player who
// read the table before taking a seat there is counted a while longer:
// the table's seated players are left out.
async function watchersLoop(t) {
  let shown = '';
  while (!t.signal.aborted) {
    const status = t.view && t.view.status;
    if (status === 'finished' || status === 'cancelled') {
      if (t.watchers && t.watchers.length) { t.watchers = []; render(t); }
      return;
    }
    if (status === 'active' && !document.hidden) {
      try {
        const q = watchQuery(!!t.token, t.secret).replace(/^&/, '?');
        const res = await call('GET', `/games/${encodeURIComponent(t.id)}/watchers${q}`, { token: readToken(t), signal: t.signal });
        const seated = new Set(t.view.seats.filter((x) => x.player && x.name).map((x) => x.name.toLowerCase()));
        const watchers = res.watchers.filter((w) => !seated.has(w.name.toLowerCase()));
        const key = JSON.stringify(watchers);
        if (key !== shown) {
          shown = key;
          t.watchers = watchers;
          render(t);
        }
      } catch (e) {
        if (t.signal.aborted) return;
        // Who watches is a courtesy: a server that does not tell it, or
        // not to this reader, is not asked again; a failure of the
        // network is tried again at the next turn.
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429) return;
      }
    }
    await sleep(status !== 'active' ? 1000 : t.token ? WATCHERS_EVERY.seat : WATCHERS_EVERY.spectator, t.signal);
  }
}

// lobbyWait waits for the lobby to change, asking as the seat the page
// holds now; a seat taken or given up meanwhile (t.rewait) ends the wait,
// which then answers undefined, so that the next one carries the new token.
async function lobbyWait(t) {
  const ctl = new AbortController();
  const stop = () => ctl.abort();
  t.signal.addEventListener('abort', stop, { once: true });
  t.rewait = stop;
  try {
    return await waitState(t.id, readToken(t), t.view.version, ctl.signal, readQuery(t));
  } catch (e) {
    if (ctl.signal.aborted && !t.signal.aborted) return undefined;
    throw e;
  } finally {
    t.signal.removeEventListener('abort', stop);
    if (t.rewait === stop) t.rewait = null;
  }
}

async function act(t, action) {
  if (t.busy) return;
  t.busy = true;
  t.armed = null;
  render(t);
  try {
    const stamp = t.arrived;
    const res = await call('POST', `/games/${encodeURIComponent(t.id)}/actions`, {
      token: t.token, body: { ...action, version: t.view.version }, headers: { 'Idempotency-Key': newKey() },
    });
    t.busy = false;
    if (res.game.version > t.view.version) setView(t, stamped(t, stamp, res.game));
    else render(t);
  } catch (e) {
    t.busy = false;
    toast(friendly(e));
    render(t);
    await refresh(t);
  }
}

// nextGame takes the page to the finished game's rematch, next, once one
// of its players opened it while the page showed the table.
function nextGame(t, next) {
  if (t.movedOn || t.signal.aborted || next === t.openedNext) return;
  t.movedOn = true;
  moveOn(next, played(t.view, t.seat), t.secret);
}

// privateRefusal says why a private table refused this browser, which
// brought secret (or none), and forgets a secret that does not open it.
function privateRefusal(t, forget = true) {
  if (t.secret && forget) saveSecret(t.id, null);
  return t.secret
    ? 'This link’s secret does not open this private table (it may be mistyped, or from another table). Ask the host to send the invite link again.'
    : 'This table is private: only its invite link lets you take a seat. Ask the host to send it to you.';
}

// refusedWatch says why the server refused this browser the table's view,
// when it is the table's choice (private, or closed to spectators while it
// runs); null for any other failure.
function refusedWatch(t, e) {
  if (!(e instanceof ApiError) || e.status !== 403 || t.token) return null;
  if (e.code === 'spectators_closed') return 'This table is closed to spectators while it runs: only its players see it until it ends.';
  return privateRefusal(t);
}

async function join(t, name, tabOnly = false) {
  // A signed-in player's seat takes their account's name; another seat
  // taken in this tab is a guest's.
  const player = tabOnly ? null : account();
  try {
    // A nameless seat gets a readable one: "Player 2", not the server's own.
    const free = t.view.seats.find((s) => s.name === null);
    const body = player ? {} : { name: name || (free ? `Player ${free.seat + 1}` : '') };
    // A secret longer than any the server gives is wrong all the same: the
    // server then says so (403), not that the request is malformed.
    if (t.secret) body.secret = t.secret.slice(0, 64);
    const path = `/games/${encodeURIComponent(t.id)}/seats`;
    const res = player ? await asPlayer('POST', path, { body }) : await call('POST', path, { body });
    if (name && !tabOnly && !player) localStorage.setItem('hanabi.name', name);
    saveSeat(t.id, res.seat, res.token, { tabOnly, player: player && player.name });
    t.seat = res.seat;
    t.token = res.token;
    if (t.rewait) t.rewait();
    t.view = null;
    setView(t, res.game);
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) {
      // Only a private table refuses a join: its link had no secret, or not its own.
      t.refused = privateRefusal(t, !tabOnly);
      render(t);
      return;
    }
    toast(friendly(e));
    await refresh(t);
  }
}

async function leave(t) {
  const active = t.view.status === 'active';
  const ok = await confirm('Leave your seat?', active
    ? 'A bot plays your cards for the rest of the game, and this browser only watches.'
    : 'Your seat is free again for someone else.', 'Leave seat');
  if (!ok) return;
  // The seat is given up here first: the stream that the server ends when
  // the token stops working comes back as a spectator's, never with it.
  const { seat, token } = t;
  const kept = seatKept(t.id);
  dropSeat(t);
  if (t.rewait) t.rewait();
  try {
    await call('DELETE', `/games/${encodeURIComponent(t.id)}/seats/${seat}`, { token });
    t.view = null;
    setView(t, await loadView(t));
  } catch (e) {
    saveSeat(t.id, seat, token, kept); // where it was, as whose
    t.seat = seat;
    t.token = token;
    toast(friendly(e));
  }
}

async function end(t) {
  const ok = await confirm('End the game for everyone?', 'The game stops now and scores 0. Nobody can undo this.', 'End game');
  if (!ok) return;
  try {
    const res = await call('POST', `/games/${encodeURIComponent(t.id)}/terminate`, { token: t.token });
    setView(t, res.game);
  } catch (e) {
    toast(friendly(e));
  }
}

// vote casts this seat's vote to end the game (on), or takes it back. The
// vote that makes the number the view asks for (votes_to_end) ends the
// game at once: the page asks first.
async function vote(t, on) {
  const v = t.view;
  if (on && (v.votes || []).length + 1 >= v.votes_to_end) {
    const ok = await confirm('End the game for everyone?', 'Yours is the last vote needed: the game ends now and scores 0.', 'Vote to end');
    if (!ok) return;
  }
  await change(t, on ? 'PUT' : 'DELETE', 'votes/end');
}

// pause stops a timed game's clock (on), or starts it again.
function pause(t, on) {
  return change(t, 'POST', on ? 'pause' : 'resume');
}

// change asks the server for one of the seat's changes about the table
// (a vote, a pause), and shows the view it answers.
async function change(t, method, what) {
  if (t.busy) return;
  t.busy = true;
  render(t);
  try {
    const stamp = t.arrived;
    const res = await call(method, `/games/${encodeURIComponent(t.id)}/${what}`, { token: t.token });
    t.busy = false;
    setView(t, stamped(t, stamp, res.game));
    render(t);
  } catch (e) {
    t.busy = false;
    toast(friendly(e));
    render(t);
    await refresh(t);
  }
}

// setShadow shows a signed-in spectator exactly what seat sees (null:
// every hand again): its view, and the game's events as that seat reads
// them, from the first.
async function setShadow(t, seat) {
  if (t.token || seat === t.shadow) return;
  const before = t.shadow;
  t.shadow = seat;
  try {
    const v = await loadView(t);
    if (t.shadow !== seat) return; // another choice came meanwhile
    t.view = null;
    t.events = [];
    t.lastSeq = 0;
    t.left = new Map();
    t.logStale = true;
    t.logged = 0;
    setView(t, v);
    if (t.rewait) t.rewait(); // the stream starts again as the shadow reads
  } catch (e) {
    if (t.signal.aborted) return;
    t.shadow = before;
    toast(friendly(e));
    render(t);
  }
}

function controls(t) {
  // Only a seat has turns to be called to; a spectator is offered no sound.
  const seated = t.seat !== null && t.view.status === 'active';
  const sound = seated ? el('input', { type: 'checkbox', id: 'sound', checked: soundOn(), onchange: (e) => setSound(e.target.checked) }) : null;
  return [
    sound ? el('label', { class: 'sound' }, sound, ' Sound on my turn') : null,
    el('button', { type: 'button', class: 'small', id: 'help-button', 'data-key': 'help', 'aria-keyshortcuts': '?', onclick: help, text: 'Keys (?)' }),
    // Turns to rewind: the view says so, before the stream has brought them.
    t.view.status === 'active' && t.view.turn > 0
      ? el('button', { type: 'button', class: 'small', id: 'rewind', 'data-key': 'rewind', onclick: t.rewind, text: 'Rewind' }) : null,
  ];
}

// tick counts the turn clock down on the seat to act.
function tick(t) {
  for (const c of t.app.querySelectorAll('.clock[data-deadline]')) {
    const left = Math.max(0, Math.ceil((Date.parse(c.dataset.deadline) - Date.now()) / 1000));
    const txt = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`;
    if (c.textContent !== txt) c.textContent = txt;
    c.classList.toggle('urgent', left <= 10);
  }
}

// findSeed looks up, once, the seed of the finished game, for the result's
// link to the other scores on it.
function findSeed(t) {
  t.seed = null;
  seedOf(t.view, t.signal).then((seed) => {
    t.seed = seed;
    render(t);
  }, () => {});
}

// namer names the seats as event ev saw them (see nameAt).
const namer = (t, ev) => (s) => nameAt(t.view.seats, s, ev.seq, t.left.get(s));

// renderLog writes the events the board shows into the log, and reads out
// those that happened since the page opened. An event the board does not
// show yet (its view is still on its way, or the network is gone) waits:
// the log never tells a move the table does not show.
function renderLog(t) {
  const list = t.logEl.querySelector('#log-list');
  if (!t.view || !t.suits) return;
  if (t.logStale) { list.replaceChildren(); t.logStale = false; }
  const have = list.children.length;
  let upTo = have;
  while (upTo < t.events.length && covers(t, t.view, t.events[upTo])) upTo++;
  t.logged = upTo; // the board marks the last of these as the last move
  // Only new lines are added (newest on top), so the list keeps its scroll.
  for (const ev of t.events.slice(have, upTo)) {
    const li = el('li', { class: `ev ${ev.type}${ev.auto ? ' auto' : ''}`, value: moveNumber(ev), 'data-seq': ev.seq }, logLine(ev, namer(t, ev), t.suits, t.variant));
    list.prepend(li);
    if (ev.turn >= t.startTurn && ev.seq > t.told) {
      t.told = ev.seq;
      announce(plainLine(ev, namer(t, ev), t.suits, t.variant));
    }
  }
}

// logged writes the events the board shows into the log (renderLog); when
// that tells a move the board does not mark as the last yet (the view came
// before its events), the board is drawn again, once for a burst of events.
function logged(t) {
  const had = t.logged;
  renderLog(t);
  if (t.logged === had || t.redrawing) return;
  t.redrawing = true;
  queueMicrotask(() => { t.redrawing = false; render(t); });
}

// render draws the table again; the focused control and the log's scroll
// survive the redraw.
function render(t) {
  const v = t.view;
  if (!v || !t.variant) return;
  if (v.status === 'finished' && t.seed === undefined) findSeed(t);
  // The chat is not redrawn: its focus stays as it is.
  const focused = document.activeElement && document.activeElement.closest('[data-key]');
  const key = focused && t.main.contains(focused) ? focused.dataset.key : null;
  if (t.chat) t.chat.update();
  renderLog(t); // the move is read out before whose turn it is now
  // Read after the new lines went in: the browser's scroll anchoring has
  // kept the lines in view where they were.
  const scroll = t.logEl.scrollTop;
  const mine = myTurn(t);
  setTitle(pageTitle(t.variant.title), mine);
  if (mine && !t.wasMyTurn) { announce('Your turn.'); beep(); }
  t.wasMyTurn = mine;
  if (t.rewinding) return; // the rewind has the screen; back to live redraws
  if (v.status === 'lobby' || v.status === 'cancelled') {
    t.main.replaceChildren(v.status === 'lobby' ? lobby(t) : el('div', { class: 'panel' }, el('h1', { text: 'This game was cancelled' }), el('a', { href: '/', text: 'Start a new game' })));
    if (v.status === 'cancelled' && t.chat) t.chat.el.hidden = true;
    return;
  }
  if (t.clueTarget === null && v.seats.length > 1) t.clueTarget = t.seat === null ? null : (t.seat + 1) % v.seats.length;
  t.main.replaceChildren(board(t));
  t.logEl.scrollTop = scroll;
  if (key) {
    const again = t.app.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  tick(t);
}
