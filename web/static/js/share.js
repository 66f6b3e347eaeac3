import { account, asPlayer } from './account.js';
import { el, toast } from './dom.js';
import { friendly } from './messages.js';

// shareButton opens finished game id as a shared replay room, led by the
// signed-in player, says its link in the table's chat and goes there; the
// others come by the link.
// It stays small: the room's own module loads only with the room.
export function shareButton(id) {
  if (!account()) return null;
  return el('button', {
    type: 'button', class: 'small', id: 'open-room', 'data-key': 'open-room', text: 'Open a shared replay',
    title: 'replay this game together: the table’s chat gets the room’s link, and everyone who opens it sees the turn you show',
    onclick: async (e) => {
      const b = e.currentTarget;
      b.disabled = true;
      try {
        const room = await asPlayer('POST', '/rooms', { body: { game: id } });
        // The table's chat invites the others (its panel makes the room's
        // address a link); a line the chat refuses leaves the room as it is.
        await asPlayer('POST', `/games/${encodeURIComponent(id)}/chat`, { body: { text: `Join my shared replay: ${location.origin}/?room=${room.id}` } }).catch(() => {});
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
