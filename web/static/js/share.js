import { account, asPlayer } from './account.js';
import { el, toast } from './dom.js';
import { friendly } from './messages.js';

// shareButton opens finished game id as a shared replay room, led by the
// signed-in player, and goes there; the others come by the room's link.
// It stays small: the room's own module loads only with the room.
export function shareButton(id) {
  if (!account()) return null;
  return el('button', {
    type: 'button', class: 'small', id: 'open-room', 'data-key': 'open-room', text: 'Open a shared replay',
    title: 'replay this game together: everyone who opens the room’s link sees the turn you show',
    onclick: async (e) => {
      const b = e.currentTarget;
      b.disabled = true;
      try {
        const room = await asPlayer('POST', '/rooms', { body: { game: id } });
        // main.js routes on popstate: the room opens without a reload.
        history.pushState(null, '', `/?room=${encodeURIComponent(room.id)}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      } catch (err) {
        b.disabled = false;
        toast(friendly(err));
      }
    },
  });
}
