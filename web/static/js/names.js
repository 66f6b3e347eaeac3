import { el } from './dom.js';

// Names as people read them: a seat without a name of its own is "Player 2",
// a bot "Hat bot (seat 3)". Servers fill in names of their own for nameless
// seats ("Seat 0", "Guest", a bot's strategy); those count as no name. A
// signed-in player's seat has their account's name, whatever it is; a bot's
// account reads as a bot: "Robo (bot)".

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// guestBadge marks a guest's name: any name an account does not hold,
// which may look like an account's. s: a seat (of a view, or of history).
export const guestBadge = (s) => (s && s.name && !s.player && !s.bot
  ? el('span', { class: 'badge guest', title: 'not signed in: a name of their own choosing, no account’s', text: 'guest' }) : null);

export function defaultName(seat, bot) {
  return bot ? `${cap(bot)} bot (seat ${seat + 1})` : `Player ${seat + 1}`;
}

export function seatName(seats, seat) {
  const s = seats && seats[seat];
  if (!s) return `Player ${seat + 1}`;
  const n = (s.name || '').trim();
  if (s.player && n) return s.bot || s.player.bot ? `${n} (bot)` : n;
  if (!n || /^seat \d+$/i.test(n) || /^guest$/i.test(n) || (s.bot && n.toLowerCase() === s.bot.toLowerCase())) {
    return defaultName(seat, s.bot);
  }
  return s.bot ? `${n} (bot)` : n;
}

// nameAt names seat as one event saw it: left is the seat's seat_left
// event, if its player left. Up to and including that event the seat is
// its player's ("Alice left the table"); after it, the bot's that took it
// over ("Alice (bot)"), whatever the seats say now.
export function nameAt(seats, seat, seq, left) {
  if (!left) return seatName(seats, seat);
  const s = (seats && seats[seat]) || { name: null, bot: null };
  const bot = seq <= left.seq ? null : (s.bot || left.bot || 'hat');
  return seatName({ [seat]: { ...s, bot } }, seat);
}
