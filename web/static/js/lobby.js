import { account } from './account.js';
import { inviteLink } from './api.js';
import { el } from './dom.js';
import { guestBadge, seatName } from './names.js';
import { watchOnly } from './rematch.js';

// shareBox is the invitation: the link that others open to take a seat,
// with the join secret of a private table.
export function shareBox(t) {
  const url = inviteLink(t.id, t.view.join_secret || (t.refused ? null : t.secret));
  // The whole link shows, on as many lines as it takes: one cut short in a
  // narrow field cannot be checked before it is sent.
  const input = el('textarea', { readonly: true, id: 'join-link', rows: 1, spellcheck: 'false', 'aria-label': 'join link' });
  input.value = url;
  const btn = el('button', {
    type: 'button', class: 'small', text: 'Copy',
    onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); btn.textContent = 'Copied'; } catch { btn.textContent = 'Select + copy'; }
    },
  });
  return el('div', { class: 'share' }, el('span', { text: 'Invite: ' }), input, btn);
}

// lobby is a game waiting for its players.
export function lobby(t) {
  const v = t.view;
  const free = v.seats.filter((s) => s.name === null).length;
  const rows = v.seats.map((s) => el('li', {}, el('span', { class: 'seat-no', text: `Seat ${s.seat + 1}` }),
    s.name === null ? el('span', { class: 'muted', text: 'free' }) : [el('span', { class: 'who', text: seatName(v.seats, s.seat) + (s.seat === t.seat ? ' — you' : '') }), ' ', guestBadge(s)]));
  let joinForm = null;
  if (t.seat === null && free > 0 && t.refused) {
    // A private table refused the join: no form to try again, the words why.
    joinForm = el('p', { class: 'refused', id: 'join-refused', role: 'alert', text: t.refused });
  } else if (t.seat === null && free > 0 && watchOnly(t.id)) {
    // A spectator of the last game came along: the free seats are its players'.
    joinForm = el('p', { class: 'muted', id: 'watch-only', text: 'The free seats are kept for the last game’s players: you watch once they sit down.' });
  } else if (t.seat === null && free > 0 && account()) {
    // A signed-in player's seat takes their account's name.
    joinForm = el('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); t.join(''); } },
      el('button', { type: 'submit', class: 'primary', id: 'join-game', text: `Take a seat as ${account().name}` }));
  } else if (t.seat === null && free > 0) {
    const name = el('input', { id: 'join-name', placeholder: 'your name', maxlength: 64, 'aria-label': 'your name', value: localStorage.getItem('hanabi.name') || '' });
    joinForm = el('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); t.join(name.value.trim()); } },
      name, el('button', { type: 'submit', class: 'primary', id: 'join-game', text: 'Take a seat' }));
  }
  if (t.seat !== null && free > 0) {
    // For playing several seats from one browser: the new seat is this
    // tab's only, and the other tabs keep theirs.
    const name = el('input', { id: 'join-name', placeholder: 'name', maxlength: 64, 'aria-label': 'name for the other seat' });
    joinForm = el('details', { class: 'join-here' },
      el('summary', { text: 'Play another seat from this browser' }),
      el('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); t.join(name.value.trim(), true); } },
        name, el('button', { type: 'submit', id: 'join-here', text: 'Take a seat in this tab' })));
  }
  // Those who hold a seat invite the others; someone who has only opened
  // the link is asked to sit down.
  let says = 'Take a free seat to play; the game starts when every seat is taken.';
  if (t.seat !== null) {
    says = t.view.join_secret
      ? 'This table is private: only people with this link can take a seat. Send it to the others; the game starts when every seat is taken.'
      : 'Send this link to the others; the game starts when every seat is taken.';
  }
  return el('div', { class: 'panel lobby' },
    el('h1', { text: `${t.variant.title} — waiting for ${free} more player${free === 1 ? '' : 's'}` }),
    el('p', { id: 'lobby-says', text: says }),
    t.seat !== null ? shareBox(t) : null, el('ul', { class: 'lobby-seats' }, rows), joinForm,
    t.seat !== null ? el('button', { type: 'button', class: 'small', id: 'leave-seat', onclick: t.leave, text: 'Leave seat' }) : null);
}
