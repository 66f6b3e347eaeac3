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

// LIMIT is how many tables each list shows.
const LIMIT = 20;

// tableLists is the lobby's two lists: the games waiting for players, each
// with its host, variant (by its title), players and free seats, and a
// Join link, which a private table offers only where this browser knows
// its join secret; and the games being played, each with a Watch link. A
// table closed to spectators says so once opened (the lists do not know
// which are). load() reads both lists (GET /games); apply(ev) takes a
// lobby table event, which carries the table as it is now: the lists
// follow the lobby's events and are never asked again while they flow.
// titles maps variant names to titles; the names it lacks are looked up
// once each.
export function tableLists(go, { titles = new Map(), signal } = {}) {
  const games = new Map(); // id → the summary as last told
  const kinds = [
    { id: 'open-tables', h: 'Open tables', none: 'No table is waiting for players right now: create one above.', wait: 'Looking for open tables…',
      keep: (g) => g.status === 'lobby' && g.free_seats > 0, row: (g, title) => row(g, title, go) },
    { id: 'running-tables', h: 'Games being played', none: 'Nobody is playing right now.', wait: 'Looking for games being played…',
      keep: (g) => g.status === 'active', row: (g, title) => watchRow(g, title, go) },
  ];
  for (const k of kinds) {
    k.list = el('ul', { class: k.id, id: k.id }, el('li', { class: 'muted', text: k.wait }));
    k.section = el('section', { class: 'panel', 'aria-labelledby': `${k.id}-h` }, el('h2', { id: `${k.id}-h`, text: k.h }), k.list);
    k.shown = null;
  }
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
  // draw redraws a list whose tables changed, keeping the focus on the
  // row it was on: nothing is redrawn under the pointer needlessly.
  const draw = async () => {
    await Promise.all([...new Set([...games.values()].map((g) => g.variant))].map(titleOf));
    // After the titles: a draw that waited longer still draws the latest.
    const all = [...games.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    for (const k of kinds) {
      const shown = all.filter(k.keep).slice(0, LIMIT);
      const key = JSON.stringify(shown.map((g) => [g.id, g.name, g.variant, g.players, g.free_seats, g.private]));
      if (key === k.shown) continue;
      k.shown = key;
      const active = document.activeElement && document.activeElement.closest && document.activeElement.closest('li[data-game]');
      const focused = active && k.list.contains(active) ? active : null;
      k.list.replaceChildren(...(shown.length ? shown.map((g) => k.row(g, titles.get(g.variant))) : [el('li', { class: 'muted', text: k.none })]));
      if (focused) k.list.querySelector(`li[data-game="${CSS.escape(focused.dataset.game)}"] a`)?.focus({ preventScroll: true });
    }
  };
  const fail = (e) => {
    if (signal && signal.aborted) return;
    for (const k of kinds) if (k.shown === null) k.list.replaceChildren(el('li', { class: 'muted', text: friendly(e) }));
  };
  return {
    sections: kinds.map((k) => k.section),
    async load() {
      const pages = await Promise.all(['lobby', 'active'].map((st) => call('GET', `/games?status=${st}&limit=${LIMIT}`, { signal })));
      games.clear();
      for (const g of pages.flatMap((p) => p.games)) games.set(g.id, g);
      await draw().catch(fail);
    },
    apply(ev) {
      if (ev.game && ['lobby', 'active'].includes(ev.game.status)) games.set(ev.game_id, ev.game);
      else games.delete(ev.game_id);
      draw().catch(fail);
    },
    fail,
  };
}

function row(g, title, go) {
  const host = g.name === null ? null : seatName([{ seat: 0, name: g.name, bot: null }], 0);
  const secret = g.private ? savedSecret(g.id) : null;
  const q = new URLSearchParams({ game: g.id });
  if (secret) q.set('secret', secret);
  const href = `/?${q}`;
  const what = `${host ? `${host}’s table${g.host_guest ? ' (a guest)' : ''}` : 'A table'}: ${title || g.variant}, ${g.players} players; ${g.free_seats} seat${g.free_seats === 1 ? '' : 's'} free`;
  const join = g.private && !secret
    ? el('span', { class: 'muted', text: 'needs its invite link' })
    : el('a', { href, class: 'button join', 'aria-label': `Join ${host ? `${host}’s table` : 'the table'}`, onclick: (e) => { e.preventDefault(); go(href); }, text: 'Join' });
  return el('li', { 'data-game': g.id, class: g.private ? 'private' : null },
    g.private ? el('span', { class: 'lock', title: 'private table' }, lock(), ' Private') : null,
    el('span', { class: 'what', text: what }), turnClock(g), join);
}

// turnClock says that a table has a turn clock, and how long a turn is.
const turnClock = (g) => (g.options && g.options.turn_seconds > 0 ? el('span', { class: 'what clock-tag', text: `, ${g.options.turn_seconds} s a turn` }) : null);

// watchRow is a game being played, with its Watch link.
function watchRow(g, title, go) {
  const host = g.name === null ? null : seatName([{ seat: 0, name: g.name, bot: null }], 0);
  const secret = g.private ? savedSecret(g.id) : null;
  const q = new URLSearchParams({ game: g.id });
  if (secret) q.set('secret', secret);
  const href = `/?${q}`;
  const clock = g.options && g.options.turn_seconds > 0 ? `, ${g.options.turn_seconds} s a turn` : '';
  const what = `${host ? `${host}’s table${g.host_guest ? ' (a guest)' : ''}` : 'A table'}: ${title || g.variant}, ${g.players} players${clock}`;
  const watch = g.private && !secret
    ? el('span', { class: 'muted', text: 'needs its invite link' })
    : el('a', { href, class: 'button watch', 'aria-label': `Watch ${host ? `${host}’s table` : 'the table'}`, onclick: (e) => { e.preventDefault(); go(href); }, text: 'Watch' });
  return el('li', { 'data-game': g.id, class: g.private ? 'private' : null },
    g.private ? el('span', { class: 'lock', title: 'private table' }, lock(), ' Private') : null,
    el('span', { class: 'what', text: what }), watch);
}
