import { el } from './dom.js';

// On a touch screen a move is one slip away: Play sits right above
// Discard, and which cards a clue touches shows on hover only, which a
// finger does not do. There a move's first tap arms it (a clue then marks
// the cards it would touch) and says so; a second tap on the same button
// makes the move, a tap anywhere else lets it go. A mouse, a pen and the
// keyboard (a click of detail 0) make a move at once.

const coarse = () => window.matchMedia('(pointer: coarse)').matches;

// armedKey is the data-key of the move button armed in the view on
// screen; a new view (another move, a note) lets it go.
export const armedKey = (t) => (t.armed && t.view && t.armed.version === t.view.version ? t.armed.key : null);

// firstTap arms key and answers true when click e is a finger's first tap
// on it; false when the move is to be made now.
export function firstTap(t, key, e) {
  if (!t.arm || !e || e.detail === 0 || !coarse() || armedKey(t) === key) return false;
  t.arm(key);
  return true;
}

// armedLine tells what the armed move would do and how to make it; hands
// put it under their name. says is the button's own sentence.
export function armedLine(says) {
  return says ? el('p', { class: 'armed-line', id: 'armed-move', role: 'status', text: says }) : null;
}
