import { pageTitle } from './announce.js';
import { call, savedSecret } from './api.js';
import { board, shareButton } from './board.js';
import { suitsOf } from './cards.js';
import { el, toast } from './dom.js';
import { logLine, moveNumber } from './log.js';
import { friendly } from './messages.js';
import { nameAt } from './names.js';
import { account, readAsPlayer } from './account.js';
import { chatPanel } from './chat.js';
import { retrier, sleep } from './live.js';

// The replay viewer: a finished game turn by turn, each turn the server's
// view of the game after it (GET /games/{id}?turn=K; once a game is over
// every face shows), drawn with the table's own board, its log from the
// game's events. During a game the same viewer rewinds the turns so far,
// read-only, each as this seat saw it then (the same request with its
// token). The page works out no state of its own: every step is the
// server's answer.

const MOVES = new Set(['play', 'play_face_down', 'discard', 'clue']);

// eventsAt are the events the view after turn k takes in: the moves before
// it, and what happened between moves (a seat left, the game ended) up to it.
export function eventsAt(events, k) {
  return events.filter((e) => (MOVES.has(e.type) ? e.turn < k : e.turn <= k));
}

// viewAt fetches the view after turn k once: a replay's turns never change
// (the server lets the browser keep them), a rewind's neither while it is open.
function viewAt(r, k) {
  if (!r.views.has(k)) {
    // A rewind reads as its seat or spectator (r.token); a replay as the
    // player signed in now, if any (see readAsPlayer).
    const path = `/games/${encodeURIComponent(r.id)}?turn=${k}${r.query || ''}`;
    const p = r.token ? call('GET', path, { token: r.token, signal: r.signal }) : readAsPlayer(path, { signal: r.signal });
    p.catch(() => r.views.delete(k));
    r.views.set(k, p);
  }
  return r.views.get(k);
}

// openRewind shows the turns of the running game t, read-only, until back()
// is called (by its own button, or by the caller).
export function openRewind(app, t, back) {
  const ctl = new AbortController();
  const r = {
    // A spectator rewinds as they watch: with their token, as the seat they shadow.
    id: t.id, token: t.readToken ? t.readToken() : t.token, query: t.readQuery ? t.readQuery() : '', seat: t.seat, n: t.view.turn, events: [...t.events], notes: t.view.notes, seats: t.view.seats,
    k: t.view.turn, playing: 0, views: new Map(), signal: ctl.signal,
    variant: t.variant, suits: t.suits, onNew: t.onNew, back,
  };
  const detach = attach(app, r);
  return () => { ctl.abort(); detach(); };
}

export function openReplay(app, id, { onNew }) {
  const ctl = new AbortController();
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the replay…' }));
  let detach = () => {};
  (async () => {
    const path = `/games/${encodeURIComponent(id)}`;
    // A private table's replay stays behind its secret: this browser's, if
    // it sat at the table or was invited.
    const secret = savedSecret(id);
    const query = secret ? `&secret=${encodeURIComponent(secret)}` : '';
    // With the player's token: a game on a deal the player plays now at
    // another table is refused them (it would show their own cards).
    const [end, list] = await Promise.all([readAsPlayer(secret ? `${path}?secret=${encodeURIComponent(secret)}` : path, { signal: ctl.signal }), readAsPlayer(`${path}/events?after=0${query}`, { signal: ctl.signal })]);
    if (end.status !== 'finished') throw Object.assign(new Error(end.status), { status: 409, gameStatus: end.status });
    const variant = await call('GET', `/variants/${encodeURIComponent(end.variant)}`, { signal: ctl.signal });
    // The notes are the end's: everyone's, with their writers.
    const r = {
      id, token: null, query, n: end.turn, events: list.events, notes: end.notes, seats: end.seats,
      k: 0, playing: 0, views: new Map([[end.turn, Promise.resolve(end)]]), signal: ctl.signal,
      variant, suits: suitsOf(variant), onNew,
    };
    document.title = pageTitle('Replay', variant.title);
    const laid = withChat(app, r);
    const off = attach(laid.main, r);
    // The analysis is read once the replay shows, and kept off the
    // table's page: its code loads only here.
    import('./analysis.js').then((m) => {
      if (ctl.signal.aborted) return;
      r.analysis = m.followAnalysis(id, query, ctl.signal, () => { if (!r.closed) show(laid.main, r, r.k); });
      show(laid.main, r, r.k);
    }, () => {});
    detach = () => { off(); laid.close(); };
  })().catch((e) => {
    // A game not finished yet, or one the server refuses (a deal the
    // player plays at another table: 409 deal_in_play).
    const unfinished = e.status === 409 && e.gameStatus;
    if (!ctl.signal.aborted) app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This replay cannot be shown' }), el('p', { id: 'replay-refused', text: unfinished ? notYet(e.gameStatus) : friendly(e) }),
      unfinished && e.gameStatus !== 'cancelled' ? el('p', {}, el('a', { href: `/?game=${encodeURIComponent(id)}`, id: 'to-table', text: 'Go to the table' })) : null,
      el('a', { href: '/', text: 'Start a new game' })));
  });
  return () => { ctl.abort(); detach(); };
}

