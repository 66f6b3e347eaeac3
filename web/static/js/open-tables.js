import { call } from './api.js';
import { el } from './dom.js';
import { friendly } from './messages.js';
import { seatName } from './names.js';

// openTables lists the games waiting for players (GET /games?status=lobby),
// each with its variant, its players and a link to take a seat.
export function openTables(go) {
  const list = el('ul', { class: 'open-tables', id: 'open-tables' }, el('li', { class: 'muted', text: 'Looking for open tables…' }));
  const section = el('section', { class: 'panel', 'aria-labelledby': 'open-h' },
    el('h2', { id: 'open-h', text: 'Open tables' }), list);
  (async () => {
    const page = await call('GET', '/games?status=lobby&limit=20');
    const games = await Promise.all(page.games.map((g) => call('GET', `/games/${encodeURIComponent(g.id)}`).catch(() => null)));
    const open = games.filter((g) => g && g.status === 'lobby');
    if (open.length === 0) {
      list.replaceChildren(el('li', { class: 'muted', text: 'No table is waiting for players right now: create one above.' }));
      return;
    }
    list.replaceChildren(...open.map((g) => {
      const free = g.seats.filter((s) => s.name === null).length;
      const names = g.seats.filter((s) => s.name !== null).map((s) => seatName(g.seats, s.seat)).join(', ');
      const href = `/?game=${encodeURIComponent(g.id)}`;
      return el('li', { 'data-game': g.id },
        el('a', { href, onclick: (e) => { e.preventDefault(); go(href); }, text: `${g.variant}, ${g.seats.length} players` }),
        ` — ${names || 'nobody yet'}; ${free} seat${free === 1 ? '' : 's'} free`);
    }));
  })().catch((e) => list.replaceChildren(el('li', { class: 'muted', text: friendly(e) })));
  return section;
}
