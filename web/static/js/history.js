import { el } from './dom.js';
import { guestBadge } from './names.js';

// Finished games as the history, the seed pages and the leaderboards list
// them (the API's HistoryGame): each with its team, score, how it ended, its
// replay and the other scores on its deal.

// ENDED says in a few words how a game ended (its result's reason).
const ENDED = {
  perfect: 'perfect',
  deck_out: 'deck ran out',
  max_possible: 'all still possible scored',
  no_playable_cards: 'nothing left to play',
  all_or_nothing: 'perfect out of reach',
  storms: 'struck out',
  terminated: 'ended early',
  timeout: 'out of time',
  idle: 'left idle',
  voted: 'voted to end',
};

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// when is a date and time in the reader's own way of writing them.
export function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

// seatWords names one seat in plain words.
export function seatWords(s) {
  if (s.bot && !s.player) return `${cap(s.name || 'a')} bot`;
  if (s.player) return s.bot ? `${s.name} (bot)` : s.name;
  // A guest who gave no name has the server's ("Seat 0").
  return !s.name || /^seat \d+$/i.test(s.name) || /^guest$/i.test(s.name) ? `Player ${s.seat + 1}` : s.name;
}

// team names a game's seats: a signed-in player by a link to their
// profile, a bot as one, a guest by the name they gave.
export function team(seats) {
  const out = [];
  for (const s of seats) {
    if (out.length) out.push(', ');
    if (s.player) {
      out.push(el('a', { href: `/?player=${encodeURIComponent(s.name)}`, 'data-nav': true, class: 'player', text: s.name }));
      if (s.bot) out.push(' (bot)');
    } else {
      const guest = guestBadge(s);
      out.push(seatWords(s), guest ? ' ' : '', guest);
    }
  }
  return out;
}

export const seedHref = (seed) => `/?seed=${encodeURIComponent(seed)}`;

// gamesTable lists games under the heading labelled: with rank, a
// leaderboard's ranks beside them; with variant, each game's variant
// (titles: names to titles) and player count; seed: false leaves out the
// link to the page of the seed it is on.
export function gamesTable(games, { labelledBy, ranks = null, variant = true, titles = new Map(), seed = true } = {}) {
  const head = [ranks ? 'Rank' : null, 'Ended', variant ? 'Variant' : null, 'Players', 'Score', 'How it ended', 'Turns', 'Links'].filter(Boolean);
  const rows = games.map((g, i) => el('tr', { 'data-game': g.id },
    ranks ? el('td', { class: 'num', text: ranks[i] }) : null,
    el('td', { text: when(g.ended_at) }),
    variant ? el('td', { text: `${titles.get(g.variant) || g.variant}, ${g.players} players` }) : null,
    el('td', { class: 'team' }, team(g.seats)),
    el('td', { class: 'num score', text: g.score ?? '' }),
    // A game its players or the clock ended counts in no average nor best.
    el('td', {}, ENDED[g.reason] || g.reason || '', g.abandoned ? [' ', el('span', { class: 'badge abandoned', title: 'ended before its cards did: counted apart, on no leaderboard', text: 'abandoned' })] : null),
    el('td', { class: 'num', text: g.turns ?? '' }),
    el('td', { class: 'links' },
      g.replay ? el('a', { href: `/?replay=${encodeURIComponent(g.id)}`, 'data-nav': true, class: 'replay', text: 'Replay' }) : null,
      seed && g.seed ? [' ', el('a', { href: seedHref(g.seed), 'data-nav': true, class: 'other-scores', text: 'Other scores on this seed' })] : null)));
  return scroller(labelledBy, el('table', { class: 'history' },
    el('thead', {}, el('tr', {}, head.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, rows)));
}

// scroller holds a wide table: on a narrow screen it scrolls sideways on
// its own, and takes the keyboard's focus to be scrolled by it.
export function scroller(labelledBy, table) {
  return el('div', { class: 'table-scroll', role: 'region', tabindex: 0, 'aria-labelledby': labelledBy }, table);
}
