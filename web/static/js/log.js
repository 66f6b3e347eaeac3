import { el } from './dom.js';

// logLine tells one event in a few words.
export function logLine(ev, name, suits) {
  const card = (c) => {
    const st = suits.get(c.suit);
    return el('span', { class: 'logcard', text: `${st ? st.abbr : c.suit}${c.rank}`, title: `${c.suit} ${c.rank}` });
  };
  const who = ev.seat !== undefined && ev.seat !== null ? name(ev.seat) : '';
  switch (ev.type) {
    case 'play':
      return [el('b', { text: who }), ev.success ? ' plays ' : ' misplays ', card(ev.card), ev.success ? '' : ' — storm!'];
    case 'discard':
      return [el('b', { text: who }), ' discards ', card(ev.card)];
    case 'clue': {
      const what = ev.color ? ev.color : String(ev.rank);
      const n = (ev.touched || []).length;
      return [el('b', { text: who }), ` tells ${name(ev.target)}: ${what} (${n === 0 ? 'no card' : n === 1 ? '1 card' : `${n} cards`})`];
    }
    case 'game_over':
      return [el('b', { text: 'Game over' }), `: ${ev.result.score} points — ${ev.result.rating}`];
    case 'seat_left':
      return [el('b', { text: who }), ` left; ${ev.bot || 'a bot'} plays on`];
    default:
      return [who, ` ${ev.type}`];
  }
}
