import { asPlayer } from './account.js';
import { toast } from './dom.js';
import { friendly } from './messages.js';

// openShared opens finished game id as a shared replay room, led by the
// signed-in player, says its link in the table's chat and goes there; the
// others come by the link. It loads when "Open a shared replay" is
// pressed (button, which stays disabled meanwhile): a table does without it.
export async function openShared(id, button) {
  button.disabled = true;
  try {
    const room = await asPlayer('POST', '/rooms', { body: { game: id } });
    // The table's chat invites the others (its panel makes the room's
    // address a link); a line the chat refuses leaves the room as it is.
    await asPlayer('POST', `/games/${encodeURIComponent(id)}/chat`, { body: { text: `Join my shared replay: ${location.origin}/?room=${room.id}` } }).catch(() => {});
    // main.js routes on popstate: the room opens without a reload.
    history.pushState(null, '', `/?room=${encodeURIComponent(room.id)}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  } catch (err) {
    button.disabled = false;
    toast(friendly(err));
  }
}
