import { knownCard } from './cards.js';
import { el } from './dom.js';

// Empathy, as hanab.live shows it: a teammate's card turned to their side
// shows what they can know of it (the view's empathy: the server's count,
// from what both of you have seen), on hover, on keyboard focus and, on a
// touch screen, on a tap; a hand's name is the toggle that turns all its
// cards at once.

// knowing is the hands turned to their holder's side, "game:seat": they
// stay turned while the board is drawn again, move after move.
const knowing = new Set();

const key = (t, seat) => `${t.view.id}:${seat}`;

// turned says whether seat's hand is shown as its holder knows it.
export const turned = (t, seat) => knowing.has(key(t, seat));

// theirSide lays over card, a face the viewer sees, the same card as its
// holder (owner) knows it: hidden until the card is hovered or focused or
// its hand turned (style.css). The card's name and title say it too;
// rankName names a clue's rank.
export function theirSide(t, card, c, owner, rankName) {
  if (!c.empathy) return card;
  const side = knownCard(c, t.suits, t.variant, { ids: c.empathy, rankName });
  const words = side.title;
  side.className = side.className.replace(/\bcard\b/, 'their-side').replace(/\b(clued|last)\b/g, '');
  for (const a of ['role', 'aria-label', 'title', 'data-card', 'data-suits', 'data-ranks']) side.removeAttribute(a);
  side.setAttribute('aria-hidden', 'true');
  card.dataset.empathy = side.dataset.ids;
  delete side.dataset.ids;
  const named = card.querySelector('.card-hit') || card;
  named.setAttribute('aria-label', `${named.getAttribute('aria-label')}; ${owner} knows: ${words}`);
  card.title = `${card.title}\n${owner} knows: ${words}`;
  if (named !== card) named.title = card.title;
  // A tap on a card that opens nothing else turns it (focus shows it).
  if (named === card) card.tabIndex = -1;
  card.append(side);
  return card;
}

// knowsToggle is the name over seat's hand, owner, as the button that
// turns the whole hand to its holder's side, or back.
export function knowsToggle(t, seat, owner) {
  const on = turned(t, seat);
  return el('button', {
    type: 'button', class: 'who knows', id: `knows-${seat}`, 'data-key': `knows-${seat}`, 'aria-pressed': on ? 'true' : 'false',
    'aria-description': 'shows their cards as they know them', title: `show ${owner}’s cards as ${owner} knows them`, text: owner,
    onclick: (e) => {
      const k = key(t, seat);
      const now = !knowing.has(k);
      if (now) knowing.add(k); else knowing.delete(k);
      e.currentTarget.setAttribute('aria-pressed', now ? 'true' : 'false');
      e.currentTarget.closest('.hand').classList.toggle('as-they-know', now);
    },
  });
}
