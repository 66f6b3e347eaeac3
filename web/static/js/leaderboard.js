import { pageTitle } from './announce.js';
import { call } from './api.js';
import { el, toast } from './dom.js';
import { gamesTable } from './history.js';
import { friendly } from './messages.js';
import { titleOf } from './titles.js';

const href = (variant, players, bots) => `/?leaderboard=${encodeURIComponent(variant)}&players=${players}${bots ? '&bots=true' : ''}`;

// openLeaderboard is a variant's best games at one player count
// (/?leaderboard=<variant>&players=N): the board of teams of people, or,
// with bots=true, that of teams with a bot, each a tab of its own.
export function openLeaderboard(app, { variant, players, bots }, go) {
  const ctl = new AbortController();
  const { signal } = ctl;
  const n = [2, 3, 4, 5, 6].includes(players) ? players : 2;
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the leaderboard…' }));
  (async () => {
    const [board, title, list] = await Promise.all([
      call('GET', `/variants/${encodeURIComponent(variant)}/leaderboard?players=${n}${bots ? '&bots=true' : ''}`, { signal }),
      titleOf(variant, signal),
      call('GET', '/variants?limit=100', { signal }),
    ]);
    document.title = pageTitle('Leaderboard', title);
    const tab = (withBots, text) => el('a', {
      href: href(variant, n, withBots), 'data-nav': true, class: 'tab', id: withBots ? 'board-bots' : 'board-people',
      'aria-current': withBots === bots ? 'page' : null, text,
    });
    app.replaceChildren(el('section', { class: 'panel leaderboard', 'aria-labelledby': 'board-h' },
      el('h1', { id: 'board-h', text: `Leaderboard: ${title}, ${n} players${bots ? ', teams with a bot' : ''}` }),
      picker(variant, title, n, bots, list.variants, go),
      el('nav', { class: 'tabs', 'aria-label': 'boards' }, tab(false, 'People'), tab(true, 'Teams with a bot')),
      el('p', { class: 'muted', text: bots
        ? 'Teams with a bot at one seat or more (a bot strategy or a bot’s account).'
        : 'Teams whose every seat is a signed-in person’s. Best score first; ties go to fewer turns, then to the earlier game.' }),
      board.entries.length
        ? gamesTable(board.entries.map((e) => e.game), { labelledBy: 'board-h', ranks: board.entries.map((e) => e.rank), variant: false })
        : el('p', { id: 'board-empty', text: 'No game is on this board yet.' })));
  })().catch((e) => {
    if (signal.aborted) return;
    app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This leaderboard cannot be shown' }),
      el('p', { text: e.status === 404 ? 'There is no variant by that name.' : friendly(e) }),
      el('a', { href: '/', 'data-nav': true, text: 'Play' })));
  });
  return () => ctl.abort();
}

// picker chooses another variant or player count.
function picker(variant, title, players, bots, variants, go) {
  const list = variants.some((v) => v.name === variant) ? variants : [{ name: variant, title }, ...variants];
  const v = el('select', { id: 'board-variant', name: 'variant' }, list.map((x) => el('option', { value: x.name, selected: x.name === variant, text: x.title })));
  const p = el('select', { id: 'board-players', name: 'players' }, [2, 3, 4, 5, 6].map((k) => el('option', { value: k, selected: k === players, text: `${k} players` })));
  // The list holds the first hundred variants; a search finds the others.
  const find = el('input', { type: 'search', id: 'board-search', autocomplete: 'off', placeholder: 'search 2,000+ variants…' });
  let timer = 0;
  find.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = find.value.trim();
      try {
        const found = await call('GET', `/variants?limit=100&q=${encodeURIComponent(q)}`);
        if (find.value.trim() !== q || !found.variants.length) return;
        const kept = v.value;
        v.replaceChildren(...found.variants.map((x) => el('option', { value: x.name, text: x.title })));
        if (found.variants.some((x) => x.name === kept)) v.value = kept;
      } catch (e) { toast(friendly(e)); }
    }, 250);
  });
  const f = el('form', { class: 'board-picker' },
    el('label', { class: 'field' }, el('span', { class: 'label', text: 'Find a variant' }), find),
    el('label', { class: 'field' }, el('span', { class: 'label', text: 'Variant' }), v),
    el('label', { class: 'field' }, el('span', { class: 'label', text: 'Players' }), p),
    el('button', { type: 'submit', class: 'small', id: 'board-show', text: 'Show' }));
  f.addEventListener('submit', (e) => { e.preventDefault(); go(href(v.value, Number(p.value), bots)); });
  return f;
}
