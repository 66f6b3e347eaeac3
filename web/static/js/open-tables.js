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

// openTables lists the games waiting for players (GET /games?status=lobby),
// from the summaries alone: each with its host, variant, players and free
// seats, and a Join link, which a private table offers only where this
// browser knows its join secret.
export function openTables(go) {
  const list = el('ul', { class: 'open-tables', id: 'open-tables' }, el('li', { class: 'muted', text: 'Looking for open tables…' }));
  const section = el('section', { class: 'panel', 'aria-labelledby': 'open-h' },
    el('h2', { id: 'open-h', text: 'Open tables' }), list);
  (async () => {
    const page = await call('GET', '/games?status=lobby&limit=20');
    const open = page.games.filter((g) => g.status === 'lobby' && g.free_seats > 0);
    if (open.length === 0) {
      list.replaceChildren(el('li', { class: 'muted', text: 'No table is waiting for players right now: create one above.' }));
      return;
    }
    list.replaceChildren(...open.map((g) => {
      const host = g.name === null ? null : seatName([{ seat: 0, name: g.name, bot: null }], 0);
      const secret = g.private ? savedSecret(g.id) : null;
      const q = new URLSearchParams({ game: g.id });
      if (secret) q.set('secret', secret);
      const href = `/?${q}`;
      const what = `${host ? `${host}’s table` : 'A table'}: ${g.variant}, ${g.players} players; ${g.free_seats} seat${g.free_seats === 1 ? '' : 's'} free`;
      const join = g.private && !secret
        ? el('span', { class: 'muted', text: 'needs its invite link' })
        : el('a', { href, class: 'button join', 'aria-label': `Join ${host ? `${host}’s table` : 'the table'}`, onclick: (e) => { e.preventDefault(); go(href); }, text: 'Join' });
      return el('li', { 'data-game': g.id, class: g.private ? 'private' : null },
        g.private ? el('span', { class: 'lock', title: 'private table' }, lock(), ' Private') : null,
        el('span', { class: 'what', text: what }), join);
    }));
  })().catch((e) => list.replaceChildren(el('li', { class: 'muted', text: friendly(e) })));
  return section;
}
