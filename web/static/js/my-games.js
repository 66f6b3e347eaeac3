import { account, asPlayer } from './account.js';
import { saveSeat } from './api.js';
import { el, toast } from './dom.js';
import { gamesTable, seatWords, team } from './history.js';
import { friendly } from './messages.js';
import { titlesOf } from './titles.js';

// myGames is the signed-in player's tables in the lobby: those they sit
// at, each with Resume, which asks the server for a fresh token of their
// seat (so it works on any device), and their latest finished games.
export function myGames(go, signal) {
  const a = account();
  const box = el('div', {}, el('p', { class: 'loading', text: 'Loading your games…' }));
  const section = el('section', { class: 'panel my-games', id: 'my-games', 'aria-labelledby': 'my-h' },
    el('h2', { id: 'my-h', text: 'My games' }), box);
  (async () => {
    const mine = await asPlayer('GET', '/me/games', { signal });
    const titles = await titlesOf([...mine.running, ...mine.finished].map((g) => g.variant), signal);
    const running = mine.running.map((g) => el('li', { 'data-game': g.id },
      el('span', { class: 'what' }, `${titles.get(g.variant)}, ${g.players} players, ${g.status === 'lobby' ? 'waiting for players' : 'running'}: `, team(g.seats)),
      el('button', {
        type: 'button', class: 'small resume', 'aria-label': `Resume ${titles.get(g.variant)} with ${g.seats.filter((s) => s.seat !== g.seat).map(seatWords).join(', ')}`,
        text: 'Resume', onclick: (e) => resume(go, g, e.currentTarget),
      })));
    const finished = mine.finished.slice(0, 5);
    box.replaceChildren(...[
      running.length ? el('ul', { class: 'my-running', id: 'my-running' }, running) : el('p', { class: 'muted', text: 'You sit at no table now.' }),
      finished.length ? el('h3', { id: 'my-finished-h', text: 'Latest finished' }) : null,
      finished.length ? gamesTable(finished, { labelledBy: 'my-finished-h', titles }) : null,
      el('p', {}, el('a', { href: `/?player=${encodeURIComponent(a.name)}`, 'data-nav': true, id: 'my-profile', text: 'All your games and scores' }))].filter(Boolean));
  })().catch((e) => {
    if (!signal.aborted) box.replaceChildren(el('p', { class: 'muted', text: friendly(e) }));
  });
  return section;
}

async function resume(go, g, btn) {
  btn.disabled = true;
  try {
    const res = await asPlayer('POST', `/games/${encodeURIComponent(g.id)}/seats/${g.seat}/token`);
    saveSeat(g.id, res.seat, res.token, { player: account()?.name });
    go(`/?game=${encodeURIComponent(g.id)}`);
  } catch (e) {
    toast(friendly(e));
    btn.disabled = false;
  }
}
