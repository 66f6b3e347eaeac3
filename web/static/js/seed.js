import { pageTitle } from './announce.js';
import { account } from './account.js';
import { call, savedSecret } from './api.js';
import { el } from './dom.js';
import { gamesTable } from './history.js';
import { friendly } from './messages.js';
import { titlesOf } from './titles.js';

// openSeed is a deal's page (/?seed=<seed>): every finished game dealt from
// it, the best first, "other scores on this seed".
export function openSeed(app, seed) {
  const ctl = new AbortController();
  const { signal } = ctl;
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading the scores…' }));
  (async () => {
    // Signed in, the page asks as the player: a deal they are playing now
    // shows no other game until their game ends (409 deal_in_play).
    const s = await call('GET', `/seeds/${encodeURIComponent(seed)}`, { signal, token: account()?.token });
    const titles = await titlesOf(s.games.map((g) => g.variant), signal);
    const first = s.games[0];
    const one = s.games.every((g) => g.variant === first.variant && g.players === first.players);
    document.title = pageTitle(`Seed ${s.seed}`);
    app.replaceChildren(el('section', { class: 'panel seed', 'aria-labelledby': 'seed-h' },
      el('h1', { id: 'seed-h', text: `Scores on seed ${s.seed}` }),
      el('p', { id: 'seed-says' }, `${s.games.length} finished game${s.games.length === 1 ? ' was' : 's were'} dealt from this seed`,
        one ? `: ${titles.get(first.variant)}, ${first.players} players. ` : '. ', 'The best first; ties go to fewer turns, then to the earlier game. ',
        one ? el('a', { href: `/?leaderboard=${encodeURIComponent(first.variant)}&players=${first.players}`, 'data-nav': true, text: 'The leaderboard' }) : null),
      gamesTable(s.games, { labelledBy: 'seed-h', ranks: s.games.map((_, i) => i + 1), variant: !one, titles, seed: false })));
  })().catch((e) => {
    if (signal.aborted) return;
    app.replaceChildren(el('div', { class: 'panel' }, el('h1', { text: 'Scores on this seed' }), // not the link's text: anyone may have written it
      el('p', { text: e.status === 404 ? 'No finished game has been dealt from this seed yet.' : friendly(e) }),
      el('a', { href: '/', 'data-nav': true, text: 'Play' })));
  });
  return () => ctl.abort();
}

// seedOf is the seed whose page lists the finished game of view: its
// replay's, without the key of a shared deal (after a ~), which only
// deals it.
export async function seedOf(view, signal) {
  const secret = savedSecret(view.id); // a private table's replay stays behind it
  const replay = await call('GET', `/games/${encodeURIComponent(view.id)}/replay${secret ? `?secret=${encodeURIComponent(secret)}` : ''}`, { signal });
  return replay.seed ? replay.seed.split('~')[0] : null;
}
