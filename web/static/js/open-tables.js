import { call, savedSecret } from './api.js';
import { el } from './dom.js';
import { friendly } from './messages.js';
import { seatName } from './names.js';

// lock is a padlock drawn in SVG (no font needs to have the glyph).
function lock() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const shackle = document.createElementNS(ns, 'path');
  shackle.setAttribute('d', 'M4.5 7V5a3.5 3.5 0 0 1 7 0v2');
  shackle.setAttribute('fill', 'none');
  shackle.setAttribute('stroke', 'currentColor');
  shackle.setAttribute('stroke-width', '1.8');
  const body = document.createElementNS(ns, 'rect');
  body.setAttribute('x', '2.5');
  body.setAttribute('y', '7');
  body.setAttribute('width', '11');
  body.setAttribute('height', '8');
  body.setAttribute('rx', '1.5');
  body.setAttribute('fill', 'currentColor');
  svg.append(shackle, body);
  return svg;
}

// EVERY is how often the list asks again while it is on screen; a page in
// a hidden tab does not ask at all until it is shown again.
const EVERY = 5000;

// openTables lists the games waiting for players (GET /games?status=lobby),
// from the summaries alone: each with its host, variant (by its title),
// players and free seats, and a Join link, which a private table offers
// only where this browser knows its join secret. The list keeps itself up
// to date until signal aborts. titles maps variant names to titles; the
// names it lacks are looked up once each.
export function openTables(go, { titles = new Map(), signal } = {}) {
  const list = el('ul', { class: 'open-tables', id: 'open-tables' }, el('li', { class: 'muted', text: 'Looking for open tables…' }));
  const section = el('section', { class: 'panel', 'aria-labelledby': 'open-h' },
    el('h2', { id: 'open-h', text: 'Open tables' }), list);
  keepListed(list, titles, signal, {
    query: '/games?status=lobby&limit=20',
    keep: (g) => g.status === 'lobby' && g.free_seats > 0,
    key: (g) => [g.id, g.name, g.variant, g.players, g.free_seats, g.private],
    row: (g, title) => row(g, title, go),
    none: 'No table is waiting for players right now: create one above.',
  });
  return section;
}

// runningTables lists the games being played (GET /games?status=active),
// each with a Watch link: a private table's only where this browser knows
// its secret. A table closed to spectators says so once opened (the list
// does not know which are). It keeps itself up to date as openTables does.
export function runningTables(go, { titles = new Map(), signal } = {}) {
  const list = el('ul', { class: 'running-tables', id: 'running-tables' }, el('li', { class: 'muted', text: 'Looking for games being played…' }));
  const section = el('section', { class: 'panel', 'aria-labelledby': 'running-h' },
    el('h2', { id: 'running-h', text: 'Games being played' }), list);
  keepListed(list, titles, signal, {
    query: '/games?status=active&limit=20',
    keep: (g) => g.status === 'active',
    key: (g) => [g.id, g.name, g.variant, g.players, g.private],
    row: (g, title) => watchRow(g, title, go),
    none: 'Nobody is playing right now.',
  });
  return section;
}

// keepListed fills list with the games o.query finds that o.keep keeps,
// each drawn by o.row, and asks again every few seconds while the page
// shows it, until signal aborts; titles maps variant names to titles; the
// names it lacks are looked up once each.
function keepListed(list, titles, signal, o) {
  const titleOf = async (name) => {
    if (!titles.has(name)) {
      try {
        titles.set(name, (await call('GET', `/variants/${encodeURIComponent(name)}`, { signal })).title);
      } catch (e) {
        if (signal && signal.aborted) throw e;
        titles.set(name, name); // a variant the server no longer has: its name will do
      }
    }
    return titles.get(name);
  };
  let shown = null;
  const load = async () => {
    const page = await call('GET', o.query, { signal });
    const games = page.games.filter(o.keep);
    await Promise.all([...new Set(games.map((g) => g.variant))].map(titleOf));
    const key = JSON.stringify(games.map(o.key));
    if (key === shown) return; // unchanged: nothing is redrawn under the pointer
    shown = key;
    const active = document.activeElement && document.activeElement.closest && document.activeElement.closest('li[data-game]');
    const focused = active && list.contains(active) ? active : null;
    list.replaceChildren(...(games.length ? games.map((g) => o.row(g, titles.get(g.variant)))
      : [el('li', { class: 'muted', text: o.none })]));
    if (focused) list.querySelector(`li[data-game="${CSS.escape(focused.dataset.game)}"] a`)?.focus({ preventScroll: true });
  };
  (async () => {
    while (!(signal && signal.aborted)) {
      try {
        await load();
      } catch (e) {
        if (signal && signal.aborted) return;
        if (shown === null) list.replaceChildren(el('li', { class: 'muted', text: friendly(e) }));
      }
      await pause(EVERY, signal);
    }
  })();
}

// pause waits ms, and then for as long as the page is hidden.
function pause(ms, signal) {
  return new Promise((resolve) => {
    let timer = 0;
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
      if (signal) signal.removeEventListener('abort', done);
      resolve();
    };
    const check = () => { if (!document.hidden) done(); };
    timer = setTimeout(() => {
      if (!document.hidden) done();
      else document.addEventListener('visibilitychange', check);
    }, ms);
    if (signal) signal.addEventListener('abort', done, { once: true });
  });
}

function row(g, title, go) {
  const host = g.name === null ? null : seatName([{ seat: 0, name: g.name, bot: null }], 0);
  const secret = g.private ? savedSecret(g.id) : null;
  const q = new URLSearchParams({ game: g.id });
  if (secret) q.set('secret', secret);
  const href = `/?${q}`;
  const what = `${host ? `${host}’s table` : 'A table'}: ${title || g.variant}, ${g.players} players; ${g.free_seats} seat${g.free_seats === 1 ? '' : 's'} free`;
  const join = g.private && !secret
    ? el('span', { class: 'muted', text: 'needs its invite link' })
    : el('a', { href, class: 'button join', 'aria-label': `Join ${host ? `${host}’s table` : 'the table'}`, onclick: (e) => { e.preventDefault(); go(href); }, text: 'Join' });
  return el('li', { 'data-game': g.id, class: g.private ? 'private' : null },
    g.private ? el('span', { class: 'lock', title: 'private table' }, lock(), ' Private') : null,
    el('span', { class: 'what', text: what }), join);
}

// watchRow is a game being played, with its Watch link.
function watchRow(g, title, go) {
  const host = g.name === null ? null : seatName([{ seat: 0, name: g.name, bot: null }], 0);
  const secret = g.private ? savedSecret(g.id) : null;
  const q = new URLSearchParams({ game: g.id });
  if (secret) q.set('secret', secret);
  const href = `/?${q}`;
  const clock = g.options && g.options.turn_seconds > 0 ? `, ${g.options.turn_seconds} s a turn` : '';
  const what = `${host ? `${host}’s table` : 'A table'}: ${title || g.variant}, ${g.players} players${clock}`;
  const watch = g.private && !secret
    ? el('span', { class: 'muted', text: 'needs its invite link' })
    : el('a', { href, class: 'button watch', 'aria-label': `Watch ${host ? `${host}’s table` : 'the table'}`, onclick: (e) => { e.preventDefault(); go(href); }, text: 'Watch' });
  return el('li', { 'data-game': g.id, class: g.private ? 'private' : null },
    g.private ? el('span', { class: 'lock', title: 'private table' }, lock(), ' Private') : null,
    el('span', { class: 'what', text: what }), watch);
}
