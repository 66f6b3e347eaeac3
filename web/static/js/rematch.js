import { account, asPlayer } from './account.js';
import { call, saveSeat } from './api.js';
import { el, toast } from './dom.js';
import { friendly } from './messages.js';

// Play again: one press of a player of a finished game opens its rematch
// (POST /games/{id}/rematch), where its signed-in players are seated at
// once; every page at the table then goes there (the game's next_game),
// a guest to take their seat again by the invite link, a spectator to
// watch, never offered a player's seat.

const watchKey = (id) => `hanabi.watch.${id}`;

// watchOnly says whether this tab came to table id as a spectator of the
// game before it: its lobby offers no seat, which is a player's.
export const watchOnly = (id) => sessionStorage.getItem(watchKey(id)) === '1';

// played says whether this page's person played game view v: held a seat
// here (seat), or is the signed-in player of one.
export function played(v, seat) {
  const a = account();
  return seat !== null || (!!a && v.seats.some((s) => s.player && s.player.name.toLowerCase() === a.name.toLowerCase()));
}

// moveOn takes the page to next, the rematch: a player to their seat, a
// spectator to watch.
export function moveOn(next, player, secret) {
  if (!player) sessionStorage.setItem(watchKey(next), '1');
  const q = new URLSearchParams({ game: next });
  if (secret) q.set('secret', secret);
  history.pushState(null, '', `/?${q}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

// rematchButton is the result's "Play again" for a player of finished
// table t, or, once the rematch is open, the way to it.
export function rematchButton(t) {
  const v = t.view;
  const player = played(v, t.seat);
  if (v.next_game) {
    return el('a', {
      class: 'button small', id: 'next-game', href: `/?game=${encodeURIComponent(v.next_game)}`, 'data-key': 'next-game',
      onclick: (e) => { e.preventDefault(); moveOn(v.next_game, player, t.secret); }, text: player ? 'To the next game' : 'Watch the next game',
    });
  }
  if (!player) return null;
  return el('button', {
    type: 'button', class: 'small primary', id: 'play-again', 'data-key': 'play-again', text: 'Play again',
    title: 'a new deal for the same players: the signed-in players are seated at once, one seat on; a guest takes their seat again by the invite link',
    onclick: async (e) => {
      e.currentTarget.disabled = true;
      try {
        const path = `/games/${encodeURIComponent(v.id)}/rematch`;
        const res = t.token ? await call('POST', path, { token: t.token }) : await asPlayer('POST', path);
        if (res.token) saveSeat(res.game.id, res.seat, res.token, { player: account()?.name });
        t.movedOn = true;
        moveOn(res.game.id, true, t.secret);
      } catch (err) {
        toast(friendly(err));
      }
    },
  });
}
