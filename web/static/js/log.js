import { rankWord } from './cards.js';
import { clueName } from './clues.js';
import { el } from './dom.js';
import { endReason } from './messages.js';

// logLine tells one event in a few words; a move the clock made for a seat
// (auto) is marked "(time)", and a bot's word on its move follows it.
export function logLine(ev, name, suits, variant) {
  const line = moveLine(ev, name, suits, variant);
  return ev.why ? [...line, el('span', { class: 'why', text: ` — ${ev.why}` })] : line;
}

function moveLine(ev, name, suits, variant) {
  // Up or Down's START card (rank 7 on the wire) reads START.
  const card = (c) => {
    const st = suits.get(c.suit);
    const abbr = st ? st.abbr : c.suit;
    return el('span', { class: 'logcard', text: c.rank === 7 ? `${abbr} START` : `${abbr}${c.rank}`, title: `${c.suit} ${rankWord(c.rank)}` });
  };
  const who = ev.seat !== undefined && ev.seat !== null ? name(ev.seat) : '';
  const time = ev.auto ? el('span', { class: 'auto', title: 'the turn clock ran out: a bot moved for this seat', text: ' (time)' }) : null;
  switch (ev.type) {
    case 'play':
      return [el('b', { text: who }), ev.success ? ' plays ' : ' misplays ', card(ev.card), ev.success ? '' : ' — strike!', time];
    case 'play_face_down':
      // Throw It in a Hole: nobody learns the card or whether it played.
      return [el('b', { text: who }), ' plays a card face down', time];
    case 'discard':
      return [el('b', { text: who }), ' discards ', card(ev.card), time];
    case 'clue': {
      const n = (ev.touched || []).length;
      return [el('b', { text: who }), ` tells ${name(ev.target)}: ${clueName(variant, ev)} (${n === 0 ? 'no card' : n === 1 ? '1 card' : `${n} cards`})`, time];
    }
    case 'game_over':
      return [el('b', { text: 'Game over' }), `: ${ev.result.score} points — ${endReason(ev.result, name)}`];
    case 'seat_left':
      return [el('b', { text: who }), ' left the table; a bot took the seat'];
    // What passes no turn: a vote, a pause, a hand put in a new order.
    case 'vote':
      return [el('b', { text: who }), ev.vote ? ' votes to end the game' : ' takes back their vote to end the game'];
    case 'pause':
      return [el('b', { text: who }), ' pauses the game: the clock stands still'];
    case 'resume':
      return [el('b', { text: who }), ' resumes the game'];
    case 'rearrange':
      return [el('b', { text: who }), ' rearranges their hand'];
    // A chat line is text only, as its sayer wrote it.
    case 'chat':
      return [el('b', { text: ev.from || who }), ': ', el('span', { text: ev.text || '' })];
    default:
      return [who, ` ${ev.type}`];
  }
}

// moveNumber is the number a log line shows (its li's value): a move's
// turn, from 1; what passes no turn (a vote, a pause, the end) has none.
export const moveNumber = (ev) => (['play', 'play_face_down', 'discard', 'clue'].includes(ev.type) ? ev.turn + 1 : null);

// plainLine is the same in plain text, for the announcements.
export function plainLine(ev, name, suits, variant) {
  const span = el('span', {}, logLine(ev, name, suits, variant));
  return span.textContent;
}
