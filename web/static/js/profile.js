import { pageTitle } from './announce.js';
import { account, asPlayer, problemWords, readAsPlayer } from './account.js';
import { call } from './api.js';
import { el } from './dom.js';
import { gamesTable, scroller, when } from './history.js';
import { friendly } from './messages.js';
import { titlesOf } from './titles.js';

// openProfile is a player's page (/?player=<name>): when they joined and
// played, a table of their scores per variant and player count, and their
// finished games, page by page, each with its replay and the other scores
// on its deal. The player's own page also changes their password.
export function openProfile(app, name) {
  const ctl = new AbortController();
  const { signal } = ctl;
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the profile…' }));
  (async () => {
    const p = await call('GET', `/players/${encodeURIComponent(name)}`, { signal });
    const titles = await titlesOf(p.stats.map((s) => s.variant), signal);
    document.title = pageTitle(p.name);
    const history = el('div', { id: 'history' });
    const filter = el('select', { id: 'history-filter' },
      el('option', { value: '', text: 'all variants' }),
      p.stats.map((s) => el('option', { value: `${s.variant}/${s.players}`, text: `${titles.get(s.variant)}, ${s.players} players` })));
    filter.addEventListener('change', () => loadGames(history, p.name, filter.value, titles, signal).catch((e) => {
      if (!signal.aborted) history.replaceChildren(el('p', { role: 'alert', text: friendly(e) }));
    }));
    const a = account();
    const own = a && a.name.toLowerCase() === p.name.toLowerCase();
    app.replaceChildren(el('section', { class: 'panel profile', 'aria-labelledby': 'profile-h' },
      el('h1', { id: 'profile-h' }, p.name, p.bot ? el('span', { class: 'badge', text: 'bot' }) : null),
      el('p', { id: 'profile-summary', text: summary(p) }),
      el('h2', { id: 'stats-h', text: 'Scores by variant' }),
      p.stats.length ? statsTable(p.stats, titles) : el('p', { class: 'muted', text: 'No finished game yet.' }),
      el('h2', { id: 'history-h', text: 'Games' }),
      p.games || p.abandoned ? el('label', { class: 'field inline' }, el('span', { class: 'label', text: 'Show the games of' }), filter) : null,
      history,
      own ? passwordForm() : null));
    await loadGames(history, p.name, '', titles, signal);
  })().catch((e) => {
    if (signal.aborted) return;
    app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'This profile cannot be shown' }),
      el('p', { text: e.status === 404 ? 'Nobody here goes by that name.' : friendly(e) }),
      el('a', { href: '/', 'data-nav': true, text: 'Play' })));
  });
  return () => ctl.abort();
}

function summary(p) {
  const parts = [`Joined ${when(p.created_at)}.`];
  if (p.games || p.abandoned) {
    const n = p.games + (p.abandoned || 0);
    parts.push(`${n} finished game${n === 1 ? '' : 's'}`);
    parts[1] += p.first_game_at === p.last_game_at ? `, on ${when(p.last_game_at)}.` : `, from ${when(p.first_game_at)} to ${when(p.last_game_at)}.`;
    // The games ended by their players or the clock count in no figure.
    if (p.abandoned) parts.push(`${p.abandoned} of them abandoned (ended before the cards did), counted apart: not in the averages nor the best scores.`);
  } else {
    parts.push('No finished game yet.');
  }
  return parts.join(' ');
}

function statsTable(stats, titles) {
  const cols = ['Variant', 'Players', 'Games', 'Best', 'Average', 'Perfect', 'Strikeouts', 'Abandoned'];
  return scroller('stats-h', el('table', { class: 'stats', id: 'stats' },
    el('thead', {}, el('tr', {}, cols.map((c) => el('th', { scope: 'col', text: c })))),
    el('tbody', {}, stats.map((s) => el('tr', { 'data-variant': s.variant, 'data-players': s.players },
      el('th', { scope: 'row' }, el('a', {
        href: `/?leaderboard=${encodeURIComponent(s.variant)}&players=${s.players}`, 'data-nav': true,
        title: 'the leaderboard', text: titles.get(s.variant),
      })),
      el('td', { class: 'num', text: s.players }),
      el('td', { class: 'num', text: s.games }),
      el('td', { class: 'num', text: s.games ? s.best : '—' }),
      el('td', { class: 'num', text: s.games ? s.average.toFixed(2) : '—' }),
      el('td', { class: 'num', text: s.perfect }),
      el('td', { class: 'num', text: s.strikeouts }),
      el('td', { class: 'num abandoned', text: s.abandoned ?? 0 }))))));
}

// loadGames shows the player's games of one variant and player count
// ("variant/players"; "" for all), a page at a time.
async function loadGames(box, name, of, titles, signal) {
  const [variant, players] = of ? of.split('/') : [];
  const q = new URLSearchParams({ limit: '20' });
  if (variant) { q.set('variant', variant); q.set('players', players); }
  box.replaceChildren(el('p', { class: 'loading', text: 'Loading the games…' }));
  const rows = [];
  const more = el('button', { type: 'button', class: 'small', id: 'more-games', text: 'More games' });
  const page = async (cursor) => {
    if (cursor) q.set('cursor', cursor);
    // With the player's token: their own unlisted and private games are
    // listed to them alone.
    const got = await readAsPlayer(`/players/${encodeURIComponent(name)}/games?${q}`, { signal });
    const missing = got.games.map((g) => g.variant).filter((v) => !titles.has(v));
    for (const [n, t] of await titlesOf(missing, signal)) titles.set(n, t);
    rows.push(...got.games);
    more.hidden = !got.next_cursor;
    more.onclick = () => page(got.next_cursor).catch((e) => { if (!signal.aborted) box.append(el('p', { role: 'alert', text: friendly(e) })); });
    const focus = document.activeElement === more;
    box.replaceChildren(rows.length ? gamesTable(rows, { labelledBy: 'history-h', titles }) : el('p', { class: 'muted', text: 'No finished game yet.' }), more);
    if (focus) more.focus();
  };
  await page(null);
}

// passwordForm changes the signed-in player's password: their other
// sessions end, this one goes on.
function passwordForm() {
  const old = el('input', { type: 'password', id: 'old-password', autocomplete: 'current-password', required: true });
  const next = el('input', { type: 'password', id: 'new-password', autocomplete: 'new-password', required: true });
  const says = el('p', { class: 'form-error', id: 'password-says', role: 'alert' });
  const f = el('form', { class: 'account-form', id: 'password-form' },
    el('label', { class: 'field' }, el('span', { class: 'label', text: 'Current password' }), old),
    el('label', { class: 'field' }, el('span', { class: 'label', text: 'New password' }), next, el('small', { class: 'hint', text: 'at least 8 characters; your other devices are signed out' })),
    says, el('button', { type: 'submit', class: 'small', id: 'change-password', text: 'Change password' }));
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    says.textContent = '';
    try {
      await asPlayer('PUT', '/me/password', { body: { password: old.value, new_password: next.value } });
      old.value = '';
      next.value = '';
      says.textContent = 'Your password is changed.';
    } catch (e) {
      says.textContent = problemWords(e) || friendly(e);
    }
  });
  return el('details', { class: 'password' }, el('summary', { text: 'Change your password' }), f);
}