// withChat lays the replay out beside the table's chat, which is kept with
// the game: the lines said so far, then each said after, long-polled until
// the replay closes. It answers where the board goes.
function withChat(app, r) {
  const main = el('div', { class: 'room-main' });
  const chat = chatPanel({ id: r.id, seat: null, token: null, secret: null, signal: r.signal });
  app.replaceChildren(el('div', { class: 'room' }, main, chat.el));
  (async () => {
    const retry = retrier(10000);
    let after = r.events.length ? r.events.at(-1).seq : 0;
    let line = 0;
    while (!r.signal.aborted) {
      try {
        // A signed-in reader reads as themselves: the players they muted stay muted.
        const a = account();
        const res = await call('GET', `/games/${encodeURIComponent(r.id)}/events?after=${after}&chat_after=${line}&wait=30s${r.query || ''}`, { token: a && a.token, signal: r.signal });
        for (const ev of res.events) {
          if (ev.type === 'chat') { line = Math.max(line, ev.line); chat.add(ev); } else after = Math.max(after, ev.seq);
        }
        if (res.chat_last !== null && res.chat_last !== undefined) line = Math.max(line, res.chat_last);
        retry.ok();
      } catch {
        if (r.signal.aborted) return;
        await sleep(retry.next(), r.signal);
      }
    }
  })();
  return { main, close: () => chat.close() };
}

// notYet says why a game that has not ended has no replay yet.
function notYet(status) {
  if (status === 'lobby') return 'This game has not started: it is waiting for players. Its replay opens once it has been played.';
  if (status === 'cancelled') return 'This game was cancelled before it started: there is nothing to replay.';
  return 'The game is still running: its replay opens when it ends.';
}

// attach shows r's current step and lets the keys move through the steps.
function attach(app, r) {
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest('dialog')) return;
    const to = { ArrowLeft: r.k - 1, ArrowRight: r.k + 1, Home: 0, End: r.n }[e.key];
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
  r.left = new Map(r.events.filter((e) => e.type === 'seat_left').map((e) => [e.seat, e]));
  show(app, r, r.k);
  return () => { stop(r); r.closed = true; document.removeEventListener('keydown', onKey); };
}

function stop(r) {
  clearInterval(r.playing);
  r.playing = 0;
}

function toggle(app, r) {
  if (r.playing) { stop(r); show(app, r, r.k); return; }
  if (r.k >= r.n) r.k = 0;
  r.playing = setInterval(() => {
    if (r.k >= r.n) { stop(r); show(app, r, r.k); return; }
    show(app, r, r.k + 1);
  }, 1000);
  show(app, r, r.k);
}

// show draws step k once the server's view of it is in; a step asked for
// meanwhile wins. The next step is fetched ahead, for stepping and playing.
async function show(app, r, k) {
  r.k = Math.max(0, Math.min(r.n, k));
  const want = r.k;
  let view;
  try {
    view = await viewAt(r, want);
  } catch (e) {
    if (!r.signal.aborted && !r.closed) toast(friendly(e));
    return;
  }
  if (r.closed || r.k !== want) return;
  draw(app, r, want, { ...view, notes: r.notes });
  if (want < r.n) viewAt(r, want + 1).catch(() => {});
}

function draw(app, r, k, view) {
  const n = r.n;
  const events = eventsAt(r.events, k);
  const focused = document.activeElement && document.activeElement.closest('[data-key]');
  const key = focused && app.contains(focused) ? focused.dataset.key : null;
  // A rewind is the seat's own view of the turns so far: its hand is its
  // own, and its notes its own.
  const t = { replay: true, view, variant: r.variant, suits: r.suits, seat: r.seat ?? null, events, onNew: r.onNew };
  const name = (ev) => (s) => nameAt(r.seats, s, ev.seq, r.left.get(s));
  const last = events.filter((e) => e.type !== 'game_over').at(-1);
  const slider = el('input', {
    type: 'range', min: 0, max: n, value: k, id: 'replay-turn', 'data-key': 'slider', 'aria-label': 'turn',
    'aria-valuetext': `after move ${k} of ${n}`, oninput: (e) => { stop(r); show(app, r, Number(e.target.value)); },
  });
  const btn = (bkey, label, aria, f) => el('button', { type: 'button', class: 'small', 'data-key': bkey, 'aria-label': aria, onclick: f, text: label });
  t.replayBar = el('div', { class: 'replay-bar', role: 'group', 'aria-label': 'replay' },
    btn('first', '«', 'first turn', () => { stop(r); show(app, r, 0); }),
    btn('back', '‹', 'one turn back', () => { stop(r); show(app, r, r.k - 1); }),
    btn('play', r.playing ? '❚❚ Pause' : '▶ Play', r.playing ? 'pause' : 'play', () => toggle(app, r)),
    btn('forward', '›', 'one turn forward', () => { stop(r); show(app, r, r.k + 1); }),
    btn('last', '»', 'last turn', () => { stop(r); show(app, r, n); }),
    slider,
    el('span', { class: 'replay-pos', id: 'replay-pos', text: `move ${k} of ${n}` }),
    el('span', { class: 'replay-move' }, last ? logLine(last, name(last), r.suits, r.variant) : 'the deal'),
    k === n && view.result ? el('strong', { id: 'replay-result', text: ` · final score ${view.result.score}/${view.max_score}` }) : null,
    r.back ? el('button', { type: 'button', class: 'small', id: 'rewind-back', 'data-key': 'back-live', onclick: r.back, text: 'Back to the live game' })
      : [el('a', { href: `/?game=${encodeURIComponent(r.id)}`, class: 'small', text: 'Back to the table' }), shareButton(r.id)]);
  t.logEl = el('section', { class: 'log', tabindex: 0, 'aria-labelledby': 'log-h' }, el('h2', { id: 'log-h', text: 'Log' }),
    el('ol', { id: 'log-list', reversed: true }, [...events].reverse().map((ev) => el('li', { class: `ev ${ev.type}${ev.auto ? ' auto' : ''}`, value: moveNumber(ev) }, logLine(ev, name(ev), r.suits, r.variant)))));
  app.replaceChildren(board(t), r.analysis ? r.analysis.slot(k, (to) => { stop(r); show(app, r, to); }) : null);
  const table = app.querySelector('#table');
  table.classList.add('replaying');
  table.dataset.step = String(k);
  if (key) app.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
}
